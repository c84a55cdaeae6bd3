package dev.tdsim.epochs;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.dkg.PvssKeys;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.KeysConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The key sets of a run with key epochs or a DKG setup: one per epoch (epoch of height h =
 * (h - 1) / keys.epoch_length; one epoch without epochs), each with its real crypto. Epoch 0's key
 * set comes from the dealer ({@code keys.setup: dealer}) or a DKG; every later epoch's from a DKG.
 * A DKG's real computation runs once, when the simulated DKG starts ({@link #dkgAt}), so that who
 * deals follows the faults at that moment. An epoch's committee (who holds which key shares)
 * follows {@code keys.epoch_stakes}; the validators themselves stay (docs/SCENARIOS.md, keys).
 */
public final class EpochKeys {
  private final KeysConfig keys;
  private final Committee committee;
  private final BlockDesign design;
  private final int maxBlockSize;
  private final RandomStreams streams;
  private final Workers workers;
  private final String chain;
  private final FaultPlan faults;
  private final Consumer<String> progress;
  private final boolean buildKeyShares;
  private final List<PvssKeys> sessionKeys = new ArrayList<>();
  private final RealCrypto[] cryptos;
  private final DkgComputation[] dkgs;

  /**
   * @param dealt epoch 0's key set from the dealer, or null under {@code keys.setup: dkg}
   * @param buildKeyShares whether each key set's key shares are built at once (share faults:
   *     blame checks against them, not charged as blame)
   */
  public EpochKeys(KeysConfig keys, int heights, Committee committee, BlockDesign design,
      int maxBlockSize, RandomStreams streams, Workers workers, String chain, FaultPlan faults,
      KeySet dealt, boolean buildKeyShares, Consumer<String> progress) {
    this.keys = keys;
    this.committee = committee;
    this.design = design;
    this.maxBlockSize = maxBlockSize;
    this.streams = streams;
    this.workers = workers;
    this.chain = chain;
    this.faults = faults;
    this.progress = progress;
    this.buildKeyShares = buildKeyShares;
    int n = keys.epochLength() == 0 ? 1 : (heights + keys.epochLength() - 1) / keys.epochLength();
    this.cryptos = new RealCrypto[n];
    this.dkgs = new DkgComputation[n];
    // Each validator's PVSS session key pair, published before the first DKG (Ferveo's
    // validators register theirs on chain); also its TPKE blinding scalar.
    for (int v = 0; v < committee.validators(); v++) {
      sessionKeys.add(PvssKeys.generate(v, streams.strong("pvss-session-keys", v)));
    }
    if (dealt != null) {
      cryptos[0] = setUp(dealt, 0);
    }
  }

  /** The scenario's committee (epoch 0's). */
  public Committee committee() {
    return committee;
  }

  /**
   * Epoch e's committee: the scenario's, or the layout of its {@code keys.epoch_stakes} (same
   * shares and threshold, shares in proportion to the new stakes).
   */
  public Committee committee(int epoch) {
    return keys.stakesOf(epoch).map(w -> Committee.byStake(keys.shares(), keys.threshold(),
        w.stream().mapToLong(Long::longValue).toArray())).orElse(committee);
  }

  /** How many key epochs the run's heights span. */
  public int epochs() {
    return cryptos.length;
  }

  /** Whether epoch e's key set comes from a DKG (all but a dealer's epoch 0). */
  public boolean byDkg(int epoch) {
    return epoch > 0 || keys.setup() == dev.tdsim.scenario.KeySetup.DKG;
  }

  /**
   * Epoch e's real DKG, run on first call (the simulated DKG's start, at {@code atNanos}): dealers
   * crashed at that moment (kind {@code crash}) or with a {@code crashed-dealer} fault deal
   * nothing; those with a {@code lying-dealer} fault deal a bad transcript.
   */
  public DkgComputation dkgAt(int epoch, long atNanos) {
    if (dkgs[epoch] != null) {
      return dkgs[epoch];
    }
    int firstHeight = epoch * Math.max(1, keys.epochLength()) + 1;
    Set<Integer> silent = new TreeSet<>();
    Set<Integer> liars = new TreeSet<>();
    for (int v = 0; v < committee.validators() && !faults.isEmpty(); v++) {
      var fault = faults.dealerFault(v, firstHeight, atNanos);
      if (faults.isCrashed(v, firstHeight, atNanos) || fault.map(f -> !f.lies()).orElse(false)) {
        silent.add(v);
      } else if (fault.isPresent()) {
        liars.add(v);
      }
    }
    long t0 = System.nanoTime();
    Committee committee = committee(epoch);
    DkgComputation dkg = DkgComputation.run(committee, sessionKeys, epoch, silent, liars,
        streams.strong("dkg", epoch), workers, progress);
    progress.accept(String.format(java.util.Locale.ROOT, "DKG of key epoch %d computed in %.1f s"
        + " (%d dealers, %d shares; crashed %s, lying %s)", epoch, (System.nanoTime() - t0) / 1e9,
        committee.validators() - silent.size(), committee.shares(), silent, liars));
    dkgs[epoch] = dkg;
    cryptos[epoch] = setUp(dkg.keySet(), epoch);
    return dkg;
  }

  private RealCrypto setUp(KeySet keySet, int epoch) {
    if (buildKeyShares) {
      keySet.keyShares();
    }
    return RealCrypto.setUp(design, keySet, maxBlockSize,
        streams.strong("design-dealer", epoch), workers, chain);
  }

  /** The real crypto of {@code height}: its epoch's key set. */
  public RealCrypto crypto(int height) {
    int e = Math.min(keys.epochOf(height), cryptos.length - 1);
    if (cryptos[e] == null) {
      throw new IllegalStateException("height " + height + " needs the key set of epoch " + e
          + ", whose DKG has not started");
    }
    return cryptos[e];
  }

  /** Epoch 0's real crypto (under keys.setup: dkg, its DKG runs now, at time 0). */
  public RealCrypto first() {
    if (cryptos[0] == null) {
      dkgAt(0, 0);
    }
    return cryptos[0];
  }

  /** Real crypto calls over every epoch's key set. */
  public long calls() {
    long n = 0;
    for (RealCrypto c : cryptos) {
      n += c == null ? 0 : c.calls();
    }
    return n;
  }

  /** Epoch e's key set, or null before its DKG ran. */
  public KeySet keySet(int epoch) {
    return cryptos[epoch] == null ? null : cryptos[epoch].keys();
  }
}
