package dev.tdsim.crypto.design.blockkey;

import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.DESIGN;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.KEYS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BlockKeyRoundTripTest {
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 7, 16})
  void everyTransactionOfTheBlockOpens(int size) {
    SeededDrbg random = SeededDrbg.of(1, "rt", size);
    BlockId id = BlockKeyFixture.block(10 + size);
    List<SealedTx> txs = BlockKeyFixture.seal(DESIGN, id, size, random);
    for (SealedTx tx : txs) {
      assertEquals(tx, DESIGN.decode(tx.toBytes()));
      assertTrue(DESIGN.isValid(tx));
    }
    PreparedBlock block = BlockKeyFixture.prepare(DESIGN, id, txs);
    SignerSet signers = BlockKeyFixture.all();
    BlockResult r = DESIGN.propose(
        block, BlockKeyFixture.shares(DESIGN, signers, block), signers, null, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    assertEquals(signers, r.signersUsed());
    assertTrue(r.faultyValidators().isEmpty());
    assertTrue(r.invalidCiphertexts().isEmpty());
    for (int j = 0; j < size; j++) {
      assertArrayEquals(BlockKeyFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
    assertEquals(KEYS.committee().shares(), r.pointsAvailable());
    assertTrue(r.timings().verifyNanos() > 0 && r.timings().combineNanos() > 0
        && r.timings().checkNanos() > 0 && r.timings().decryptNanos() > 0);
    assertEquals(0, r.timings().blameNanos());
    // The signer set's folded public shares are cached: a second block does not prepare again.
    BlockId next = BlockKeyFixture.block(100 + size);
    List<SealedTx> more = BlockKeyFixture.seal(DESIGN, next, 1, random);
    PreparedBlock block2 = BlockKeyFixture.prepare(DESIGN, next, more);
    BlockResult r2 = DESIGN.propose(
        block2, BlockKeyFixture.shares(DESIGN, signers, block2), signers, null, random);
    assertEquals(BlockResult.Status.DECRYPTED, r2.status());
    assertFalse(r2.ranPrepare());
  }
}
