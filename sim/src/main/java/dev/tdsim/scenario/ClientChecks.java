package dev.tdsim.scenario;

import dev.tdsim.mempool.MempoolConfig;
import dev.tdsim.registry.DidYouMean;
import dev.tdsim.workload.EntryPoints;
import java.util.Optional;

/**
 * The rules between the clients ({@code workload}), the validators they submit to and the
 * mempool that takes their transactions; each failure is an unlocated {@link ScenarioException}
 * naming its fields.
 */
final class ClientChecks {
  private ClientChecks() {}

  static void check(WorkloadConfig workload, ValidatorsConfig validators,
      Optional<MempoolConfig> mempool) {
    checkEntry(workload.arrivals().entry(), validators);
    mempool.ifPresent(m -> checkMempool(workload, m));
  }

  /** The entry validator exists; the entry region is one of the validators' and has one. */
  private static void checkEntry(EntryPoints entry, ValidatorsConfig validators) {
    if (entry instanceof EntryPoints.Validator v && v.index() >= validators.count()) {
      throw new ScenarioException("workload.entry", "validator " + v.index() + " does not exist:"
          + " validators are 0 .. " + (validators.count() - 1) + " (validators.count is "
          + validators.count() + ")", "validators.count");
    }
    if (entry instanceof EntryPoints.Region r) {
      int at = validators.regions().indexOf(r.name());
      if (at < 0) {
        throw new ScenarioException("workload.entry", "'" + r.name() + "' is neither all, a"
            + " validator index nor a region of validators.regions (" + String.join(", ",
                validators.regions()) + ")" + DidYouMean.closest(r.name(), validators.regions())
                .map(g -> "; did you mean '" + g + "'?").orElse(""), "validators.regions");
      }
      if (at >= validators.count()) {
        throw new ScenarioException("workload.entry", "no validator is placed in " + r.name()
            + ": the " + validators.count() + " validator(s) take the first regions of"
            + " validators.regions in turn", "validators.count", "validators.regions");
      }
    }
  }

  /**
   * A mempool that fills blocks needs {@code msgs_per_block: auto}, and admits the workload's
   * largest payload (the median for sizes without a bound: the larger ones are refused by
   * CheckTx as CometBFT refuses them).
   */
  private static void checkMempool(WorkloadConfig workload, MempoolConfig m) {
    if (MempoolSchema.fillsBlocks(m) && workload.msgsPerBlock() != null) {
      throw new ScenarioException("workload.msgs_per_block", "must be auto (or left out) with"
          + " mempool.type: " + ValueTypes.yamlName(m.type()) + ": a block takes what its"
          + " proposer's mempool holds, up to consensus.max_block_txs and max_block_bytes"
          + " (mempool.type: nop keeps a number of messages per block)", "mempool.type");
    }
    long largest = workload.msgSizeDistribution().largestBytes(workload.msgSizeBytes())
        .orElse(workload.msgSizeBytes());
    if (largest > m.maxTxBytes()) {
      throw new ScenarioException("mempool.max_tx_bytes", "is below the workload's largest"
          + " payload (" + Units.formatSize(largest) + ", of msg_size "
          + Units.formatSize(workload.msgSizeBytes()) + " "
          + ValueTypes.yamlName(workload.msgSizeDistribution()) + "): every such transaction"
          + " would be refused", "workload.msg_size", "workload.msg_size_distribution");
    }
  }
}
