package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.crypto.variant.Variants;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The faulty validators' shares made with the real crypto on the fixture's keys (4 validators,
 * 2 points each, any 3 reach t): the framing shares (aimed at the lowest-id other signer) and
 * calibration's shifted-share maker (also for a signer set without the validator).
 */
class FaultySharesTest {
  private static final KeySet KEYS = PipelineFixture.keys();

  private static Ciphertext ciphertext(CombineVariant<?> v) {
    return Tpke.encrypt(KEYS.publicKey(), new byte[64], v.secretGroup(),
        SeededDrbg.of(2, "test.faultyShares", 0));
  }

  private static SignerSet signers(Integer... validators) {
    return SignerSet.of(KEYS.committee(), List.of(validators));
  }

  /** A block of two transactions of {@code design}, as the combiner holds it. */
  private static PreparedBlock block(RealCrypto crypto) {
    DesignKeys dk = crypto.designKeys();
    List<SealedTx> txs = new ArrayList<>();
    for (int slot = 0; slot < 2; slot++) {
      txs.add(dk.encrypt(crypto.blockId(1), slot, new byte[] {(byte) slot, 7, 7},
          SeededDrbg.of(4, "test.faultyShares", slot)));
    }
    return crypto.plainBlock(1, txs);
  }

  @Test
  void framingSharesCarryTheErrorAimedAtTheLowestIdOtherSigner() {
    CombineVariant<?> simple = Variants.byName("simple");
    RealCrypto crypto = RealCrypto.of(Designs.byName("simple"), KEYS, 2, Workers.of(1));
    PreparedBlock block = block(crypto);
    SignerSet all = signers(0, 1, 2, 3);

    // Validator 2 frames 0 (the lowest other signer), one share per transaction.
    List<byte[]> framing = FaultyShares.framing(crypto.designKeys(), 2, all, block);
    assertEquals(block.txs().size(), framing.size());
    List<byte[]> honest = crypto.designKeys().createShares(2, all, block);
    CombineVariant.ShareMaker aimedAt0 = simple.framingShareMaker(KEYS, 2, 0, all);
    CombineVariant.ShareMaker aimedAt1 = simple.framingShareMaker(KEYS, 2, 1, all);
    for (int i = 0; i < framing.size(); i++) {
      Ciphertext ct = (Ciphertext) block.txs().get(i);
      assertArrayEquals(aimedAt0.create(ct), framing.get(i), "tx " + i + " frames validator 0");
      assertFalse(java.util.Arrays.equals(aimedAt1.create(ct), framing.get(i)));
      assertFalse(java.util.Arrays.equals(honest.get(i), framing.get(i)),
          "a framing share is not the honest one");
      assertEquals(honest.get(i).length, framing.get(i).length, "but it is well-formed");
    }
    // Validator 0 cannot frame itself: it aims at 1.
    List<byte[]> from0 = FaultyShares.framing(crypto.designKeys(), 0, all, block);
    assertArrayEquals(simple.framingShareMaker(KEYS, 0, 1, all)
        .create((Ciphertext) block.txs().get(0)), from0.get(0));
  }

  @Test
  void framingSharesOnANonFerveoDesignAreABugTheScenarioCheckPrevents() {
    RealCrypto crypto = RealCrypto.of(Designs.byName("batched"), KEYS, 2, Workers.of(1));
    PreparedBlock block = block(crypto);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> FaultyShares.framing(crypto.designKeys(), 0, signers(0, 1, 2, 3), block));
    assertTrue(e.getMessage().contains("batched"), e.getMessage());
    assertTrue(e.getMessage().contains("scenario check refuses"), e.getMessage());
  }

  /** Malformed shares are the honest ones, each without its last byte (they do not decode). */
  @Test
  void malformedSharesAreTheHonestOnesOneByteShort() {
    RealCrypto crypto = RealCrypto.of(Designs.byName("simple"), KEYS, 2, Workers.of(1));
    PreparedBlock block = block(crypto);
    SignerSet all = signers(0, 1, 2, 3);
    List<byte[]> honest = crypto.designKeys().createShares(2, all, block);
    List<byte[]> malformed = FaultyShares.malformed(crypto.designKeys(), 2, all, block);
    assertEquals(honest.size(), malformed.size());
    for (int i = 0; i < honest.size(); i++) {
      byte[] h = honest.get(i);
      assertArrayEquals(java.util.Arrays.copyOfRange(h, 0, h.length - 1), malformed.get(i),
          "share " + i);
    }
  }

  @Test
  void theShiftedMakerIsTheVariantsColludingOneForTheGivenSigners() {
    CombineVariant<?> simple = Variants.byName("simple");
    Ciphertext ct = ciphertext(simple);
    SignerSet with0 = signers(0, 1, 2);
    byte[] shifted = FaultyShares.shifted(simple, KEYS, 0, with0).create(ct);
    assertArrayEquals(simple.colludingShareMaker(KEYS, 0, with0).create(ct), shifted);
    assertFalse(java.util.Arrays.equals(simple.shareMaker(KEYS, 0, with0).create(ct), shifted),
        "a shifted share is not the honest one");
  }

  @Test
  void aSignerSetWithoutTheValidatorGetsTheShiftForTheSmallestSetHoldingIt() {
    CombineVariant<?> simple = Variants.byName("simple");
    Ciphertext ct = ciphertext(simple);
    // simple cannot shift validator 0's share for a combination it is not in
    assertThrows(dev.tdsim.crypto.CryptoException.class,
        () -> simple.colludingShareMaker(KEYS, 0, signers(1, 2, 3)));
    byte[] shifted = FaultyShares.shifted(simple, KEYS, 0, signers(1, 2, 3)).create(ct);
    // the smallest set that holds 0 is {0, 1, 2}
    assertArrayEquals(simple.colludingShareMaker(KEYS, 0, signers(0, 1, 2)).create(ct), shifted);
  }
}
