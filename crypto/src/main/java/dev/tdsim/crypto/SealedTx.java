package dev.tdsim.crypto;

/**
 * An encrypted transaction as it sits in the mempool and in a block, whatever design sealed it.
 * Its encoded size is what the network carries.
 */
public interface SealedTx {
  /** Bytes of {@link #toBytes()}, without encoding it. */
  int encodedBytes();

  /** Length of the plaintext it carries (what the client sent). */
  int messageBytes();

  /** The canonical wire encoding; the design's {@code DesignKeys.decode} reads it back. */
  byte[] toBytes();
}
