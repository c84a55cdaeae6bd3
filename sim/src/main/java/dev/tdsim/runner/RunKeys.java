package dev.tdsim.runner;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.epochs.EpochKeys;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.Scenario;
import java.util.List;
import java.util.function.Consumer;

/**
 * The committee's key material: the first key set (a trusted dealer's, or epoch 0's DKG's) with
 * the block design set up on it.
 *
 * @param epochKeys every epoch's key set when keys come from DKGs; null for one dealt key set
 * @param crypto the real crypto of the first key set
 */
record RunKeys(EpochKeys epochKeys, RealCrypto crypto) {

  /** Deals the key set or makes the key epochs' first, and sets up the design on it. */
  static RunKeys setUp(Scenario s, Committee committee, BlockDesign design, FaultPlan faults,
      RandomStreams streams, Workers workers, Consumer<String> progress) {
    int v = s.validators().count();
    // The key material's streams depend on the seed and the committee only, so the runs of a
    // sweep deal the same keys and, in one process, set them up once (SharedKeys).
    String scope = committeeScope(committee);
    RandomStreams keyStreams =
        streams.forKeyMaterial(scope.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    String streamId = s.seed() + "/" + scope;
    boolean shared = SharedKeys.shareable(workers) && !s.keys().usesDkg();
    KeySet keys = null;
    if (s.keys().byDealer()) {
      progress.accept((shared && SharedKeys.holds(streamId)
          ? "keys dealt by an earlier run of this process: " : "dealing keys: ")
          + committee.shares() + " shares, threshold " + committee.threshold() + ", " + v
          + " validators");
      keys = shared
          ? SharedKeys.keySet(committee, streamId, () -> keyStreams.strong("dealer", 0), workers)
          : KeySet.deal(committee, keyStreams.strong("dealer", 0), workers);
    }
    // The design's own setup beside the key set (a batched design's KZG powers, Ferveo's key
    // tables), once per key set, for the largest block the scenario can cut.
    long st0 = System.nanoTime();
    EpochKeys epochKeys = null;
    RealCrypto crypto;
    if (s.keys().usesDkg()) {
      // Key epochs or a DKG setup: epoch 0's key set (a DKG's runs now, the simulated DKG starts
      // at time 0); later epochs' when their DKGs start during the run.
      epochKeys = new EpochKeys(s.keys(), s.heights(), committee, design, s.maxBlockSize(),
          streams, workers, s.name(), faults, keys, faults.hasShareFaults(), progress);
      crypto = epochKeys.first();
    } else {
      if (faults.hasShareFaults()) {
        keys.keyShares(); // blame checks shares against them: built here, not charged as blame
      }
      KeySet dealt = keys;
      crypto = shared
          ? new RealCrypto(SharedKeys.setup(design, streamId, dealt, s.maxBlockSize(),
              () -> keyStreams.strong("design-dealer", 0), workers), workers, s.name())
          : RealCrypto.setUp(design, keys, s.maxBlockSize(),
              keyStreams.strong("design-dealer", 0), workers, s.name());
    }
    progress.accept(String.format(java.util.Locale.ROOT, "set up design %s in %.1f s (once per"
        + " key set)", design.name(), (System.nanoTime() - st0) / 1e9));
    return new RunKeys(epochKeys, crypto);
  }

  /** What the committee's keys depend on, as the key streams' scope. */
  private static String committeeScope(Committee committee) {
    StringBuilder b = new StringBuilder("committee:").append(committee.shares()).append('/')
        .append(committee.threshold()).append(":points");
    for (int i = 0; i < committee.validators(); i++) {
      b.append(i == 0 ? '=' : ',').append(committee.pointsOf(i));
    }
    return b.toString();
  }

  /** Real crypto calls of the run, over every key set. */
  long calls() {
    return epochKeys == null ? crypto.calls() : epochKeys.calls();
  }

  /** The committee of the scenario's key set: equal key shares, or by stake. */
  static Committee committee(Scenario s) {
    return s.validators().stakeWeights().isEmpty()
        ? Committee.equal(s.keys().shares(), s.keys().threshold(), s.validators().count())
        : Committee.byStake(s.keys().shares(), s.keys().threshold(), stakes(s));
  }

  /** Each validator's stake: the scenario's weights, or 1 each. */
  static long[] stakes(Scenario s) {
    long[] stake = new long[s.validators().count()];
    List<Long> w = s.validators().stakeWeights();
    for (int i = 0; i < stake.length; i++) {
      stake[i] = w.isEmpty() ? 1 : w.get(i);
    }
    return stake;
  }
}
