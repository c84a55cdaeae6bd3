package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.BlockPace;
import dev.tdsim.consensus.ProtocolSettings;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Jolteon's settings, named and defaulted as aptos-core's node config ({@code
 * consensus_config.rs}) and on-chain config: the round timeout of a round is
 * {@code ceil(initial x base^min(idx, maxExponent))} (Aptos' {@code ExponentialTimeInterval},
 * idx from the distance to the highest ordered round, see {@link #roundTimeoutNanos}); with
 * {@code orderVotes} a block is ordered by 2f+1 order votes on its QC (AIP-89, 3 hops), without
 * them by the 2-chain rule (its child of the next round certified).
 *
 * @param roundInitialTimeoutNanos {@code round_initial_timeout_ms}, > 0 (1000 ms, Aptos' newest)
 * @param roundTimeoutBackoffBase {@code round_timeout_backoff_exponent_base}, > 0 (1.2)
 * @param roundTimeoutBackoffMaxExponent {@code round_timeout_backoff_max_exponent}, 1 .. 31 (6)
 * @param orderVotes whether validators order blocks by order votes (on-chain
 *     {@code order_vote_enabled}, true on mainnet since 2024)
 * @param proposerElection how the leader of a round is chosen: {@code round-robin} (Aptos'
 *     RotatingProposer) or {@code leader-reputation} (Aptos' LeaderReputation
 *     ProposerAndVoterV2, the on-chain default: {@link LeaderReputation})
 * @param contiguousRounds rounds a leader keeps in a row under round-robin, >= 1 (1)
 * @param reputation leader reputation's weights and windows (Aptos' defaults)
 * @param quorumStore whether blocks carry Quorum Store proofs instead of their transactions, and
 *     its batch and back-pressure limits ({@link QuorumStore})
 * @param optimisticSigVerification {@code optimistic_sig_verification} (true, Aptos' newest node
 *     config): votes, order votes and Quorum Store's signed batch infos are not verified one by
 *     one as they arrive; their aggregate is, when the certificate is formed (a failed aggregate
 *     would be followed by the one-by-one checks, which honest votes never need). False checks
 *     each on arrival, as well as the aggregate
 */
public record JolteonSettings(
    long roundInitialTimeoutNanos,
    double roundTimeoutBackoffBase,
    int roundTimeoutBackoffMaxExponent,
    boolean orderVotes,
    String proposerElection,
    int contiguousRounds,
    Reputation reputation,
    QuorumStoreConfig quorumStore,
    boolean optimisticSigVerification) implements ProtocolSettings {

  public static final long MS = 1_000_000L;
  /** The largest committee Jolteon's message-by-message model runs (see refusesCommittee). */
  public static final int MAX_VALIDATORS = 2000;
  public static final String ROUND_ROBIN = "round-robin";
  public static final String LEADER_REPUTATION = "leader-reputation";
  /** The proposer elections this model implements. */
  public static final List<String> PROPOSER_ELECTIONS = List.of(ROUND_ROBIN, LEADER_REPUTATION);

  /**
   * Leader reputation's parameters, named and defaulted as Aptos' on-chain
   * {@code ProposerAndVoterConfig} ({@code ConsensusConfigV1::default()}), each >= 1.
   *
   * @param activeWeight {@code active_weight}: a validator that proposed or voted (1000)
   * @param inactiveWeight {@code inactive_weight}: one that did neither in the windows (10)
   * @param failedWeight {@code failed_weight}: one whose failed rounds exceed the threshold (1)
   * @param failureThresholdPercent {@code failure_threshold_percent} of its rounds (10)
   * @param proposerWindowMultiplier {@code proposer_window_num_validators_multiplier}: the
   *     proposer window is this x n ordered blocks (10)
   * @param voterWindowMultiplier {@code voter_window_num_validators_multiplier} (1)
   * @param excludeRound {@code exclude_round}: round r's leader is drawn from the chain up to
   *     round r minus this (40)
   * @param maxFailedAuthors {@code max_failed_authors_to_store}: the failed leaders a block
   *     records (10)
   */
  public record Reputation(int activeWeight, int inactiveWeight, int failedWeight,
      int failureThresholdPercent, int proposerWindowMultiplier, int voterWindowMultiplier,
      int excludeRound, int maxFailedAuthors) {
    public Reputation {
      if (Math.min(Math.min(Math.min(activeWeight, inactiveWeight), Math.min(failedWeight,
          failureThresholdPercent)), Math.min(Math.min(proposerWindowMultiplier,
          voterWindowMultiplier), Math.min(excludeRound, maxFailedAuthors))) < 1) {
        throw new IllegalArgumentException("leader reputation's weights and windows must be"
            + " >= 1");
      }
    }

    /** Aptos' defaults. */
    public static Reputation aptosDefaults() {
      return new Reputation(1000, 10, 1, 10, 10, 1, 40, 10);
    }
  }
  /**
   * Quorum Store's switch and the knobs tdsim models, named and defaulted as aptos-core's
   * {@code QuorumStoreConfig} (the newest stored version, see docs/research/jolteon-aptos-trx.md
   * section 4).
   *
   * @param enabled {@code quorum_store}: whether a height's transactions travel in batches with
   *     a proof of store each and its block carries the proofs (false: the block carries its
   *     transactions, Aptos without Quorum Store)
   * @param senderMaxBatchTxns {@code sender_max_batch_txns}: transactions per batch, >= 1 (100)
   * @param senderMaxBatchBytes {@code sender_max_batch_bytes}: bytes of transactions per batch,
   *     >= 1 (1 MiB - 160)
   * @param backlogTxnLimitCount {@code back_pressure.backlog_txn_limit_count}: transactions in
   *     batches cut but not yet ordered beyond which authors cut no more, >= 1 (36 000)
   * @param generation how each validator pulls batches from its own mempool, when the run has
   *     mempools
   */
  public record QuorumStoreConfig(boolean enabled, int senderMaxBatchTxns,
      long senderMaxBatchBytes, int backlogTxnLimitCount, BatchGeneration generation) {
    /** Aptos' batch generation. */
    public QuorumStoreConfig(boolean enabled, int senderMaxBatchTxns, long senderMaxBatchBytes,
        int backlogTxnLimitCount) {
      this(enabled, senderMaxBatchTxns, senderMaxBatchBytes, backlogTxnLimitCount,
          BatchGeneration.aptosDefaults());
    }

    public QuorumStoreConfig {
      Objects.requireNonNull(generation, "generation");
      if (senderMaxBatchTxns < 1) {
        throw new IllegalArgumentException("sender_max_batch_txns must be >= 1");
      }
      if (senderMaxBatchBytes < 1) {
        throw new IllegalArgumentException("sender_max_batch_bytes must be >= 1 B");
      }
      if (backlogTxnLimitCount < 1) {
        throw new IllegalArgumentException("backlog_txn_limit_count must be >= 1");
      }
    }

    /** Aptos' defaults, off (Aptos' consensus without Quorum Store, tdsim's default). */
    public static QuorumStoreConfig aptosDefaults() {
      return new QuorumStoreConfig(false, 100, 1024 * 1024 - 160, 36_000);
    }

    /** The same limits, switched on or off. */
    public QuorumStoreConfig enabled(boolean on) {
      return new QuorumStoreConfig(on, senderMaxBatchTxns, senderMaxBatchBytes,
          backlogTxnLimitCount, generation);
    }
  }

  /**
   * How a validator's Quorum Store pulls batches from its own mempool, as aptos-core's {@code
   * BatchGenerator} does (its {@code QuorumStoreConfig} names and defaults): every poll interval
   * it pulls when at least {@code min_non_empty_interval} passed since its last non-empty pull
   * and the proofs waiting to be ordered are under their limit, or when {@code max_interval}
   * passed whatever the limit; a pull takes up to the elapsed time (at most the max interval)
   * times its dynamic rate, within {@code sender_max_total_txns}. The rate starts halfway between
   * its bounds and, once a second, halves while the transactions waiting in proofs exceed {@code
   * backlog_txn_limit_count}, else grows by {@link #ADDITIVE_INCREASE_TXN_PER_S}.
   *
   * @param pollIntervalNanos {@code batch_generation_poll_interval_ms}, > 0 (25 ms)
   * @param minNonEmptyIntervalNanos {@code batch_generation_min_non_empty_interval_ms} (50 ms)
   * @param maxIntervalNanos {@code batch_generation_max_interval_ms}, >= the min (250 ms)
   * @param senderMaxTotalTxns {@code sender_max_total_txns}: most transactions per pull (1500)
   * @param backlogPerValidatorBatchLimitCount {@code
   *     back_pressure.backlog_per_validator_batch_limit_count}: proofs waiting to be ordered, per
   *     validator, beyond which pulls wait for the max interval (20)
   * @param dynamicMinTxnPerS {@code back_pressure.dynamic_min_txn_per_s} (160)
   * @param dynamicMaxTxnPerS {@code back_pressure.dynamic_max_txn_per_s}, >= the min (12 000)
   */
  public record BatchGeneration(long pollIntervalNanos, long minNonEmptyIntervalNanos,
      long maxIntervalNanos, int senderMaxTotalTxns, int backlogPerValidatorBatchLimitCount,
      int dynamicMinTxnPerS, int dynamicMaxTxnPerS) {
    /** {@code sender_max_total_bytes}: 4 MiB less 20 batches' padding of 160 B. */
    public static final long SENDER_MAX_TOTAL_BYTES = 4L * 1024 * 1024 - 20 * 160;
    /** {@code back_pressure.additive_increase_when_no_backpressure} per second. */
    public static final int ADDITIVE_INCREASE_TXN_PER_S = 2000;
    /** {@code back_pressure.decrease_fraction}, once per {@code decrease_duration_ms} (1 s). */
    public static final double DECREASE_FRACTION = 0.5;
    /** {@code decrease_duration_ms} and {@code increase_duration_ms}. */
    public static final long RATE_STEP_NANOS = 1000 * MS;

    public BatchGeneration {
      if (pollIntervalNanos <= 0 || maxIntervalNanos <= 0 || minNonEmptyIntervalNanos < 0) {
        throw new IllegalArgumentException("batch_generation_poll_interval and"
            + " batch_generation_max_interval must be > 0");
      }
      if (maxIntervalNanos < minNonEmptyIntervalNanos) {
        throw new IllegalArgumentException("batch_generation_max_interval ("
            + maxIntervalNanos / MS + " ms) must be >= batch_generation_min_non_empty_interval ("
            + minNonEmptyIntervalNanos / MS + " ms)");
      }
      atLeastOne("sender_max_total_txns", senderMaxTotalTxns);
      atLeastOne("backlog_per_validator_batch_limit_count", backlogPerValidatorBatchLimitCount);
      atLeastOne("dynamic_min_txn_per_s", dynamicMinTxnPerS);
      if (dynamicMaxTxnPerS < dynamicMinTxnPerS) {
        throw new IllegalArgumentException("dynamic_max_txn_per_s (" + dynamicMaxTxnPerS
            + ") must be >= dynamic_min_txn_per_s (" + dynamicMinTxnPerS + ")");
      }
    }

    private static void atLeastOne(String key, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(key + " must be >= 1, got " + value);
      }
    }

    /** aptos-core's defaults. */
    public static BatchGeneration aptosDefaults() {
      return new BatchGeneration(25 * MS, 50 * MS, 250 * MS, 1500, 20, 160, 12_000);
    }
  }

  /**
   * The fault kinds (their scenario names) this model implements: every other one is refused at
   * load. A crashed validator sends and receives nothing; a silent leader does not propose; a
   * slow one runs its consensus CPU slower. Lost messages and messages cut off by a partition
   * are gone (Jolteon sends each message once, directly: the network does not send them again),
   * delayed ones arrive late; the pacemaker recovers (a timeout re-sent every interval, the
   * certificates every message carries). An equivocating leader sends two blocks of its round,
   * each to half of the validators; an equivocating voter votes for both. The faults on
   * decryption shares and DKG dealers act after ordering, on the pipeline, whatever the chain.
   */
  static final Set<String> SUPPORTED_FAULTS = Set.of("crash", "silent-proposer", "slow",
      "loss", "delay", "partition", "equivocate", "bad-share", "malformed-share",
      "withhold-share", "equivocate-share", "colluding-encryptor", "framing-shares",
      "forging-proposer", "crashed-dealer", "lying-dealer");

  /** Why the kinds Jolteon refuses do not apply to it. */
  private static final Map<String, String> REFUSAL_REASONS = Map.of(
      "split-vote", ": it is a coalition above a third of the stake forking Tendermint's"
          + " rounds; a Byzantine Jolteon leader is 'equivocate'",
      "bad-partial", ": Jolteon's QCs aggregate BLS votes at every validator, with no"
          + " threshold-BLS partials for a combiner to check");

  /** A round timer longer than this is a mistake in units (and would overflow the clock). */
  private static final long LONGEST_ROUND_TIMEOUT_NANOS = 3_600_000_000_000L;

  public JolteonSettings {
    if (roundInitialTimeoutNanos <= 0) {
      throw new IllegalArgumentException("round_initial_timeout must be > 0");
    }
    if (!(roundTimeoutBackoffBase > 0) || Double.isInfinite(roundTimeoutBackoffBase)) {
      throw new IllegalArgumentException("round_timeout_backoff_base must be > 0");
    }
    if (roundTimeoutBackoffMaxExponent < 1 || roundTimeoutBackoffMaxExponent > 31) {
      throw new IllegalArgumentException(
          "round_timeout_backoff_max_exponent must be 1 .. 31 (Aptos asserts < 32)");
    }
    double longest = roundInitialTimeoutNanos
        * Math.pow(Math.max(1, roundTimeoutBackoffBase), roundTimeoutBackoffMaxExponent);
    if (!(longest < LONGEST_ROUND_TIMEOUT_NANOS)) {
      throw new IllegalArgumentException("round_timeout_backoff_base makes the longest round"
          + " timeout (round_initial_timeout x base ^ round_timeout_backoff_max_exponent) "
          + (Double.isFinite(longest) ? String.format(java.util.Locale.ROOT, "%.3g h",
              longest / 3.6e12) : "overflow") + "; it must be below 1 h");
    }
    Objects.requireNonNull(proposerElection, "proposerElection");
    if (!PROPOSER_ELECTIONS.contains(proposerElection)) {
      throw new IllegalArgumentException("proposer_election must be one of "
          + PROPOSER_ELECTIONS);
    }
    if (contiguousRounds < 1) {
      throw new IllegalArgumentException("contiguous_rounds must be >= 1");
    }
    Objects.requireNonNull(reputation, "reputation");
    Objects.requireNonNull(quorumStore, "quorumStore");
  }

  /** Settings without Quorum Store (Aptos' limits, off). */
  public JolteonSettings(long roundInitialTimeoutNanos, double roundTimeoutBackoffBase,
      int roundTimeoutBackoffMaxExponent, boolean orderVotes, String proposerElection,
      int contiguousRounds, Reputation reputation) {
    this(roundInitialTimeoutNanos, roundTimeoutBackoffBase, roundTimeoutBackoffMaxExponent,
        orderVotes, proposerElection, contiguousRounds, reputation,
        QuorumStoreConfig.aptosDefaults(), true);
  }

  /** These settings with {@code quorumStore} instead. */
  public JolteonSettings withQuorumStore(QuorumStoreConfig quorumStore) {
    return new JolteonSettings(roundInitialTimeoutNanos, roundTimeoutBackoffBase,
        roundTimeoutBackoffMaxExponent, orderVotes, proposerElection, contiguousRounds,
        reputation, quorumStore, optimisticSigVerification);
  }

  /** These settings with {@code optimistic_sig_verification} on or off. */
  public JolteonSettings withOptimisticSigVerification(boolean on) {
    return new JolteonSettings(roundInitialTimeoutNanos, roundTimeoutBackoffBase,
        roundTimeoutBackoffMaxExponent, orderVotes, proposerElection, contiguousRounds,
        reputation, quorumStore, on);
  }

  /**
   * Aptos' timing defaults: 1000 ms x 1.2^min(idx, 6), order votes; round-robin one round each,
   * which is tdsim's default and not Aptos' (its on-chain default is leader reputation, whose
   * parameters are kept here for {@code leader-reputation}: round-robin keeps a run's leaders
   * independent of its history); Quorum Store off with Aptos' limits.
   */
  public static JolteonSettings aptosDefaults() {
    return new JolteonSettings(1000 * MS, 1.2, 6, true, ROUND_ROBIN, 1,
        Reputation.aptosDefaults());
  }

  /**
   * The timeout of {@code round} for a validator whose highest ordered round is {@code
   * highestOrderedRound} (Aptos' {@code RoundState::setup_deadline}): idx = round - 1 before
   * anything is ordered, 0 while round < highestOrderedRound + 3 (a leftover of the 3-chain
   * era Aptos keeps, so a 2-chain in steady state has idx 0), else round - highestOrderedRound
   * - 3; the timeout is ceil(initial x base^min(idx, max exponent)).
   */
  public long roundTimeoutNanos(long round, long highestOrderedRound) {
    long idx = highestOrderedRound == 0 ? round - 1
        : round < highestOrderedRound + 3 ? 0 : round - highestOrderedRound - 3;
    int exponent = (int) Math.max(0, Math.min(idx, roundTimeoutBackoffMaxExponent));
    double ms = roundInitialTimeoutNanos / (double) MS
        * Math.pow(roundTimeoutBackoffBase, exponent);
    return (long) Math.ceil(ms) * MS;
  }

  /** Whether leaders are drawn by leader reputation (else round-robin). */
  boolean electsByReputation() {
    return LEADER_REPUTATION.equals(proposerElection);
  }

  /** The leader of {@code round}: validator (round / contiguous_rounds) mod n (by index). */
  int leaderOf(long round, int validators) {
    return (int) Math.floorMod(round / contiguousRounds, (long) validators);
  }

  @Override
  public boolean exactFor(int validators) {
    return true;
  }

  @Override
  public Optional<Refusal> refusesMessageFaults(int validators) {
    return Optional.empty();
  }

  /**
   * Jolteon runs every vote and order vote as a message to every validator (2 n^2 per round)
   * and has no quorum-arrival model yet, so a committee above {@link #MAX_VALIDATORS} would take
   * hours and gigabytes: it is refused at load rather than left to run out of memory.
   */
  @Override
  public Optional<Refusal> refusesCommittee(int validators) {
    if (validators <= MAX_VALIDATORS) {
      return Optional.empty();
    }
    return Optional.of(new Refusal("consensus.protocol 'jolteon' simulates every vote as a"
        + " message (2 n^2 per round) and has no large-committee model: at most "
        + MAX_VALIDATORS + " validators, not " + validators + " (consensus.protocol: tendermint"
        + " has one above consensus.exact_max_validators)", List.of("consensus.protocol")));
  }

  /** Quorum Store's batches carry the transactions: the mempools do not gossip. */
  @Override
  public boolean disseminatesTransactions() {
    return quorumStore.enabled();
  }

  @Override
  public Optional<Refusal> refusesFault(String kind) {
    if (SUPPORTED_FAULTS.contains(kind)) {
      return Optional.empty();
    }
    return Optional.of(new Refusal("consensus.protocol 'jolteon' does not model fault kind '"
        + kind + "'" + REFUSAL_REASONS.getOrDefault(kind, "") + "; it models "
        + String.join(", ", SUPPORTED_FAULTS.stream().sorted().toList())
        + " (or use consensus.protocol: tendermint)", List.of("consensus.protocol")));
  }

  /** Jolteon's next block does not wait for a commit: no pause. */
  @Override
  public long commitPauseNanos() {
    return 0;
  }

  /** Proposals, votes and timeouts are sent directly to every validator (no gossip loop). */
  @Override
  public long gossipSleepNanos() {
    return 0;
  }

  /** One block per round; a block is ordered two rounds later while the next ones go on. */
  @Override
  public BlockPace pace() {
    return BlockPace.PIPELINED;
  }

  /** Nothing pauses a Jolteon chain: a leader proposes as soon as it holds the last QC. */
  @Override
  public String blockSpacing() {
    return "one block per round";
  }

  @Override
  public CertificateWords certificateWords() {
    return new CertificateWords("quorum certificate", "vote");
  }

  /** TrX on Aptos: key shares at ordering, ordering goes on, execution waits for each block's key. */
  @Override
  public String defaultSchedule() {
    return "streamed";
  }
}
