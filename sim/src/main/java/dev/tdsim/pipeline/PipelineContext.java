package dev.tdsim.pipeline;

import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
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
 *
 * @param <S> the variant's decoded share type
 */
final class PipelineContext<S> {
  final Simulation sim;
  final Messenger net;
  final RealCrypto<S> crypto;
  final DecryptionPipeline.Settings settings;
  final StrongRandom random;
  final Committee committee;
  final CostCharger charger;
  private final Map<Integer, HeightState> heights = new HashMap<>();

  PipelineContext(Simulation sim, Messenger net, RealCrypto<S> crypto,
      DecryptionPipeline.Settings settings, StrongRandom random, CostCharger charger) {
    this.sim = sim;
    this.net = net;
    this.crypto = crypto;
    this.settings = settings;
    this.random = random;
    this.committee = crypto.keys().committee();
    this.charger = charger;
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

  /** Whether the variant folds the signer set into its shares (a new set needs new shares). */
  boolean folding() {
    return crypto.variant().sharesDependOnSigners();
  }

  /** The ciphertexts of {@code st} still to open. */
  List<Ciphertext> pendingCts(HeightState st) {
    return st.pending.stream().map(st.cts::get).toList();
  }

  /** Plaintext bytes of the whole block. */
  long payloadBytes(HeightState st) {
    return st.payloads.stream().mapToLong(p -> p.length).sum();
  }

  /** Plaintext bytes of the payloads still to open. */
  long pendingBytes(HeightState st) {
    return st.pending.stream().mapToLong(j -> st.payloads.get(j).length).sum();
  }
}
