package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a Ferveo design's keys say about themselves and refuse: any block size, the key set they
 * were set up with, well-formed wrong shares (one per transaction, the honest size, other bytes)
 * and a transaction of another design, named.
 */
class FerveoKeysTest {
  private static final Workers WORKERS = Workers.of(1);
  private static final KeySet KEYS = KeySet.deal(Committee.equal(16, 11, 4),
      SeededDrbg.of(6, "ferveo-keys", 0), WORKERS);
  private static final BlockId ID = new BlockId("ferveo-keys", 2);

  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch", "fast", "precomputed", "folded"})
  void theKeysKnowTheirFactsAndMakeWellFormedWrongShares(String name) {
    BlockDesign design = Designs.byName(name);
    DesignKeys keys = design.setup(KEYS, 2, SeededDrbg.of(6, "ferveo-keys", 1), WORKERS);
    assertSame(design, keys.design());
    assertSame(KEYS, keys.keys());
    assertSame(design, keys.forCombiner().design());
    assertEquals(Integer.MAX_VALUE, keys.maxBlockSize(), "any block size");
    // only fast's combiner verifies every share before combining; the others check the results
    assertEquals(name.equals("fast"), keys.verifiesShares());
    assertEquals(keys.verifiesShares(), keys.forCombiner().verifiesShares());
    List<SealedTx> txs = List.of(
        keys.encrypt(ID, 0, new byte[] {1}, SeededDrbg.of(6, "tx", 0)),
        keys.encrypt(ID, 1, new byte[] {2, 3}, SeededDrbg.of(6, "tx", 1)));
    PreparedBlock block = keys.prepare(keys.digest(ID, txs, WORKERS), txs, WORKERS);
    assertEquals(ID, block.digest().block());
    assertEquals(txs, block.txs());
    Ciphertext sealed = (Ciphertext) txs.get(1);
    assertTrue(keys.isValid(sealed));
    byte[] altered = sealed.payload();
    altered[0] ^= 1;
    assertFalse(keys.isValid(new Ciphertext(sealed.group(), sealed.u(), altered, sealed.w())),
        "the CCA check binds the payload");
    SignerSet signers = SignerSet.all(KEYS.committee());
    List<byte[]> honest = keys.createShares(1, signers, block);
    List<byte[]> wrong = keys.createWrongShares(1, signers, block);
    assertEquals(2, wrong.size(), "one per transaction");
    for (int j = 0; j < 2; j++) {
      assertEquals(honest.get(j).length, wrong.get(j).length, "well-formed");
      assertFalse(Arrays.equals(honest.get(j), wrong.get(j)), "but wrong");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "folded"})
  void aTransactionOfAnotherDesignIsNamed(String name) {
    DesignKeys keys = Designs.byName(name).setup(KEYS, 2, SeededDrbg.of(6, "k", 2), WORKERS);
    SealedTx foreign = Designs.byName("block-key").setup(KEYS, 2, SeededDrbg.of(6, "k", 3),
        WORKERS).encrypt(ID, 0, new byte[1], SeededDrbg.of(6, "k", 4));
    CryptoException e = assertThrows(CryptoException.class, () -> keys.isValid(foreign));
    assertEquals("Ferveo design: not a threshold ciphertext: BlockKeyTx", e.getMessage());
    e = assertThrows(CryptoException.class, () -> keys.isValid(null));
    assertEquals("Ferveo design: not a threshold ciphertext: null", e.getMessage());
    PreparedBlock block = keys.prepare(keys.digest(ID, List.of(foreign), WORKERS),
        List.of(foreign), WORKERS);
    assertTrue(assertThrows(CryptoException.class, () -> keys.createShares(0,
        SignerSet.all(KEYS.committee()), block)).getMessage().contains("BlockKeyTx"));
  }

  /**
   * A wrong share for a validator outside the signer set: simple's and batch's shift needs the
   * validator among the points combined, so it is made for the smallest set that holds it; the
   * shares are still one per transaction, well-formed and not the honest ones.
   */
  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch"})
  void aWrongShareForAValidatorOutsideTheSignerSet(String name) {
    DesignKeys keys = Designs.byName(name).setup(KEYS, 2, SeededDrbg.of(6, "outside", 0), WORKERS);
    List<SealedTx> txs = List.of(keys.encrypt(ID, 0, new byte[] {5}, SeededDrbg.of(6, "tx", 2)));
    PreparedBlock block = keys.prepare(keys.digest(ID, txs, WORKERS), txs, WORKERS);
    SignerSet three = SignerSet.of(KEYS.committee(), List.of(0, 1, 2)); // 12 points >= 11
    List<byte[]> wrong = keys.createWrongShares(3, three, block);
    List<byte[]> honest = keys.createShares(3, SignerSet.all(KEYS.committee()), block);
    assertEquals(1, wrong.size());
    assertEquals(honest.get(0).length, wrong.get(0).length, "well-formed");
    assertFalse(Arrays.equals(honest.get(0), wrong.get(0)));
  }
}
