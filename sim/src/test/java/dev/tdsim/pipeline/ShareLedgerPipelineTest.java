package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.faults.ProposerForgery;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 19, item 10, through the simulator's door to the crypto: a proposal's digest is checked
 * against the height being prepared, honest validators make key shares only for the block
 * committed at its id, and every forgery of a forging proposer is refused by prepare.
 */
class ShareLedgerPipelineTest {
  private static final RealCrypto CRYPTO = RealCrypto.of(Designs.byName("block-key"),
      PipelineFixture.keys(), 16, Workers.of(1));

  private static List<SealedTx> sealed(int height, int seed) {
    return CRYPTO.encryptAndAdmit(height, List.of(new byte[8], new byte[9]),
        SeededDrbg.of(seed, "test.ledger", 0), new long[1]).value();
  }

  @Test
  void aDigestForAFutureHeightIsRefusedAtPrepare() {
    List<SealedTx> txs = sealed(5, 1);
    BlockDigest future = CRYPTO.digest(6, txs).value();
    CryptoException e = assertThrows(CryptoException.class, () -> CRYPTO.prepare(5, future, txs));
    assertTrue(e.getMessage().contains("height=6"), e.getMessage());
  }

  @Test
  void keySharesOnlyForTheCommittedBlockAtItsId() {
    List<SealedTx> txs = sealed(7, 1);
    PreparedBlock block = CRYPTO.prepare(7, CRYPTO.digest(7, txs).value(), txs).value();
    SignerSet all = SignerSet.all(PipelineFixture.keys().committee());
    CryptoException early = assertThrows(CryptoException.class,
        () -> CRYPTO.createShares(all.validators(), all, block));
    assertTrue(early.getMessage().contains("no block is committed"), early.getMessage());
    CRYPTO.committed(block);
    assertEquals(all.size(), CRYPTO.createShares(all.validators(), all, block).size());
    List<SealedTx> other = sealed(7, 2);
    PreparedBlock second = CRYPTO.prepare(7, CRYPTO.digest(7, other).value(), other).value();
    CryptoException twice = assertThrows(CryptoException.class,
        () -> CRYPTO.createShares(all.validators(), all, second));
    assertTrue(twice.getMessage().contains("second, different block"), twice.getMessage());
  }

  @ParameterizedTest
  @EnumSource(ProposerForgery.class)
  void everyForgeryIsRefusedByPrepare(ProposerForgery forgery) {
    for (String design : List.of("block-key", "batched", "batched-points")) {
      RealCrypto crypto = RealCrypto.of(Designs.byName(design), PipelineFixture.keys(), 4,
          Workers.of(1));
      List<SealedTx> txs = crypto.encryptAndAdmit(3, List.of(new byte[8]),
          SeededDrbg.of(3, "test.forgery", 0), new long[1]).value();
      String why = crypto.forgedDigestRefusal(3, txs, forgery).value();
      assertTrue(forgery == ProposerForgery.POINT
          ? why.contains("point") || why.contains("does not commit") : why.contains("is for"),
          design + " " + forgery + ": " + why);
    }
  }
}
