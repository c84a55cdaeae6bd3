package dev.tdsim.report;

import dev.tdsim.consensus.BlockPace;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.Schedule;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Whether decryption keeps pace with a chain that orders one block every B, and what it adds to
 * each block's latency, replayed from the run's measured phases.
 *
 * <p>The run measures, per height, the chain's time per block (its {@link BlockPace}), the wait
 * for shares after ordering, the combiner's work (block_propose and decryption) and execution.
 * The replay puts the blocks one per max(B, that time) and runs the two queues a real node has:
 * a validator decrypts one block at a time (every block when every validator combines, else the
 * blocks it is the combiner of), and executes blocks in order, each after its plaintexts. The
 * same replay without decryption (execution right after ordering) gives what decryption adds.
 * Decryption keeps pace when neither the combiner's work nor each validator's share creation
 * needs more than the chain's time (utilisation below 1: the blocks waiting for keys do not pile
 * up). A schedule that holds the next proposal for the plaintexts never queues: there a block
 * adds its decryption latency, and it keeps pace exactly when its judged time fits B.
 */
final class KeepingPace {
  /** Utilisation at or above which a queue grows without bound. */
  static final double SATURATED = 1.0;

  /**
   * The replay for one budget.
   *
   * @param keepsPace whether decryption keeps pace with one block per B
   * @param utilisation the busiest decryption queue's work over the chain's time (share creation
   *     at each validator, or one combiner's block_propose and decryption); NaN when not replayed
   *     (a schedule that holds the next proposal)
   * @param addedNanos per decrypted height, how much later its block is executed than on the
   *     same chain without decryption
   * @param maxWaitingForKeys the most blocks ordered and still waiting for their plaintexts when
   *     a block is ordered
   */
  record Replay(boolean keepsPace, double utilisation, long[] addedNanos,
      int maxWaitingForKeys) {}

  private final List<HeightRecord> heights;
  private final long[] paceNanos;
  private final Schedule schedule;
  private final boolean everyValidatorCombines;

  /**
   * @param heights the decrypted heights, in height order
   * @param pace what the protocol spends per block
   * @param schedule when decryption runs
   * @param everyValidatorCombines whether every validator decrypts every block (one queue per
   *     validator for all blocks) rather than each block's combiner
   */
  KeepingPace(List<HeightRecord> heights, BlockPace pace, Schedule schedule,
      boolean everyValidatorCombines) {
    this.heights = List.copyOf(heights);
    this.paceNanos = paceNanos(this.heights, pace);
    this.schedule = schedule;
    this.everyValidatorCombines = everyValidatorCombines;
  }

  /** Per height, the chain's own time for its block (see {@link BlockPace}). */
  long[] paceNanos() {
    return paceNanos.clone();
  }

  /**
   * The chain's time per block from the run: the consensus time (sequential), or the time from
   * a block's proposal to the next height's, without what that proposer waited for decryption
   * (pipelined; the last height, having no next proposal recorded, takes the one before it).
   */
  static long[] paceNanos(List<HeightRecord> heights, BlockPace pace) {
    long[] out = new long[heights.size()];
    for (int i = 0; i < out.length; i++) {
      HeightRecord h = heights.get(i);
      if (pace == BlockPace.SEQUENTIAL) {
        out[i] = h.consensusNanos();
      } else if (i + 1 < out.length && heights.get(i + 1).height() == h.height() + 1) {
        HeightRecord next = heights.get(i + 1);
        out[i] = next.proposeNanos() - next.proposalWaitNanos() - h.proposeNanos();
      } else {
        out[i] = i > 0 ? out[i - 1] : h.consensusNanos();
      }
    }
    return out;
  }

  /** The replay at one block per {@code budgetNanos}. */
  Replay at(long budgetNanos, boolean fitsByJudgedTime) {
    int n = heights.size();
    long[] added = new long[n];
    if (schedule.holdsNextProposal()) {
      for (int i = 0; i < n; i++) {
        added[i] = heights.get(i).decryptionLatencyNanos();
      }
      return new Replay(fitsByJudgedTime, Double.NaN, added, 0);
    }
    Map<Integer, Long> combinerFree = new HashMap<>();
    Map<Integer, Long> combinerWork = new HashMap<>();
    long proposed = 0;
    long executed = Long.MIN_VALUE;
    long executedPlain = Long.MIN_VALUE;
    long shareCreation = 0;
    int maxWaiting = 0;
    PriorityQueue<Long> keysPending = new PriorityQueue<>();
    for (int i = 0; i < n; i++) {
      HeightRecord h = heights.get(i);
      long ordered = proposed + h.consensusNanos();
      long work = h.combineNanos() + h.decryptNanos();
      long sharesIn = ordered + Math.max(0, h.decryptionLatencyNanos() - work);
      int queue = everyValidatorCombines ? -1 : h.combiner();
      long ready = Math.max(sharesIn, combinerFree.getOrDefault(queue, Long.MIN_VALUE)) + work;
      combinerFree.put(queue, ready);
      combinerWork.merge(queue, work, Long::sum);
      executed = Math.max(ready, executed) + h.executionNanos();
      executedPlain = Math.max(ordered, executedPlain) + h.executionNanos();
      added[i] = executed - executedPlain;
      while (!keysPending.isEmpty() && keysPending.peek() <= ordered) {
        keysPending.poll();
      }
      maxWaiting = Math.max(maxWaiting, keysPending.size());
      keysPending.add(ready);
      long interval = Math.max(budgetNanos, paceNanos[i]);
      proposed += interval;
      shareCreation += h.shareCreateNanos();
    }
    long busiest = Math.max(shareCreation,
        combinerWork.values().stream().mapToLong(Long::longValue).max().orElse(0));
    double utilisation = proposed == 0 ? Double.NaN : (double) busiest / proposed;
    return new Replay(utilisation < SATURATED, utilisation, added, maxWaiting);
  }

  /** The {@code q}-th percentile of added latency in ms (NaN without heights). */
  static double addedMs(Replay r, double q) {
    return Verdicts.percentile(
        Arrays.stream(r.addedNanos()).mapToDouble(Verdicts::ms).toArray(), q);
  }
}
