package dev.tdsim.crypto.design.batched;

import static dev.tdsim.crypto.design.batched.BatchedFixture.BATCHED;
import static dev.tdsim.crypto.design.batched.BatchedFixture.KEYS;
import static dev.tdsim.crypto.design.batched.BatchedFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the batched design refuses, each with a message that names the problem: a slot outside
 * the setup's capacity (sealing or decoding), a block larger than the capacity, a transaction of
 * another design, block or slot in a digest, a digest for another block size, a setup size out
 * of range; and the smallest setup, for one-transaction blocks, still opens its transaction.
 */
class BatchedRefusalsTest {
  private static final BlockId BLOCK = new BlockId("refusals", 5);

  private static String refusal(Runnable r) {
    return assertThrows(CryptoException.class, r::run).getMessage();
  }

  @Test
  void aSlotMustBeInsideTheCapacity() {
    SeededDrbg random = SeededDrbg.of(5, "slots", 0);
    assertEquals("batched encrypt: slot -1 outside [0, 16)",
        refusal(() -> BATCHED.encrypt(BLOCK, -1, new byte[1], random)));
    assertEquals("batched encrypt: slot 16 outside [0, 16)",
        refusal(() -> BATCHED.encrypt(BLOCK, 16, new byte[1], random)));
    assertEquals("batched encrypt: payload must not be null (use an empty array)",
        refusal(() -> BATCHED.encrypt(BLOCK, 0, null, random)));
    BatchedTx last = (BatchedTx) BATCHED.encrypt(BLOCK, 15, new byte[] {9}, random);
    assertTrue(BATCHED.isValid(BATCHED.decode(last.toBytes())));
    BatchedTx outside = new BatchedTx(BLOCK, 16, last.a(), last.b(), last.w(), last.body());
    assertEquals("decoding batched ciphertext: slot 16 outside [0, 16)",
        refusal(() -> BATCHED.decode(outside.toBytes())));
    assertFalse(BATCHED.isValid(outside));
    SealedTx foreign = Designs.byName("block-key").setup(KEYS, 4, random, WORKERS)
        .encrypt(BLOCK, 0, new byte[1], random);
    assertFalse(BATCHED.isValid(foreign));
  }

  @Test
  void aDigestTakesOnlyThisBlocksTransactionsInTheirSlots() {
    SeededDrbg random = SeededDrbg.of(5, "digest", 0);
    List<SealedTx> txs = BatchedFixture.seal(BATCHED, BLOCK, 2, random);
    List<SealedTx> tooMany = new ArrayList<>();
    for (int j = 0; j < 17; j++) {
      tooMany.add(txs.get(0));
    }
    assertEquals("batched digest: 17 transactions exceed the setup's capacity 16",
        refusal(() -> BATCHED.digest(BLOCK, tooMany, WORKERS)));
    SealedTx foreign = Designs.byName("block-key").setup(KEYS, 4, random, WORKERS)
        .encrypt(BLOCK, 1, new byte[1], random);
    assertEquals("batched digest: transaction 1 was not sealed with the batched design",
        refusal(() -> BATCHED.digest(BLOCK, List.of(txs.get(0), foreign), WORKERS)));
    BlockId other = new BlockId("refusals", 6);
    assertEquals("batched digest: transaction at position 0 was sealed for " + BLOCK
        + " slot 0, not " + other + " slot 0",
        refusal(() -> BATCHED.digest(other, txs, WORKERS)));
    BatchedDigest forTwo = (BatchedDigest) BATCHED.digest(BLOCK, txs, WORKERS);
    assertEquals("batched prepare: the digest is for 2 transactions, the block holds 1",
        refusal(() -> BATCHED.prepare(forTwo, txs.subList(0, 1), WORKERS)));
  }

  @Test
  void theSetupSizeMustBeBetweenOneAndTwoToTheTwentieth() {
    SeededDrbg random = SeededDrbg.of(5, "size", 0);
    assertEquals("batched setup: maxBlockSize must be in [1, 2^20], got 0",
        refusal(() -> BatchedSetup.deal(KEYS, 0, random, WORKERS)));
    assertEquals("batched setup: maxBlockSize must be in [1, 2^20], got 1048577",
        refusal(() -> BatchedSetup.deal(KEYS, (1 << 20) + 1, random, WORKERS)));
    assertEquals(4, BatchedSetup.deal(KEYS, 4, random, WORKERS).capacity());
    // the range's edges, and rounding up to a power of two
    assertEquals(1, BatchedSetup.capacityFor(1));
    assertEquals(1 << 20, BatchedSetup.capacityFor(1 << 20));
    assertEquals(1 << 20, BatchedSetup.capacityFor((1 << 19) + 1));
    assertEquals(4, BatchedSetup.capacityFor(3));
    assertEquals(2, BatchedSetup.capacityFor(2));
  }

  @Test
  void aSetupForOneTransactionOpensIt() {
    SeededDrbg random = SeededDrbg.of(5, "one", 0);
    BatchedKeys one = (BatchedKeys) Designs.byName("batched").setup(KEYS, 1, random, WORKERS);
    assertEquals(1, one.maxBlockSize());
    one.setup().checkAgainst(KEYS, random);
    List<SealedTx> txs = BatchedFixture.seal(one, BLOCK, 1, random);
    assertThrows(CryptoException.class, () -> one.encrypt(BLOCK, 1, new byte[1], random));
    BatchedBlock prepared = BatchedFixture.prepared(one, BLOCK, txs);
    assertTrue(prepared.invalid().isEmpty());
    SignerSet all = SignerSet.all(KEYS.committee());
    BlockResult r = one.propose(prepared, BatchedFixture.shares(one, all, prepared), all, null,
        random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    assertArrayEquals(BatchedFixture.message(0), r.plaintexts().get(0).orElseThrow());
  }
}
