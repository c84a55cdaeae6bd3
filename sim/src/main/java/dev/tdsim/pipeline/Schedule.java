package dev.tdsim.pipeline;

import dev.tdsim.registry.Registry;
import java.util.List;

/**
 * When a height's decryption runs relative to the next height, chosen by name in the scenario
 * ({@code crypto.schedule}). Each schedule knows whether it holds back the next proposal and how
 * a height's time within one block is judged.
 */
public enum Schedule {
  /** Decryption (and execution of the decrypted block) finishes before the next proposal. */
  BEFORE_NEXT("before-next",
      "consensus (proposal to commit) plus decryption latency (dec) plus execution, all before the"
          + " next block") {
    @Override
    long judgedNanos(long consensusNanos, long paceNanos, long afterCommitNanos) {
      return consensusNanos + afterCommitNanos;
    }
  },
  /** Decryption and execution run one block behind, overlapping the next height. */
  PIPELINED("pipelined",
      "the slower of the chain's time per block and decryption latency (dec) plus execution,"
          + " which run one block behind") {
    @Override
    long judgedNanos(long consensusNanos, long paceNanos, long afterCommitNanos) {
      return Math.max(paceNanos, afterCommitNanos);
    }
  },
  /**
   * Ordering goes on while blocks wait for their plaintexts, any number of them; each block is
   * executed, in order, once its plaintexts are ready (TrX on Aptos: key shares sent when a
   * block is ordered, execution waits for the key). A height needs only the chain's own time per
   * block, and decryption must keep pace: no growing backlog of blocks waiting for keys.
   */
  STREAMED("streamed",
      "the chain's own time per block, with decryption keeping pace behind ordering (no growing"
          + " backlog of blocks waiting for keys; execution in order after each block's"
          + " plaintexts)") {
    @Override
    long judgedNanos(long consensusNanos, long paceNanos, long afterCommitNanos) {
      return paceNanos;
    }

    @Override
    public boolean needsKeepingPace() {
      return true;
    }
  };

  private final String scenarioName;
  private final String judgedTime;

  Schedule(String scenarioName, String judgedTime) {
    this.scenarioName = scenarioName;
    this.judgedTime = judgedTime;
  }

  /** The name users write in {@code crypto.schedule}. */
  public String scenarioName() {
    return scenarioName;
  }

  /** What a height's judged time is, in words, for reports. */
  public String judgedTime() {
    return judgedTime;
  }

  /** Whether the next height's proposer waits for this height's plaintexts. */
  public boolean holdsNextProposal() {
    return this == BEFORE_NEXT;
  }

  /**
   * The time a height needs within one block time B (a chain tuned to block interval B pauses B
   * minus its consensus time after each commit), given the chain's own time for this block
   * ({@code paceNanos}: its consensus time when heights are sequential, its round when they
   * pipeline).
   */
  public long judgedNanos(HeightRecord h, long paceNanos) {
    return judgedNanos(h.consensusNanos(), paceNanos,
        afterCommit(h.decryptionLatencyNanos(), h));
  }

  /**
   * The same height's judged time with its decryption stages taken out (decryption latency 0,
   * everything else as run): what the chain would need per block without threshold decryption.
   * One formula per schedule serves both, so judged = without + what decryption adds, per
   * height, by construction.
   */
  public long judgedWithoutDecryptionNanos(HeightRecord h, long paceNanos) {
    return judgedNanos(h.consensusNanos(), paceNanos, afterCommit(0, h));
  }

  /**
   * What follows the commit: decryption then execution, and beside them a signing committee's
   * signature of the block (0 without one); the slower of the two.
   */
  private static long afterCommit(long decryptionNanos, HeightRecord h) {
    return Math.max(decryptionNanos + h.executionNanos(), h.committeeSignNanos());
  }

  /** The judged time from its parts: the one formula of each schedule. */
  abstract long judgedNanos(long consensusNanos, long paceNanos, long afterCommitNanos);

  /** The judged time on a chain whose heights are sequential (its time per block: consensus). */
  public long judgedNanos(HeightRecord h) {
    return judgedNanos(h, h.consensusNanos());
  }

  /**
   * Whether a budget also needs decryption to keep pace with one block per B, beyond each
   * height's judged time (true when nothing bounds how far decryption may fall behind).
   */
  public boolean needsKeepingPace() {
    return false;
  }

  private static final Registry<Schedule> BY_NAME =
      Registry.of("schedule", Schedule::scenarioName, List.of(values()));

  public static List<String> names() {
    return BY_NAME.names();
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static Schedule byName(String name) {
    return BY_NAME.get(name);
  }
}
