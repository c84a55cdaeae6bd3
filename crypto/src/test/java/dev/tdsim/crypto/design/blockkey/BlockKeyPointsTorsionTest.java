package dev.tdsim.crypto.design.blockkey;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * block-key-points: a torsion component on one point passes the batch check (pairings cannot see
 * it) but not the key's subgroup check; the per-validator check then names its sender and the
 * block opens from the others.
 */
class BlockKeyPointsTorsionTest {
  @Test
  void aTorsionComponentIsCaughtByTheKeyCheckAndItsSenderNamed() {
    DesignKeys design = Designs.byName("block-key-points").setup(BlockKeyFixture.KEYS, 8,
        SeededDrbg.of(5, "points-torsion", 0), BlockKeyFixture.WORKERS);
    SeededDrbg random = SeededDrbg.of(5, "points-torsion", 1);
    BlockId id = BlockKeyFixture.block(77);
    List<SealedTx> txs = BlockKeyFixture.seal(design, id, 3, random);
    PreparedBlock block = BlockKeyFixture.prepare(design, id, txs);
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(design, BlockKeyFixture.all(), block);
    byte[] msg = shares.get(0).get(0).clone();
    G1Point first = G1Point.fromBytes(java.util.Arrays.copyOf(msg, 96));
    G1Point shifted = first.add(BlockKeyFixture.torsion());
    assertTrue(!shifted.isInSubgroup());
    System.arraycopy(shifted.toUncompressed(), 0, msg, 0, 96);
    shares.put(0, List.of(msg));
    BlockResult r = design.propose(block, shares, null, null, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    assertEquals(List.of(0), List.copyOf(r.faultyValidators().keySet()));
    assertTrue(r.faultyValidators().get(0).contains("subgroup"), r.faultyValidators().toString());
    assertEquals(56, r.pointsAvailable(), "the named sender's 8 points no longer count");
    for (int j = 0; j < txs.size(); j++) {
      assertArrayEquals(BlockKeyFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }
}
