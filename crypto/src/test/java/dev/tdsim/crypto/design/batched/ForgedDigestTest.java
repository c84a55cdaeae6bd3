package dev.tdsim.crypto.design.batched;

import static dev.tdsim.crypto.design.batched.BatchedFixture.BATCHED;
import static dev.tdsim.crypto.design.batched.BatchedFixture.KEYS;
import static dev.tdsim.crypto.design.batched.BatchedFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The forging proposer of issue 19 (item 8): a digest whose point C' is not C + Q_block, set to a
 * victim block's Q plus [h][gamma]_1, would make every validator's share a share of the key of
 * the victim's transaction (a block the proposer never included). Before the fix prepare kept
 * the proposer's point and the victim's transaction opened; now no such digest can be made.
 */
class ForgedDigestTest {
  private static final BlockId OWN = new BlockId("test", 80);
  private static final BlockId VICTIM = new BlockId("test", 90);

  /**
   * The attack, all of it: the victim's transaction, the proposer's own block with a forged
   * point, prepare, every signer's share, the key summed from them and the victim's payload
   * opened with it (what the attacker gets).
   */
  private static Optional<byte[]> stealVictimPayload() {
    SeededDrbg random = SeededDrbg.of(8, "forged-point", 0);
    BatchedTx victim = (BatchedTx) BatchedFixture.seal(BATCHED, VICTIM, 1, random).get(0);
    List<SealedTx> own = BatchedFixture.seal(BATCHED, OWN, 2, random);
    BatchedDigest honest = BATCHED.digest(OWN, own, WORKERS);
    Fr h = Cipher.tag(victim.header());
    G1Point forged = Cipher.blockPoint(VICTIM).add(BATCHED.setup().gammaG1().multiply(h));
    BatchedDigest digest =
        new BatchedDigest(OWN, own.size(), honest.commitment(), forged, BATCHED.setup());
    BatchedBlock block = BATCHED.prepare(digest, own, WORKERS);
    SignerSet all = SignerSet.all(KEYS.committee());
    List<G1Point> shares = new ArrayList<>();
    for (int v : all.validators()) {
      shares.add(G1Point.fromBytes(BATCHED.createShares(v, all, block).get(0)));
    }
    G1Point key = G1Point.sum(shares); // [sk] (Q_victim + [h] gamma_1)
    return Cipher.open(Cipher.kdf(Pairings.pair(key, victim.a()), h), victim.header(),
        victim.bodyView());
  }

  @Test
  void aDigestWhosePointIsAnotherBlocksIsRefusedBeforeAnyShare() {
    CryptoException e = assertThrows(CryptoException.class, ForgedDigestTest::stealVictimPayload,
        () -> "the forged point gave the victim's payload: "
            + new String(stealVictimPayloadOrEmpty(), java.nio.charset.StandardCharsets.UTF_8));
    assertTrue(e.getMessage().contains("forged digest"), e.getMessage());
  }

  private static byte[] stealVictimPayloadOrEmpty() {
    try {
      return stealVictimPayload().orElse(new byte[0]);
    } catch (CryptoException refused) {
      return new byte[0];
    }
  }

  @Test
  void theHonestDigestsPointIsDerivedAndItsBlockOpens() {
    SeededDrbg random = SeededDrbg.of(9, "derived-point", 0);
    List<SealedTx> own = BatchedFixture.seal(BATCHED, OWN, 3, random);
    BatchedDigest d = BATCHED.digest(OWN, own, WORKERS);
    assertEquals(d.commitment().add(Cipher.blockPoint(OWN)), d.point());
    BatchedBlock block = (BatchedBlock) BATCHED.prepare(OWN, d, own, WORKERS);
    SignerSet all = SignerSet.all(KEYS.committee());
    var result = BATCHED.propose(block, BatchedFixture.shares(BATCHED, all, block), all, null,
        random);
    for (int j = 0; j < own.size(); j++) {
      assertArrayEquals(BatchedFixture.message(j), result.plaintexts().get(j).orElseThrow());
    }
  }

  @Test
  void aDigestForAnotherHeightIsRefusedByTheValidatorPreparingThisOne() {
    SeededDrbg random = SeededDrbg.of(10, "future-height", 0);
    BlockId future = new BlockId("test", 81);
    List<SealedTx> txs = BatchedFixture.seal(BATCHED, future, 2, random);
    BatchedDigest d = BATCHED.digest(future, txs, WORKERS);
    CryptoException e = assertThrows(CryptoException.class,
        () -> BATCHED.prepare(OWN, d, txs, WORKERS));
    assertTrue(e.getMessage().contains("is for " + future), e.getMessage());
  }

  /**
   * The forging proposer's digest as the design makes it for the simulator: C' is the victim's
   * hash point and C = C' - Q_own, a well-formed digest that commits to nothing of this block, so
   * prepare refuses it.
   */
  @Test
  void theForgingProposersDigestCarriesTheVictimsPointAndIsRefusedAtPrepare() {
    List<SealedTx> own = BatchedFixture.seal(BATCHED, OWN, 2, SeededDrbg.of(8, "forger", 0));
    BatchedDigest forged = BATCHED.digestWithPointOf(OWN, own, VICTIM, WORKERS);
    assertEquals(OWN, forged.block());
    assertEquals(Cipher.blockPoint(VICTIM), forged.point());
    CryptoException e =
        assertThrows(CryptoException.class, () -> BATCHED.prepare(forged, own, WORKERS));
    assertEquals("batched prepare: the proposer's digest does not commit to the block's"
        + " transactions", e.getMessage());
  }
}
