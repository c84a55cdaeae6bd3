package dev.tdsim.scenario;

import static dev.tdsim.scenario.ValueTypes.BOOLEAN;
import static dev.tdsim.scenario.ValueTypes.INT;
import static dev.tdsim.scenario.ValueTypes.SIZE;

import dev.tdsim.mempool.MempoolConfig;
import dev.tdsim.mempool.MempoolType;
import java.util.List;

/**
 * The keys of the {@code mempool} section, spelled as CometBFT's {@code [mempool]} configuration
 * spells them (and the e2e application's {@code check_tx_delay}), read into the mempool's {@link
 * MempoolConfig}; defaults are CometBFT v1.0's. The section absent: no mempool is simulated.
 */
final class MempoolSchema {
  private MempoolSchema() {}

  static final Setting<MempoolConfig, MempoolType> TYPE = Setting.of("type",
      ValueTypes.choice(MempoolType.values(), null), MempoolConfig.DEFAULT_TYPE,
      Setting.names(ValueTypes.yamlNames(MempoolType.values()), null), "type",
      MempoolConfig::type);
  static final Setting<MempoolConfig, Integer> SIZE_SETTING = Setting.of("size", INT,
      MempoolConfig.DEFAULT_SIZE, ">= 1 (transactions a validator's mempool holds)", "size",
      MempoolConfig::size);
  static final Setting<MempoolConfig, Long> MAX_TXS_BYTES = Setting.of("max_txs_bytes", SIZE,
      MempoolConfig.DEFAULT_MAX_TXS_BYTES, ">= 1 B (64 MiB in CometBFT v1.0, 1 GiB in v0.38)",
      "maxTxsBytes", MempoolConfig::maxTxsBytes);
  static final Setting<MempoolConfig, Long> MAX_TX_BYTES = Setting.of("max_tx_bytes", SIZE,
      MempoolConfig.DEFAULT_MAX_TX_BYTES, ">= 1 B, at least the largest payload of the workload",
      "maxTxBytes", MempoolConfig::maxTxBytes);
  static final Setting<MempoolConfig, Integer> CACHE_SIZE = Setting.of("cache_size", INT,
      MempoolConfig.DEFAULT_CACHE_SIZE, ">= 0; 0: no cache (CometBFT's QA ran with 200000)",
      "cacheSize", MempoolConfig::cacheSize);
  static final Setting<MempoolConfig, Boolean> RECHECK = Setting.of("recheck", BOOLEAN,
      MempoolConfig.DEFAULT_RECHECK, "`true`, `false`", "recheck", MempoolConfig::recheck);
  static final Setting<MempoolConfig, Boolean> BROADCAST = Setting.of("broadcast", BOOLEAN,
      MempoolConfig.DEFAULT_BROADCAST, "`true`, `false`", "broadcast", MempoolConfig::broadcast);
  static final Setting<MempoolConfig, Long> CHECK_TX_DELAY = Setting.of("check_tx_delay",
      ValueTypes.DURATION_OR_ZERO, MempoolConfig.DEFAULT_CHECK_TX_NANOS, ">= 0, below 1 h",
      "checkTxNanos", MempoolConfig::checkTxNanos);

  static final Section<MempoolConfig> SECTION = new Section<>("mempool",
      List.of(TYPE, SIZE_SETTING, MAX_TXS_BYTES, MAX_TX_BYTES, CACHE_SIZE, RECHECK, BROADCAST,
          CHECK_TX_DELAY),
      MempoolSchema::build, MempoolConfig::defaults);

  /** The checks of the scenario layer (located errors), then the mempool's record. */
  private static MempoolConfig build(Section.Values v) {
    Checks.atLeast("mempool.size", v.get(SIZE_SETTING), 1);
    Checks.positiveSize("mempool.max_txs_bytes", v.get(MAX_TXS_BYTES));
    Checks.positiveSize("mempool.max_tx_bytes", v.get(MAX_TX_BYTES));
    Checks.atLeast("mempool.cache_size", v.get(CACHE_SIZE), 0);
    long delay = Checks.nonNegativeDuration("mempool.check_tx_delay", v.get(CHECK_TX_DELAY));
    if (delay >= Units.MAX_STEP_NANOS) {
      throw new ScenarioException("mempool.check_tx_delay", "must be below 1 h, got "
          + Units.formatDuration(delay));
    }
    return new MempoolConfig(v.get(TYPE), v.get(SIZE_SETTING), v.get(MAX_TXS_BYTES),
        v.get(MAX_TX_BYTES), v.get(CACHE_SIZE), v.get(RECHECK), v.get(BROADCAST), delay);
  }

  /**
   * Whether blocks take what the proposer's mempool holds, so that {@code
   * workload.msgs_per_block} must be {@code auto}: every type but {@code nop}, which stores
   * nothing and leaves blocks to the workload.
   */
  static boolean fillsBlocks(MempoolConfig m) {
    return m.type().fillsBlocks();
  }
}
