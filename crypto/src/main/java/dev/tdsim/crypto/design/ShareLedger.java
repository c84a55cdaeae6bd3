package dev.tdsim.crypto.design;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What a validator may release key shares for, in designs whose shares open one block id's key
 * ({@link BlockDesign#sharesBindBlockId()}): the block committed at each id, and nothing else.
 * Shares for an id that was not committed (a future height, whose key would open every
 * transaction sealed for it before its block exists) or for a block other than the one committed
 * at that id (a second key request for the same id) are refused before a share exists, so a
 * validator makes key shares for at most one block per id, and only after its commit. A real
 * validator keeps such a ledger of its own; in the simulator every honest validator sees the same
 * commits, so one ledger per key set records them. Thread-safe.
 */
public final class ShareLedger {
  /**
   * A committed block: the hash of its content, and the block itself while it is in use (weakly
   * held: the ledger must not keep every committed block's transactions alive).
   */
  private static final class Committed {
    final java.lang.ref.WeakReference<PreparedBlock> block;
    final byte[] content;

    Committed(PreparedBlock block) {
      this.block = new java.lang.ref.WeakReference<>(block);
      this.content = contentHash(block);
    }
  }

  private final Map<BlockId, Committed> committed = new HashMap<>();

  /**
   * {@code block} was committed at its digest's id.
   *
   * @throws CryptoException when another block was committed at that id (two commits at one
   *     height: the ledger keeps the first and releases nothing for the other)
   */
  public synchronized void commit(PreparedBlock block) {
    BlockId id = block.digest().block();
    Committed known = committed.get(id);
    if (known == null) {
      committed.put(id, new Committed(block));
    } else if (!same(known, block)) {
      throw new CryptoException("share ledger", "a second, different block committed at " + id);
    }
  }

  /** Whether a block was committed at {@code id}. */
  public synchronized boolean isCommitted(BlockId id) {
    return committed.containsKey(id);
  }

  /**
   * Checks that validator {@code validator} may make key shares for {@code block}: the block
   * committed at its id (the same one again is fine: a new signer set asks for new shares).
   *
   * @throws CryptoException naming the validator and the block id otherwise
   */
  public synchronized void requireReleasable(int validator, PreparedBlock block) {
    BlockId id = block.digest().block();
    Committed known = committed.get(id);
    if (known == null) {
      throw new CryptoException("share ledger", "validator " + validator
          + " refuses key shares for " + id + ": no block is committed at that id");
    }
    if (!same(known, block)) {
      throw new CryptoException("share ledger", "validator " + validator
          + " refuses key shares for a second, different block at " + id);
    }
  }

  private static boolean same(Committed known, PreparedBlock block) {
    return known.block.get() == block || Arrays.equals(known.content, contentHash(block));
  }

  /**
   * SHA-256 over the block id (its own encoding is unambiguous: length-prefixed name, height) and
   * every transaction's encoding, each length-prefixed: no other block hashes the same bytes.
   */
  static byte[] contentHash(PreparedBlock block) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is a required JDK algorithm", e);
    }
    byte[] id = block.digest().block().toBytes();
    sha.update(id);
    for (SealedTx tx : block.txs()) {
      byte[] bytes = tx.toBytes();
      sha.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
      sha.update(bytes);
    }
    return sha.digest();
  }
}
