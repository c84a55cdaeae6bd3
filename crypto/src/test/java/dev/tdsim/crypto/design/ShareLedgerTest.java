package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 19, item 10: a validator makes key shares for the block committed at an id only: never
 * for an uncommitted (future) height, never for a second, different block at an id.
 */
class ShareLedgerTest {
  private static final Workers WORKERS = Workers.of(1);
  private static final KeySet KEYS = KeySet.deal(
      Committee.equal(16, Committee.defaultThreshold(16), 4), SeededDrbg.of(7, "ledger", 0),
      WORKERS);
  private static final DesignKeys DESIGN =
      Designs.byName("block-key").setup(KEYS, 8, SeededDrbg.of(7, "ledger", 1), WORKERS);
  private static final BlockId ID = new BlockId("ledger", 4);

  private static PreparedBlock block(BlockId id, String seed) {
    List<SealedTx> txs = List.of(
        DESIGN.encrypt(id, 0, new byte[] {1, 2}, SeededDrbg.of(7, seed, 2)));
    return DESIGN.prepare(id, DESIGN.digest(id, txs, WORKERS), txs, WORKERS);
  }

  @Test
  void noSharesForAnUncommittedHeight() {
    ShareLedger ledger = new ShareLedger();
    PreparedBlock future = block(ID, "a");
    assertFalse(ledger.isCommitted(ID));
    CryptoException e =
        assertThrows(CryptoException.class, () -> ledger.requireReleasable(2, future));
    assertTrue(e.getMessage().contains("validator 2") && e.getMessage().contains("no block is"
        + " committed"), e.getMessage());
  }

  @Test
  void sharesForTheCommittedBlockAgainButNeverForAnotherAtTheSameId() {
    ShareLedger ledger = new ShareLedger();
    PreparedBlock committed = block(ID, "a");
    ledger.commit(committed);
    assertTrue(ledger.isCommitted(ID));
    assertDoesNotThrow(() -> ledger.requireReleasable(1, committed));
    assertDoesNotThrow(() -> ledger.requireReleasable(1, committed)); // a new signer set
    // The same content as another object (another validator's copy of the block) is the same.
    List<SealedTx> txs = committed.txs();
    assertDoesNotThrow(() -> ledger.requireReleasable(3,
        DESIGN.prepare(ID, DESIGN.digest(ID, txs, WORKERS), txs, WORKERS)));
    PreparedBlock other = block(ID, "b");
    CryptoException e =
        assertThrows(CryptoException.class, () -> ledger.requireReleasable(1, other));
    assertTrue(e.getMessage().contains("second, different block"), e.getMessage());
    assertThrows(CryptoException.class, () -> ledger.commit(other));
    assertDoesNotThrow(() -> ledger.commit(committed));
  }

  @Test
  void anotherValidatorsCopyCommitsAgainAndOtherIdsStayUncommitted() {
    ShareLedger ledger = new ShareLedger();
    PreparedBlock committed = block(ID, "a");
    ledger.commit(committed);
    List<SealedTx> txs = committed.txs();
    PreparedBlock copy = DESIGN.prepare(ID, DESIGN.digest(ID, txs, WORKERS), txs, WORKERS);
    assertDoesNotThrow(() -> ledger.commit(copy));
    BlockId next = new BlockId("ledger", 5);
    assertFalse(ledger.isCommitted(next));
    assertFalse(ledger.isCommitted(new BlockId("other-chain", 4)));
    CryptoException e = assertThrows(CryptoException.class, () -> ledger.commit(block(ID, "b")));
    assertEquals("share ledger: a second, different block committed at " + ID, e.getMessage());
    PreparedBlock later = block(next, "c");
    ledger.commit(later);
    assertDoesNotThrow(() -> ledger.requireReleasable(0, later));
  }

  /** A block of transactions with these encodings, at {@link #ID}. */
  private static PreparedBlock raw(byte[]... encodings) {
    List<SealedTx> txs = new java.util.ArrayList<>();
    for (byte[] e : encodings) {
      txs.add(new SealedTx() {
        @Override
        public int encodedBytes() {
          return e.length;
        }

        @Override
        public int messageBytes() {
          return e.length;
        }

        @Override
        public byte[] toBytes() {
          return e.clone();
        }
      });
    }
    BlockDigest digest = new BlockDigest() {
      @Override
      public BlockId block() {
        return ID;
      }

      @Override
      public int wireBytes() {
        return 0;
      }
    };
    return new PreparedBlock() {
      @Override
      public BlockDigest digest() {
        return digest;
      }

      @Override
      public List<SealedTx> txs() {
        return txs;
      }
    };
  }

  /** The same bytes split into other transactions are another block (lengths are hashed). */
  @Test
  void transactionsAreHashedOneByOneNotAsOneStream() {
    ShareLedger ledger = new ShareLedger();
    ledger.commit(raw(new byte[] {1, 2}, new byte[] {3}));
    assertDoesNotThrow(() -> ledger.requireReleasable(0, raw(new byte[] {1, 2}, new byte[] {3})));
    assertThrows(CryptoException.class,
        () -> ledger.requireReleasable(0, raw(new byte[] {1}, new byte[] {2, 3})));
    assertThrows(CryptoException.class,
        () -> ledger.requireReleasable(0, raw(new byte[] {1, 2, 3})));
  }

  /** The content hash covers the block id: the same transactions at another id hash apart. */
  @Test
  void theContentHashCoversTheBlockId() {
    PreparedBlock here = block(ID, "a");
    BlockId next = new BlockId("ledger", 5);
    List<SealedTx> txs = here.txs();
    PreparedBlock there = DESIGN.prepare(next, DESIGN.digest(next, txs, WORKERS), txs, WORKERS);
    assertFalse(java.util.Arrays.equals(ShareLedger.contentHash(here),
        ShareLedger.contentHash(there)));
    assertTrue(java.util.Arrays.equals(ShareLedger.contentHash(here),
        ShareLedger.contentHash(block(ID, "a"))));
  }
}
