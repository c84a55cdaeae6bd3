package dev.tdsim.crypto.sig;

import java.util.List;

/**
 * A scheme whose signatures of one message by many keys add up to one signature, checked with one
 * verification against the sum of the keys (BLS FastAggregateVerify). A quorum certificate of V
 * precommits then costs one signature on the wire and about one verification, instead of V.
 */
public interface AggregateSignatureScheme extends VoteSignatureScheme {

  /**
   * The aggregate of signatures of the same message.
   *
   * @throws IllegalArgumentException if the list is empty or any signature is malformed
   */
  byte[] aggregate(List<byte[]> signatures);

  /**
   * Whether {@code aggregate} is the aggregate of signatures of {@code message} by exactly the
   * given keys; {@code false}, never an exception, for malformed input or an empty key list.
   */
  boolean verifyAggregate(List<byte[]> publicKeys, byte[] message, byte[] aggregate);

  /**
   * A committee's public keys validated once and kept decoded, as a chain keeps its validator
   * set's keys for an epoch.
   */
  interface KeySet {
    /** How many keys it holds. */
    int size();
  }

  /**
   * The keys, each validated once.
   *
   * @throws IllegalArgumentException if any key is malformed or invalid
   */
  KeySet keySet(List<byte[]> publicKeys);

  /**
   * Whether {@code aggregate} is the aggregate of signatures of {@code message} by exactly the
   * keys of {@code signers} in {@code keys} (the same answer as {@link #verifyAggregate(List,
   * byte[], byte[])} on those keys); {@code false}, never an exception, for malformed input, an
   * empty or out-of-range signer list, or a key set of another scheme.
   */
  boolean verifyAggregate(KeySet keys, List<Integer> signers, byte[] message, byte[] aggregate);
}
