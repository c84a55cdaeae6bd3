package dev.tdsim.faults;

import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Watches consensus for the faults: passes every commit on to the listener it wraps, moves the
 * chain height of {@link ActiveFaults} at each height's first commit, and declares the chain
 * halted (stopping the simulation) when nothing is committed for {@code haltAfterNanos} after the
 * last commit and after the last fault window change (no recovery or healing is still to come).
 */
public final class FaultTracker implements ConsensusListener {
  private final ConsensusListener inner;
  private final Simulation sim;
  private final ActiveFaults faults;
  private final int heights;
  private final long haltAfterNanos;
  private final long[] decidedNanos;
  private final int[] round;
  private long lastCommitNanos;
  private int generation;
  private FaultOutcome.Halt halt;

  public FaultTracker(ConsensusListener inner, Simulation sim, ActiveFaults faults, int heights,
      long haltAfterNanos) {
    this.inner = inner;
    this.sim = sim;
    this.faults = faults;
    this.heights = heights;
    this.haltAfterNanos = haltAfterNanos;
    this.decidedNanos = new long[heights + 1];
    this.round = new int[heights + 1];
    Arrays.fill(decidedNanos, -1);
  }

  /** Arms the halt watchdog; call once, when consensus starts. */
  public void start() {
    arm();
  }

  @Override
  public void onCommit(int validator, int height, int decidedRound, long atNanos,
      List<Integer> commitSigners, ProcessingTime costs) {
    if (height <= heights && decidedNanos[height] < 0) {
      decidedNanos[height] = atNanos;
      round[height] = decidedRound;
      lastCommitNanos = Math.max(lastCommitNanos, atNanos);
      faults.committed(height);
      arm();
    }
    inner.onCommit(validator, height, decidedRound, atNanos, commitSigners, costs);
  }

  @Override
  public void onRoundStart(int validator, int height, int round, long atNanos) {
    inner.onRoundStart(validator, height, round, atNanos);
  }

  private void arm() {
    int gen = ++generation;
    long at = Math.max(Math.max(lastCommitNanos, faults.plan().lastChangeNanos()),
        sim.nowNanos()) + haltAfterNanos;
    sim.schedule(at, s -> {
      if (gen == generation && faults.chainHeight() <= heights) {
        halt = new FaultOutcome.Halt(faults.chainHeight(), lastCommitNanos, s.nowNanos());
        s.stop();
      }
    });
  }

  /** Whether the chain halted (and the run stopped). */
  public boolean halted() {
    return halt != null;
  }

  /** What the faults did, once the simulation is over. */
  public FaultOutcome outcome(long[] stake, long quorumStake, long droppedMessages) {
    FaultPlan plan = faults.plan();
    List<FaultOutcome.HeightFaults> rows = new ArrayList<>();
    long start = 0;
    for (int h = 1; h <= heights && decidedNanos[h] >= 0; h++) {
      int[] active = plan.activeDuring(h, start, decidedNanos[h]);
      rows.add(new FaultOutcome.HeightFaults(h, round[h], start, decidedNanos[h],
          Arrays.stream(active).boxed().toList()));
      start = decidedNanos[h];
    }
    List<FaultOutcome.Stall> stalls = new ArrayList<>();
    for (long[] lost : plan.quorumLostIntervals(stake, quorumStake)) {
      int h = 1;
      while (h <= heights && decidedNanos[h] >= 0 && decidedNanos[h] <= lost[0]) {
        h++;
      }
      if (h > heights) {
        continue; // every height was committed before quorum was lost
      }
      stalls.add(new FaultOutcome.Stall(h, lost[0], lost[1], decidedNanos[h]));
    }
    return new FaultOutcome(plan.faults(), rows, halt, stalls, droppedMessages,
        faults.evidenceDetections(), faults.equivocationsDetected(), faults.equivocators(),
        faults.conflictingCommits(), plan.hasEquivocation(), faults.namedForBadPartials());
  }
}
