package dev.tdsim.faults;

import java.util.List;

/**
 * What the faults of a run did: the report's fault timeline, per height which faults were active
 * and what the height cost, whether and where the chain halted, and the equivocation evidence.
 *
 * @param timeline every fault with whom it hit
 * @param heights one entry per height that was committed, in height order
 * @param halted the run stopped because the chain committed nothing for {@code halt_after}
 *     (null when it did not)
 * @param stalls the periods in which the crash and partition faults left no quorum, with the
 *     height the chain waited at and when it committed it (empty when quorum was never lost)
 * @param droppedMessages messages (one per receiver) the faults dropped
 * @param evidenceDetections times an honest validator held two conflicting votes of one
 *     validator
 * @param equivocationsDetected distinct (validator, height, round) with conflicting votes
 * @param equivocators validators caught equivocating
 * @param conflictingCommits heights at which two validators committed different blocks (a
 *     safety violation; must be empty)
 * @param equivocation whether some fault makes validators equivocate (safety is then checked)
 * @param badPartials validators a commit certificate's combiner named for bad threshold-BLS
 *     partials (each on the real check of its partial alone)
 */
public record FaultOutcome(
    List<ResolvedFault> timeline,
    List<HeightFaults> heights,
    Halt halted,
    List<Stall> stalls,
    long droppedMessages,
    long evidenceDetections,
    int equivocationsDetected,
    List<Integer> equivocators,
    List<Integer> conflictingCommits,
    boolean equivocation,
    List<Integer> badPartials) {

  public FaultOutcome {
    badPartials = List.copyOf(badPartials);
    timeline = List.copyOf(timeline);
    heights = List.copyOf(heights);
    stalls = List.copyOf(stalls);
    equivocators = List.copyOf(equivocators);
    conflictingCommits = List.copyOf(conflictingCommits);
  }

  /**
   * One committed height.
   *
   * @param height the height
   * @param round the round that decided it
   * @param startNanos when the chain began it (the first commit of the height before; 0 for
   *     height 1)
   * @param decidedNanos its first commit
   * @param activeFaults indices of the faults active at some moment of [start, decided]
   */
  public record HeightFaults(int height, int round, long startNanos, long decidedNanos,
      List<Integer> activeFaults) {
    public HeightFaults {
      activeFaults = List.copyOf(activeFaults);
    }

    /** From the previous commit to this one: the block interval the faults stretched. */
    public long intervalNanos() {
      return decidedNanos - startNanos;
    }
  }

  /**
   * The chain halted: no commit for {@code halt_after} after the last commit and the last fault
   * change; the run stopped there.
   *
   * @param height the height that was never committed
   * @param sinceNanos the last commit (0 if none)
   * @param stoppedNanos when the run gave up
   */
  public record Halt(int height, long sinceNanos, long stoppedNanos) {}

  /**
   * A period without quorum.
   *
   * @param height the height the chain was deciding when quorum was lost
   * @param fromNanos quorum lost
   * @param untilNanos quorum back ({@link FaultWindow#FOREVER_NANOS}: never)
   * @param resumedNanos when the chain then committed {@code height} (-1: it did not)
   */
  public record Stall(int height, long fromNanos, long untilNanos, long resumedNanos) {}
}
