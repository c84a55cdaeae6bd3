package dev.tdsim.crypto.design.blockkey;

import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.DESIGN;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.KEYS;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 19, item 10: a proposer's digest names the block id the key shares open. A digest for a
 * future height prepared as this one would have every validator release that height's block key
 * early (every transaction sealed for it opens before its block exists); and a key that opens
 * nothing is reported so, not as a plain success.
 */
class BlockKeyForgingProposerTest {
  private static final BlockId NOW = BlockKeyFixture.block(30);
  private static final BlockId FUTURE = BlockKeyFixture.block(35);

  /** {@code txs} prepared as block NOW, every validator's share, block_propose. */
  private static BlockResult openedAsNow(List<SealedTx> txs) {
    PreparedBlock block = DESIGN.prepare(NOW, DESIGN.digest(NOW, txs, WORKERS), txs, WORKERS);
    SignerSet all = SignerSet.all(KEYS.committee());
    return DESIGN.propose(block, BlockKeyFixture.shares(DESIGN, all, block), all, null,
        SeededDrbg.of(txs.size(), "opened-as-now", 1));
  }

  @Test
  void aDigestForAFutureHeightIsRefusedByTheValidatorPreparingThisHeight() {
    List<SealedTx> txs = BlockKeyFixture.seal(DESIGN, NOW, 2, SeededDrbg.of(3, "future", 0));
    BlockDigest forged = DESIGN.digest(FUTURE, txs, WORKERS);
    CryptoException e = assertThrows(CryptoException.class,
        () -> DESIGN.prepare(NOW, forged, txs, WORKERS));
    assertTrue(e.getMessage().contains("is for " + FUTURE), e.getMessage());
    assertEquals(NOW, DESIGN.prepare(NOW, DESIGN.digest(NOW, txs, WORKERS), txs, WORKERS)
        .digest().block());
  }

  @Test
  void aKeyThatOpensNothingSaysSo() {
    // Transactions sealed for another block: the proven key of NOW opens none of them.
    BlockResult r = openedAsNow(BlockKeyFixture.seal(DESIGN, FUTURE, 3,
        SeededDrbg.of(4, "none", 0)));
    assertEquals(0, r.openedCount());
    assertTrue(r.faultyValidators().isEmpty());
    assertTrue(r.unopenedReason().orElseThrow().contains("opened none of the 3 payloads"),
        r.unopenedReason().toString());
  }

  @Test
  void aBlockThatOpensHasNoUnopenedReason() {
    BlockResult r = openedAsNow(BlockKeyFixture.seal(DESIGN, NOW, 2, SeededDrbg.of(5, "all", 0)));
    assertEquals(2, r.openedCount());
    assertTrue(r.unopenedReason().isEmpty());
  }

  /** The forging proposer's digest: this block's id with the victim's identity point, refused. */
  @Test
  void aDigestWithTheVictimsIdentityPointIsRefusedAtPrepare() {
    List<SealedTx> txs = BlockKeyFixture.seal(DESIGN, NOW, 1, SeededDrbg.of(6, "forger", 0));
    BlockKeyDigest forged = (BlockKeyDigest) DESIGN.digestWithPointOf(NOW, txs, FUTURE, WORKERS);
    assertEquals(NOW, forged.block());
    assertEquals(BlockKeyCipher.identity(FUTURE), forged.identity());
    CryptoException e =
        assertThrows(CryptoException.class, () -> DESIGN.prepare(forged, txs, WORKERS));
    assertEquals("block-key prepare: the digest's identity point is not H1 of " + NOW,
        e.getMessage());
  }
}
