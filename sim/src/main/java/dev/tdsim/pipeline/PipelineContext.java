package dev.tdsim.pipeline;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.engine.Simulation;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What every part of the {@link DecryptionPipeline} shares: the simulation, the network, the real
 * crypto, the settings, the cost charger and the per-height state. The parts copy the fields they
 * use and keep one-line private delegators ({@code real}, {@code charge}, ...) so that the method
 * bodies read as they did when the pipeline was one class.
 */
final class PipelineContext {
  final Simulation sim;
  final Messenger net;
  final RealCrypto crypto;
  final BlockDesign design;
  final DecryptionPipeline.Settings settings;
  final StrongRandom random;
  final Committee committee;
  final CostCharger charger;
  /** Whether each validator sends one share per transaction (Ferveo's designs). */
  private final boolean perTransaction;
  private final Map<Integer, HeightState> heights = new HashMap<>();
  /** Each height's real crypto (its key epoch's key set), or null: {@link #crypto} always. */
  private java.util.function.IntFunction<RealCrypto> cryptoAt;

  PipelineContext(Simulation sim, Messenger net, RealCrypto crypto,
      DecryptionPipeline.Settings settings, StrongRandom random, CostCharger charger) {
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

  void cryptoAt(java.util.function.IntFunction<RealCrypto> byHeight) {
    this.cryptoAt = byHeight;
  }

  /** The state of {@code height}, made on first use. */
  HeightState state(int height) {
    return heights.computeIfAbsent(height, h -> new HeightState(h, committee.validators()));
  }

  /** The state of {@code height}, or null when nothing has happened at it yet. */
  HeightState existing(int height) {
    return heights.get(height);
  }

  /** Whether the real crypto runs at {@code height}. */
  boolean real(int height) {
    return settings.realCryptoAtHeight().test(height);
  }

  /** Whether the design folds the signer set into its shares (a new set needs new shares). */
  boolean folding() {
    return design.sharesDependOnSigners();
  }

  /**
   * Whether shares are per transaction (one per transaction and validator: a retry combines only
   * the transactions still to open) rather than per block (a retry opens the block again).
   */
  boolean perTransaction() {
    return perTransaction;
  }

  /** How many transactions the current shares and block_propose cover. */
  int coveredCount(HeightState st) {
    return perTransaction ? st.pending.size() : st.payloads.size();
  }

  /** The transactions of {@code st} still to open. */
  List<SealedTx> pendingCts(HeightState st) {
    return st.pending.stream().map(st.cts::get).toList();
  }

  /**
   * The block shares are made on and block_propose opens: per block, the combiner's prepared
   * block; per transaction, the transactions still to open (all of them at first).
   */
  PreparedBlock coveredBlock(HeightState st) {
    if (!perTransaction || st.pending.size() == st.cts.size()) {
      return st.prepared;
    }
    return crypto(st.height).plainBlock(st.height, pendingCts(st));
  }

  /** Indices (into the block) of what {@link #coveredBlock} holds, in its order. */
  List<Integer> coveredIndices(HeightState st) {
    return perTransaction ? st.pending
        : java.util.stream.IntStream.range(0, st.payloads.size()).boxed().toList();
  }

  /** Plaintext bytes of the whole block. */
  long payloadBytes(HeightState st) {
    return st.payloads.stream().mapToLong(p -> p.length).sum();
  }

  /** Plaintext bytes of the payloads still to open. */
  long pendingBytes(HeightState st) {
    return st.pending.stream().mapToLong(j -> st.payloads.get(j).length).sum();
  }

  /** Plaintext bytes of what the current shares and block_propose cover. */
  long coveredBytes(HeightState st) {
    return perTransaction ? pendingBytes(st) : payloadBytes(st);
  }
}
