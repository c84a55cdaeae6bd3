package dev.tdsim.bench;

import dev.tdsim.crypto.design.bench.DesignFunction;
import dev.tdsim.registry.Registry;
import java.util.List;
import java.util.Optional;

/**
 * The functions {@code tdsim bench} times, by the names users write: the two of the original
 * Ferveo benchmark (block_propose also for the one-share-per-block designs), the steps of the
 * one-share-per-block designs that have them ({@link DesignFunction}), and the vote signature
 * calls every validator makes per consensus step.
 */
public enum BenchFunction {
  /** Combining one secret per message from already decoded shares, combiner prepared. */
  SHARE_COMBINE("share_combine"),
  /** A whole block from a fresh proposer: decode, verify, prepare_combine, combine, decrypt. */
  BLOCK_PROPOSE("block_propose"),
  /** A design's digest of the block, by its proposer. */
  DIGEST("digest"),
  /** A design's evaluation proofs of every transaction, by the combiner during voting. */
  EVAL_PROOFS("eval_proofs"),
  /** One validator's share of a block (one-share-per-block designs). */
  SHARE_CREATE("share_create"),
  /** The combiner's check of every signer's share of a block. */
  SHARE_VERIFY("share_verify"),
  /** The block key from the shares, checked. */
  RECONSTRUCT("reconstruct"),
  /** Every transaction of a block opened with the block key and checked. */
  DECRYPT_BATCH("decrypt_batch"),
  /** Signing one CometBFT canonical vote (about 120 bytes) with a vote signature scheme. */
  VOTE_SIGN("vote_sign"),
  /** Verifying one signed CometBFT canonical vote. */
  VOTE_VERIFY("vote_verify");

  private final String cliName;

  BenchFunction(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  /** The design step this function times, if it is one ({@link DesignFunction}, same name). */
  public Optional<DesignFunction> designFunction() {
    for (DesignFunction f : DesignFunction.values()) {
      if (f.cliName().equals(cliName)) {
        return Optional.of(f);
      }
    }
    return Optional.empty();
  }

  /** Whether this function times a vote signature scheme (per {@code --scheme}, no keys dealt). */
  public boolean voteFunction() {
    return this == VOTE_SIGN || this == VOTE_VERIFY;
  }

  private static final Registry<BenchFunction> BY_NAME = Registry.<BenchFunction>builder(
      "function").matchingAnyCase().addAll(BenchFunction::cliName, List.of(values())).build();

  public static List<String> names() {
    return BY_NAME.names();
  }

  /** The function of that name (any case, blanks ignored); unknown names list the known ones. */
  public static BenchFunction byName(String name) {
    return BY_NAME.get(name);
  }
}
