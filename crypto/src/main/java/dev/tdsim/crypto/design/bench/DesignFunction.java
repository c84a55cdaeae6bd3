package dev.tdsim.crypto.design.bench;

import dev.tdsim.registry.Registry;
import java.util.List;

/**
 * The steps of a one-share-per-block design that {@code tdsim bench} times one at a time, in the
 * order they happen to a block, by the names users write. A design offers the ones it has ({@link
 * DesignBench#functions}).
 */
public enum DesignFunction {
  /** The proposer's digest of the block (batched: the KZG commitment; block-key: H1(id)). */
  DIGEST("digest"),
  /** The combiner's evaluation proofs of every transaction, computed while the block is voted on. */
  EVAL_PROOFS("eval_proofs"),
  /** One validator's key share for the block. */
  SHARE_CREATE("share_create"),
  /** The combiner's check of every signer's share (batched, then one by one on failure). */
  SHARE_VERIFY("share_verify"),
  /** The block key from the verified shares, checked against the public key. */
  RECONSTRUCT("reconstruct"),
  /** Every transaction of the block opened with the key and checked. */
  DECRYPT_BATCH("decrypt_batch");

  private final String cliName;

  DesignFunction(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  private static final Registry<DesignFunction> BY_NAME = Registry.<DesignFunction>builder(
      "design function").matchingAnyCase().addAll(DesignFunction::cliName, List.of(values()))
      .build();

  public static List<String> names() {
    return BY_NAME.names();
  }

  /** The function of that name (any case, blanks ignored); unknown names list the known ones. */
  public static DesignFunction byName(String name) {
    return BY_NAME.get(name);
  }
}
