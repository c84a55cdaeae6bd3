package dev.tdsim.crypto.tpke;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TpkeTest {
  private static KeySet keys;

  @BeforeAll
  static void deal() {
    keys = KeySet.deal(Committee.equal(16, 10, 4), new Random(9), Workers.of(1));
  }

  @Test
  void keySharesInterpolateToThePublicKey() {
    // sum lambda_k Z_k over any t points equals Y2, and e(G, Y2) == e(Y, H)
    SignerSet s = SignerSet.of(keys.committee(), List.of(0, 1, 3));
    Fr[] lambdas = s.lambdas();
    int[] points = keys.committee().pointsOf(s.validators());
    List<G2Point> zs = new ArrayList<>();
    for (int k : points) {
      zs.add(keys.keyShares().get(k));
    }
    assertEquals(keys.publicKeyG2(), G2Point.msm(zs, List.of(lambdas)));
    assertEquals(Pairings.pair(G1Point.generator(), keys.publicKeyG2()),
        Pairings.pair(keys.publicKey(), G2Point.generator()));
  }

  @Test
  void blindedSharesUnblindWithTheBlindingKey() {
    int k = 5;
    int v = keys.validatorOf(k);
    Fr factor = keys.validatorBlinding(v).neg().mul(keys.domain().element(k).inverse());
    assertEquals(keys.keyShares().get(k).multiply(factor), keys.blindedShares().get(k));
  }

  @Test
  void ciphertextsRoundTripAndAreValid() {
    Random r = new Random(1);
    for (SecretGroup g : SecretGroup.values()) {
      for (int size : new int[] {0, 1, 100, 4096}) {
        Ciphertext ct = Tpke.encrypt(keys.publicKey(), new byte[size], g, r);
        assertEquals(size, ct.messageBytes());
        Ciphertext back = Ciphertext.fromBytes(ct.toBytes());
        assertEquals(ct, back);
        assertTrue(Tpke.isValid(back));
      }
    }
  }

  @Test
  void tamperedCiphertextIsRejected() {
    Random r = new Random(2);
    Ciphertext ct = Tpke.encrypt(keys.publicKey(), "pay 10".getBytes(), SecretGroup.GT, r);
    byte[] payload = ct.payload();
    payload[0] ^= 1;
    Ciphertext tampered = new Ciphertext(ct.group(), ct.u(), payload, ct.w());
    assertFalse(Tpke.isValid(tampered));
    Ciphertext otherU = new Ciphertext(ct.group(), ct.u().add(G1Point.generator()), ct.payload(),
        ct.w());
    assertFalse(Tpke.isValid(otherU));
    List<Ciphertext> block = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      block.add(Tpke.encrypt(keys.publicKey(), new byte[10], SecretGroup.G1, r));
    }
    assertTrue(Tpke.areAllValid(block, r));
    block.set(3, tampered);
    assertFalse(Tpke.areAllValid(block, r));
  }

  @Test
  void twoBadTagsDoNotCancelInTheBatchCheck() {
    // W1' = W1 + D, W2' = W2 - D: an unweighted sum would accept this pair.
    Random r = new Random(3);
    Ciphertext a = Tpke.encrypt(keys.publicKey(), new byte[5], SecretGroup.GT, r);
    Ciphertext b = Tpke.encrypt(keys.publicKey(), new byte[5], SecretGroup.GT, r);
    G2Point d = G2Point.generator().multiply(Fr.of(12345));
    Ciphertext a2 = new Ciphertext(a.group(), a.u(), a.payload(), a.w().add(d));
    Ciphertext b2 = new Ciphertext(b.group(), b.u(), b.payload(), b.w().add(d.negate()));
    assertFalse(Tpke.areAllValid(List.of(a2, b2), r));
  }

  @Test
  void openReturnsExactlyThePlaintextForEverySize() {
    Random r = new Random(6);
    for (int size : new int[] {0, 1, 63, 64, 65, 1000, 1024, 4096, 10000}) {
      byte[] msg = new byte[size];
      r.nextBytes(msg);
      Ciphertext ct = Tpke.encrypt(keys.publicKey(), msg, SecretGroup.G1, r);
      assertEquals(size + Ciphertext.TAG_BYTES, ct.payload().length);
    }
  }

  @Test
  void openWithWrongSecretIsEmptyNotGarbage() {
    Random r = new Random(4);
    Ciphertext ct = Tpke.encrypt(keys.publicKey(), "secret".getBytes(), SecretGroup.G1, r);
    assertTrue(Tpke.open(ct, Tpke.secretBytes(G1Point.generator())).isEmpty());
  }

  @Test
  void corruptedCiphertextBytesAreRejected() {
    Random r = new Random(5);
    byte[] enc = Tpke.encrypt(keys.publicKey(), new byte[20], SecretGroup.GT, r).toBytes();
    byte[] badTag = enc.clone();
    badTag[0] = 9;
    assertThrows(CryptoException.class, () -> Ciphertext.fromBytes(badTag));
    byte[] badLength = enc.clone();
    badLength[1 + 48 + 96 + 3] ^= 1;
    assertThrows(CryptoException.class, () -> Ciphertext.fromBytes(badLength));
    byte[] badU = enc.clone();
    badU[20] ^= 1;
    CryptoException e = assertThrows(CryptoException.class, () -> Ciphertext.fromBytes(badU));
    assertTrue(e.getMessage().contains("G1"), e.getMessage());
    assertThrows(CryptoException.class, () -> Ciphertext.fromBytes(new byte[10]));
  }

  @Test
  void committeeSplitsByStakeAndValidates() {
    Committee c = Committee.byStake(64, 42, new long[] {1, 1, 2, 4});
    assertEquals(4, c.validators());
    assertEquals(64, c.pointsOf(List.of(0, 1, 2, 3)).length);
    assertTrue(c.pointsOf(3) > c.pointsOf(2) && c.pointsOf(2) > c.pointsOf(0));
    Committee eq = Committee.equal(8192, 5461, 150);
    assertEquals(55, eq.pointsOf(0));
    assertEquals(54, eq.pointsOf(149));
    assertEquals(5461, Committee.defaultThreshold(8192));
    assertThrows(CryptoException.class, () -> Committee.equal(100, 60, 4));
    assertThrows(CryptoException.class, () -> Committee.equal(64, 65, 4));
    assertThrows(CryptoException.class, () -> Committee.equal(64, 42, 65));
    assertThrows(CryptoException.class, () -> Committee.byStake(64, 42, new long[] {1, 0}));
  }

  @Test
  void signerSetBelowThresholdFailsClearly() {
    CryptoException e = assertThrows(CryptoException.class,
        () -> SignerSet.of(keys.committee(), List.of(0, 1)));
    assertTrue(e.getMessage().contains("threshold is 10"), e.getMessage());
    assertThrows(CryptoException.class, () -> SignerSet.of(keys.committee(), List.of(0, 0, 1)));
    assertThrows(CryptoException.class, () -> SignerSet.of(keys.committee(), List.of(0, 1, 7)));
  }

  @Test
  void keySetIsDeterministicForASeed() {
    KeySet again = KeySet.deal(keys.committee(), new Random(9), Workers.of(1));
    assertArrayEquals(keys.publicKey().toCompressed(), again.publicKey().toCompressed());
  }
}
