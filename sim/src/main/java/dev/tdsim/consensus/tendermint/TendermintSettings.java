package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.BlockPace;
import dev.tdsim.consensus.ProtocolSettings;
import java.util.List;
import java.util.Optional;

/**
 * Timing parameters of a Tendermint-family protocol, named and defaulted as CometBFT's
 * {@code [consensus]} config (config.DefaultConsensusConfig): the timeout of round r of a step is
 * its base + r x its delta; after a commit a validator waits {@code timeoutCommit} before it
 * starts the next height (CometBFT: StartTime = commit time + timeout_commit), unless
 * {@code skipTimeoutCommit} and it already holds the precommits of every validator.
 *
 * @param timeoutProposeNanos round-0 propose timeout, > 0
 * @param timeoutProposeDeltaNanos added per round, >= 0
 * @param timeoutPrevoteNanos wait after +2/3 of any prevotes, > 0
 * @param timeoutPrevoteDeltaNanos added per round, >= 0
 * @param timeoutPrecommitNanos wait after +2/3 of any precommits, > 0
 * @param timeoutPrecommitDeltaNanos added per round, >= 0
 * @param timeoutCommitNanos pause after a commit before the next height, >= 0
 * @param skipTimeoutCommit start the next height as soon as all precommits are in
 * @param blockPartSizeBytes a proposed block travels in parts of this size, > 0 (64 KiB)
 * @param peerGossipSleepNanos a peer's gossip loop, finding nothing to send, sleeps this long
 *     before it looks again, >= 0 (100 ms)
 * @param simulation exact (every message an event), large (quorum arrival times per voting
 *     step) or auto (by committee size)
 * @param exactMaxValidators with {@code auto}: the largest committee simulated exactly
 */
public record TendermintSettings(
    long timeoutProposeNanos,
    long timeoutProposeDeltaNanos,
    long timeoutPrevoteNanos,
    long timeoutPrevoteDeltaNanos,
    long timeoutPrecommitNanos,
    long timeoutPrecommitDeltaNanos,
    long timeoutCommitNanos,
    boolean skipTimeoutCommit,
    long blockPartSizeBytes,
    long peerGossipSleepNanos,
    SimulationMode simulation,
    int exactMaxValidators) implements ProtocolSettings {

  public static final long MS = 1_000_000L;
  /** Where `auto` switches to the large-committee model (see docs/SCENARIOS.md for why). */
  public static final int DEFAULT_EXACT_MAX_VALIDATORS = 1000;

  public TendermintSettings {
    positive("timeout_propose", timeoutProposeNanos);
    positive("timeout_prevote", timeoutPrevoteNanos);
    positive("timeout_precommit", timeoutPrecommitNanos);
    nonNegative("timeout_propose_delta", timeoutProposeDeltaNanos);
    nonNegative("timeout_prevote_delta", timeoutPrevoteDeltaNanos);
    nonNegative("timeout_precommit_delta", timeoutPrecommitDeltaNanos);
    nonNegative("timeout_commit", timeoutCommitNanos);
    positive("block_part_size", blockPartSizeBytes);
    nonNegative("peer_gossip_sleep_duration", peerGossipSleepNanos);
    java.util.Objects.requireNonNull(simulation, "simulation");
    if (exactMaxValidators < 1) {
      throw new IllegalArgumentException("exact_max_validators must be >= 1");
    }
  }

  /** CometBFT's defaults: 3 s / 1 s / 1 s, +500 ms per round each, commit 1 s, 64 KiB, 100 ms. */
  public static TendermintSettings cometBftDefaults() {
    return new TendermintSettings(3000 * MS, 500 * MS, 1000 * MS, 500 * MS, 1000 * MS, 500 * MS,
        1000 * MS, false, 65536, 100 * MS, SimulationMode.AUTO, DEFAULT_EXACT_MAX_VALIDATORS);
  }

  public long proposeNanos(int round) {
    return timeoutProposeNanos + round * timeoutProposeDeltaNanos;
  }

  public long prevoteNanos(int round) {
    return timeoutPrevoteNanos + round * timeoutPrevoteDeltaNanos;
  }

  public long precommitNanos(int round) {
    return timeoutPrecommitNanos + round * timeoutPrecommitDeltaNanos;
  }

  @Override
  public boolean exactFor(int validators) {
    return simulation == SimulationMode.EXACT
        || (simulation == SimulationMode.AUTO && validators <= exactMaxValidators);
  }

  @Override
  public Optional<Refusal> refusesMessageFaults(int validators) {
    if (simulation == SimulationMode.LARGE) {
      return Optional.of(new Refusal("faults need the exact consensus model (every message an"
          + " event) but consensus.simulation is 'large'; use 'auto' or 'exact'",
          List.of("consensus.simulation")));
    }
    if (!exactFor(validators)) {
      return Optional.of(new Refusal("faults need the exact consensus model, but " + validators
          + " validators are above consensus.exact_max_validators (" + exactMaxValidators
          + "); raise it (exact simulation of this committee is slower) or use fewer validators",
          List.of("consensus.exact_max_validators", "validators.count")));
    }
    return Optional.empty();
  }

  @Override
  public long commitPauseNanos() {
    return timeoutCommitNanos;
  }

  @Override
  public long gossipSleepNanos() {
    return peerGossipSleepNanos;
  }

  /** A height commits before the next is proposed. */
  @Override
  public BlockPace pace() {
    return BlockPace.SEQUENTIAL;
  }

  @Override
  public String blockSpacing() {
    return String.format(java.util.Locale.ROOT, "timeout_commit %.0f ms",
        timeoutCommitNanos / 1e6);
  }

  /** Parts a block of {@code bytes} travels in (at least one). */
  public int partsOf(long bytes) {
    return (int) Math.max(1, (bytes + blockPartSizeBytes - 1) / blockPartSizeBytes);
  }

  private static void positive(String key, long v) {
    if (v <= 0) {
      throw new IllegalArgumentException(key + " must be > 0");
    }
  }

  private static void nonNegative(String key, long v) {
    if (v < 0) {
      throw new IllegalArgumentException(key + " must be >= 0");
    }
  }

  @Override
  public CertificateWords certificateWords() {
    return new CertificateWords("commit certificate", "precommit");
  }

  /** A height is decrypted before the next is proposed, as tdsim has judged CometBFT chains from the start. */
  @Override
  public String defaultSchedule() {
    return "before-next";
  }
}
