package dev.tdsim.crypto.tpke;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ciphertext validity (the CCA check of Baek-Zheng): single {@link Tpke#isValid} and the weighted
 * batch {@link Tpke#areAllValid}, on batches mixing valid and invalid ciphertexts, including
 * pairs of invalid ones whose errors cancel in an unweighted batch check.
 */
class CiphertextValidityTest {
  private static KeySet keys;
  private static final StrongRandom ENC = SeededDrbg.of(21, "test.validity", 0);

  @BeforeAll
  static void deal() {
    keys = KeySet.deal(Committee.equal(16, 10, 4), SeededDrbg.of(20, "test.validity", 0),
        Workers.of(1));
  }

  private static Ciphertext encrypt(int i, SecretGroup g) {
    return Tpke.encrypt(keys.publicKey(), ("payload " + i).getBytes(), g, ENC);
  }

  private static List<Ciphertext> valid(int n) {
    List<Ciphertext> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(encrypt(i, i % 2 == 0 ? SecretGroup.GT : SecretGroup.G1));
    }
    return out;
  }

  /** The check of the original code: prod_j e(U_j, H_j) * e(-G, sum_j W_j) == 1, no weights. */
  private static boolean unweightedBatchCheck(List<Ciphertext> cts) {
    List<G1Point> ps = new ArrayList<>();
    List<G2Point> qs = new ArrayList<>();
    G2Point wSum = G2Point.identity();
    for (Ciphertext ct : cts) {
      ps.add(ct.u());
      qs.add(Tpke.hashToG2(ct.u(), ct.group(), ct.payload()));
      wSum = wSum.add(ct.w());
    }
    ps.add(G1Point.generator().negate());
    qs.add(wSum);
    return Pairings.productIsOne(ps, qs);
  }

  private static Ciphertext withW(Ciphertext ct, G2Point w) {
    return new Ciphertext(ct.group(), ct.u(), ct.payload(), w);
  }

  /** Two invalid ciphertexts: W_a + D and W_b - D (D a random G2 point). */
  private static List<Ciphertext> cancellingPair(Ciphertext a, Ciphertext b, long d) {
    G2Point delta = G2Point.generator().multiply(Fr.of(d));
    return List.of(withW(a, a.w().add(delta)), withW(b, b.w().add(delta.negate())));
  }

  private static List<Integer> invalidOneByOne(List<Ciphertext> cts) {
    List<Integer> bad = new ArrayList<>();
    for (int j = 0; j < cts.size(); j++) {
      if (!Tpke.isValid(cts.get(j))) {
        bad.add(j);
      }
    }
    return bad;
  }

  @Test
  void validBatchesPassWholeAndOneByOne() {
    List<Ciphertext> cts = valid(6);
    StrongRandom weights = SeededDrbg.of(1, "test.validity.weights", 0);
    assertTrue(Tpke.areAllValid(cts, weights));
    assertTrue(Tpke.areAllValid(cts.subList(0, 1), weights));
    assertTrue(Tpke.areAllValid(List.of(), weights));
    assertTrue(invalidOneByOne(cts).isEmpty());
    assertTrue(unweightedBatchCheck(cts));
  }

  @Test
  void mixedBatchFailsAndTheCheckOneByOneFindsExactlyTheBadOnes() {
    List<Ciphertext> cts = new ArrayList<>(valid(8));
    // 1: payload altered after W was made; 3: another U; 4 and 6: errors that cancel unweighted;
    // 7: an invalid W that is not even related to the others.
    byte[] payload = cts.get(1).payload();
    payload[payload.length - 1] ^= 1;
    cts.set(1, new Ciphertext(cts.get(1).group(), cts.get(1).u(), payload, cts.get(1).w()));
    Ciphertext c3 = cts.get(3);
    cts.set(3, new Ciphertext(c3.group(), c3.u().add(G1Point.generator()), c3.payload(), c3.w()));
    List<Ciphertext> pair = cancellingPair(cts.get(4), cts.get(6), 987_654_321L);
    cts.set(4, pair.get(0));
    cts.set(6, pair.get(1));
    cts.set(7, withW(cts.get(7), G2Point.generator()));

    assertFalse(Tpke.areAllValid(cts, SeededDrbg.of(2, "test.validity.weights", 0)));
    assertEquals(List.of(1, 3, 4, 6, 7), invalidOneByOne(cts));
    // Without the bad ones the rest pass the batch check.
    List<Ciphertext> rest = List.of(cts.get(0), cts.get(2), cts.get(5));
    assertTrue(Tpke.areAllValid(rest, SeededDrbg.of(2, "test.validity.weights", 1)));
  }

  @Test
  void invalidCiphertextsWhoseErrorsCancelUnweightedAreCaught() {
    List<Ciphertext> cts = new ArrayList<>(valid(5));
    List<Ciphertext> pair = cancellingPair(cts.get(0), cts.get(3), 4242L);
    cts.set(0, pair.get(0));
    cts.set(3, pair.get(1));
    // The attack is real: the unweighted check of the original code accepts this batch ...
    assertTrue(unweightedBatchCheck(cts));
    // ... the weighted one does not, whatever (strong) weights it draws.
    for (int i = 0; i < 4; i++) {
      assertFalse(Tpke.areAllValid(cts, SeededDrbg.of(3, "test.validity.weights", i)), "run " + i);
    }
    assertFalse(Tpke.areAllValid(pair, SeededDrbg.of(3, "test.validity.weights", 9)));
    assertEquals(List.of(0, 3), invalidOneByOne(cts));
  }

  @Test
  void swappedTagsAreCaught() {
    // Each W belongs to the other ciphertext: the sum of the W's is unchanged.
    Ciphertext a = encrypt(100, SecretGroup.GT);
    Ciphertext b = encrypt(101, SecretGroup.GT);
    List<Ciphertext> swapped = List.of(withW(a, b.w()), withW(b, a.w()));
    assertTrue(unweightedBatchCheck(swapped));
    assertFalse(Tpke.areAllValid(swapped, SeededDrbg.of(4, "test.validity.weights", 0)));
    assertEquals(List.of(0, 1), invalidOneByOne(swapped));
  }

  @Test
  void oneBadCiphertextIsCaughtAtEveryPosition() {
    List<Ciphertext> good = valid(4);
    for (int bad = 0; bad < good.size(); bad++) {
      List<Ciphertext> cts = new ArrayList<>(good);
      Ciphertext c = cts.get(bad);
      cts.set(bad, withW(c, c.w().add(G2Point.generator())));
      assertFalse(Tpke.areAllValid(cts, SeededDrbg.of(5, "test.validity.weights", bad)),
          "bad at " + bad);
    }
  }

  /**
   * A ciphertext with randomness r = 0 (U = W = the point at infinity) satisfies the validity
   * equation but its payload key is public: refused when built and when decoded (it was once
   * accepted by the batch check and opened with no key shares).
   */
  @Test
  void aCiphertextWithZeroRandomnessIsRefused() {
    for (SecretGroup g : SecretGroup.values()) {
      Ciphertext honest = encrypt(1, g);
      dev.tdsim.crypto.CryptoException built = org.junit.jupiter.api.Assertions.assertThrows(
          dev.tdsim.crypto.CryptoException.class, () -> new Ciphertext(g, G1Point.identity(),
              honest.payload(), G2Point.identity()));
      assertTrue(built.getMessage().contains("U is the point at infinity"), built.getMessage());
      org.junit.jupiter.api.Assertions.assertThrows(dev.tdsim.crypto.CryptoException.class,
          () -> new Ciphertext(g, honest.u(), honest.payload(), G2Point.identity()));
      byte[] wire = honest.toBytes();
      byte[] infinity = G1Point.identity().toCompressed();
      System.arraycopy(infinity, 0, wire, 1, infinity.length);
      byte[] w = G2Point.identity().toCompressed();
      System.arraycopy(w, 0, wire, 1 + infinity.length, w.length);
      dev.tdsim.crypto.CryptoException decoded = org.junit.jupiter.api.Assertions.assertThrows(
          dev.tdsim.crypto.CryptoException.class, () -> Ciphertext.fromBytes(wire));
      assertTrue(decoded.getMessage().contains("point at infinity"), decoded.getMessage());
    }
  }
}
