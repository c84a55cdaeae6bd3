package dev.tdsim.pipeline;

import dev.tdsim.registry.Registry;
import java.util.List;

/**
 * Who combines a height's decryption shares, chosen by name in the scenario ({@code
 * crypto.combiner}). Each rule knows what it costs and which designs it works with; docs/COSTS.md
 * ("Who combines") compares them.
 */
public enum CombinerRule {
  /**
   * The round-0 proposer of the next height combines; a validator that does not learn the
   * plaintexts within {@code crypto.combiner_timeout} after it sent its shares sends them to the
   * next candidate (the validators after the designated one by id), and so on. Costs one share
   * message per validator per candidate tried and, with faults, one announcement of the
   * plaintexts by the combiner that finished.
   */
  FAILOVER("failover", "the designated combiner (the next height's round-0 proposer), then the"
      + " validators after it by id, each after crypto.combiner_timeout without plaintexts") {
    @Override
    public boolean everyValidatorCombines() {
      return false;
    }
  },
  /**
   * Every validator broadcasts its shares to all and combines them itself (TrX, Aptos's
   * encrypted mempool): nothing to fail over, at n times the share traffic and n combines.
   */
  EVERY_VALIDATOR("every-validator", "every validator broadcasts its shares and combines; the"
      + " height is decrypted when the first validator holds its plaintexts") {
    @Override
    public boolean everyValidatorCombines() {
      return true;
    }
  };

  private final String scenarioName;
  private final String description;

  CombinerRule(String scenarioName, String description) {
    this.scenarioName = scenarioName;
    this.description = description;
  }

  /** The name users write in {@code crypto.combiner}. */
  public String scenarioName() {
    return scenarioName;
  }

  /** Who combines, in words, for reports and errors. */
  public String description() {
    return description;
  }

  /** Whether every validator combines the shares itself (each sends its shares to all). */
  public abstract boolean everyValidatorCombines();

  /**
   * Whether the rule works with a design that folds the combiner's announced signer set into
   * its shares: with every validator combining there would be one announced set per validator,
   * hence n sets of shares per validator, which defeats the design's point; it is refused.
   */
  public boolean supportsFoldedSignerSets() {
    return !everyValidatorCombines();
  }

  private static final Registry<CombinerRule> BY_NAME =
      Registry.of("combiner rule", CombinerRule::scenarioName, List.of(values()));

  public static List<String> names() {
    return BY_NAME.names();
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static CombinerRule byName(String name) {
    return BY_NAME.get(name);
  }
}
