package dev.tdsim.runner;

import dev.tdsim.faults.FaultPlan;
import dev.tdsim.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The heights at which a run calls the real crypto ({@code crypto.sample_heights}); the others
 * take their durations from the cost model.
 *
 * @param heights the sampled heights, ascending
 * @param sampled whether that is fewer than all heights (then the cost model is needed)
 */
record RealCryptoHeights(List<Integer> heights, TreeSet<Integer> realAt, boolean sampled) {

  /**
   * The scenario's sample, or every height when share faults need the real crypto at each;
   * without the first {@code keptHeights} of a {@link Continuation}.
   */
  static RealCryptoHeights of(Scenario s, FaultPlan faults, Continuation continuation,
      List<String> notes) {
    int keptHeights = continuation.keptHeights();
    List<Integer> sampled = sampledHeights(s.heights(), s.crypto().sampleHeights());
    if (faults.hasShareFaults() && sampled.size() < s.heights()) {
      // Share faults act through the real crypto (block_propose finds the faulty or not).
      notes.add("crypto.sample_heights ignored: the scenario has decryption-share faults, which"
          + " act through the real crypto, so it ran at every height");
      sampled = sampledHeights(s.heights(), 0);
    }
    TreeSet<Integer> realAt = new TreeSet<>(sampled);
    if (sampled.size() < s.heights()) {
      notes.add("real crypto ran at " + sampled.size() + " of " + s.heights() + " heights "
          + sampled + "; the other heights took their durations from the cost model");
    }
    if (keptHeights > 0) {
      realAt.headSet(keptHeights, true).clear();
      notes.add(continuation.note());
    }
    return new RealCryptoHeights(sampled, realAt, realAt.size() < s.heights());
  }

  /**
   * {@code sample} heights spread evenly over the run, each at the middle of its equal share of
   * the heights (10 heights: one sample at 6, two at 3 and 8); all for 0 or too many. Never the
   * first height for a sample smaller than half the run: with a rate workload the first block
   * holds only what arrived before the first proposal, often nothing, and real crypto on an
   * empty block checks nothing.
   */
  static List<Integer> sampledHeights(int heights, int sample) {
    List<Integer> out = new ArrayList<>();
    if (sample <= 0 || sample >= heights) {
      for (int h = 1; h <= heights; h++) {
        out.add(h);
      }
      return out;
    }
    for (int i = 0; i < sample; i++) {
      int h = 1 + (int) Math.floor((i + 0.5) * heights / sample);
      if (!out.contains(h)) {
        out.add(h);
      }
    }
    return out;
  }
}
