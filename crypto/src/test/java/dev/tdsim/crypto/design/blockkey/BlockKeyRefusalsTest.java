package dev.tdsim.crypto.design.blockkey;

import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.DESIGN;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.KEYS;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the block-key design refuses from another design or committee, each named: a transaction,
 * digest or prepared block of another design (or none), a signer set of another committee, a
 * null message.
 */
class BlockKeyRefusalsTest {
  private static final BlockId ID = BlockKeyFixture.block(8);
  private static final DesignKeys BATCHED =
      Designs.byName("batched").setup(KEYS, 1, SeededDrbg.of(8, "refusals", 0), WORKERS);

  private static String refusal(Runnable r) {
    return assertThrows(CryptoException.class, r::run).getMessage();
  }

  @Test
  void piecesOfAnotherDesignAreRefusedByName() {
    SeededDrbg random = SeededDrbg.of(8, "refusals", 1);
    SealedTx batchedTx = BATCHED.encrypt(ID, 0, new byte[1], random);
    SealedTx own = DESIGN.encrypt(ID, 0, new byte[1], random);
    assertFalse(DESIGN.isValid(batchedTx), "another design's transaction is not valid here");
    assertTrue(DESIGN.isValid(own));
    assertEquals("block-key prepare: transaction of another design: BatchedTx", refusal(
        () -> DESIGN.prepare(DESIGN.digest(ID, List.of(own), WORKERS), List.of(own, batchedTx),
            WORKERS)));
    assertEquals("block-key prepare: transaction of another design: null", refusal(
        () -> DESIGN.prepare(DESIGN.digest(ID, List.of(), WORKERS), Arrays.asList(own, null),
            WORKERS)));
    PreparedBlock batchedBlock = BATCHED.prepare(
        BATCHED.digest(ID, List.of(batchedTx), WORKERS), List.of(batchedTx), WORKERS);
    assertEquals("block-key: digest of another design: BatchedDigest",
        refusal(() -> DESIGN.prepare(batchedBlock.digest(), List.of(own), WORKERS)));
    assertEquals("block-key: digest of another design: null",
        refusal(() -> DESIGN.prepare(null, List.of(own), WORKERS)));
    SignerSet all = BlockKeyFixture.all();
    assertEquals("block-key: block prepared by another design: BatchedBlock",
        refusal(() -> DESIGN.createShares(0, all, batchedBlock)));
    assertEquals("block-key: block prepared by another design: null",
        refusal(() -> DESIGN.createShares(0, all, null)));
  }

  @Test
  void aSignerSetOfAnotherCommitteeIsRefused() {
    PreparedBlock block = BlockKeyFixture.prepare(DESIGN, ID,
        BlockKeyFixture.seal(DESIGN, ID, 1, SeededDrbg.of(8, "refusals", 2)));
    SignerSet other = SignerSet.all(Committee.equal(64, Committee.defaultThreshold(64), 4));
    String message = refusal(() -> DESIGN.createShares(0, other, block));
    assertTrue(message.startsWith("block-key: signer set of another committee ("), message);
    assertTrue(message.endsWith(") for this setup's " + KEYS.committee()), message);
  }

  @Test
  void aNullMessageIsRefused() {
    assertEquals("block-key encrypt: message must not be null (use an empty array)",
        refusal(() -> DESIGN.encrypt(ID, 0, null, SeededDrbg.of(8, "refusals", 3))));
  }
}
