package dev.tdsim.pipeline;

import dev.tdsim.consensus.Messenger;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.engine.Simulation;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The run's fixed surroundings every part of the {@link DecryptionPipeline} works in: the
 * simulation, the network, the real crypto (per height, with key epochs), the settings and the
 * cost charger. It holds no per-height state: each part keeps its own.
 */
final class PipelineContext {
  final Simulation sim;
  final Messenger net;
  final RealCrypto crypto;
  final BlockDesign design;
  final PipelineSettings settings;
  final StrongRandom random;
  final Committee committee;
  final CostCharger charger;
  /** Whether each validator sends one share per transaction (Ferveo's designs). */
  private final boolean perTransaction;
  /** Each height's real crypto (its key epoch's key set), or null: {@link #crypto} always. */
  private IntFunction<RealCrypto> cryptoAt;

  PipelineContext(Simulation sim, Messenger net, RealCrypto crypto, PipelineSettings settings,
      StrongRandom random, CostCharger charger) {
    this.sim = sim;
    this.net = net;
    this.crypto = crypto;
    this.design = crypto.design();
    this.settings = settings;
    this.random = random;
    this.committee = crypto.keys().committee();
    this.charger = charger;
    this.perTransaction = design.sharesPerBlock(1) == 1 && design.sharesPerBlock(2) == 2
        && design.sharesPerBlock(3) == 3;
  }

  /**
   * The real crypto of {@code height}: its key epoch's key set (all key sets of a run share one
   * committee, the scenario's).
   */
  RealCrypto crypto(int height) {
    return cryptoAt == null ? crypto : cryptoAt.apply(height);
  }

  /**
   * The committee of {@code height}'s key set: who holds which key shares (key epochs may change
   * the stake, hence the layout; the number of validators stays).
   */
  Committee committee(int height) {
    return cryptoAt == null ? committee : cryptoAt.apply(height).keys().committee();
  }

  void cryptoAt(IntFunction<RealCrypto> byHeight) {
    this.cryptoAt = byHeight;
  }

  /** Whether the design folds the signer set into its shares (a new set needs new shares). */
  boolean folding() {
    return design.sharesDependOnSigners();
  }

  /** What shares and block_propose cover while {@code pending} of {@code block} are unopened. */
  Covered covered(ProposedBlock block, List<Integer> pending) {
    return new Covered(block, pending, perTransaction);
  }
}
