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
    public long judgedNanos(HeightRecord h) {
      return h.consensusNanos() + h.decryptionLatencyNanos() + h.executionNanos();
    }
  },
  /** Decryption and execution run one block behind, overlapping the next height. */
  PIPELINED("pipelined",
      "the slower of consensus (proposal to commit) and decryption latency (dec) plus execution,"
          + " which run one block behind") {
    @Override
    public long judgedNanos(HeightRecord h) {
      return Math.max(h.consensusNanos(), h.decryptionLatencyNanos() + h.executionNanos());
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
   * minus its consensus time after each commit).
   */
  public abstract long judgedNanos(HeightRecord h);

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
