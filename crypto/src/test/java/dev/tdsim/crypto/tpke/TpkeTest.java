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
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bouncycastle.crypto.digests.Blake2bDigest;
import org.bouncycastle.crypto.modes.ChaCha20Poly1305;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TpkeTest {
  private static KeySet keys;

  @BeforeAll
  static void deal() {
    keys = KeySet.deal(Committee.equal(16, 10, 4), SeededDrbg.of(9, "test.tpke", 0), Workers.of(1));
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
    StrongRandom r = SeededDrbg.of(1, "test.tpke", 0);
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
    StrongRandom r = SeededDrbg.of(2, "test.tpke", 0);
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
    StrongRandom r = SeededDrbg.of(3, "test.tpke", 0);
    Ciphertext a = Tpke.encrypt(keys.publicKey(), new byte[5], SecretGroup.GT, r);
    Ciphertext b = Tpke.encrypt(keys.publicKey(), new byte[5], SecretGroup.GT, r);
    G2Point d = G2Point.generator().multiply(Fr.of(12345));
    Ciphertext a2 = new Ciphertext(a.group(), a.u(), a.payload(), a.w().add(d));
    Ciphertext b2 = new Ciphertext(b.group(), b.u(), b.payload(), b.w().add(d.negate()));
    assertFalse(Tpke.areAllValid(List.of(a2, b2), r));
  }

  /**
   * The shared secret of {@code ct} computed from the dealer's secret instead of from shares:
   * f(0) = (1/N) sum_k f(omega^k) on the full domain; GT: e(U, [f(0)]H) = e([r]Y, H); G1:
   * [f(0)]U = [r]Y.
   */
  static byte[] dealerSecret(KeySet keys, Ciphertext ct) {
    if (ct.group() == SecretGroup.GT) {
      return Tpke.secretBytes(Pairings.pair(ct.u(), keys.publicKeyG2()));
    }
    int n = keys.committee().shares();
    Fr sum = Fr.zero();
    for (int k = 0; k < n; k++) {
      sum = sum.add(keys.validatorScalarShare(k));
    }
    Fr f0 = sum.mul(Fr.of(n).inverse());
    assertEquals(keys.publicKey(), G1Point.generator().multiply(f0), "f(0) recomputed");
    return Tpke.secretBytes(ct.u().multiply(f0));
  }

  @Test
  void openReturnsExactlyThePlaintextForEverySize() {
    StrongRandom r = SeededDrbg.of(6, "test.tpke", 0);
    for (SecretGroup g : SecretGroup.values()) {
      for (int size : new int[] {0, 1, 63, 64, 65, 1000, 1024, 4096, 10000}) {
        byte[] msg = new byte[size];
        r.nextBytes(msg);
        Ciphertext ct = Tpke.encrypt(keys.publicKey(), msg, g, r);
        assertEquals(size + Ciphertext.TAG_BYTES, ct.payload().length);
        byte[] secret = dealerSecret(keys, ct);
        assertArrayEquals(msg, Tpke.open(ct, secret).orElseThrow(), g + ", " + size + " B");
        // The same bytes after a trip through the wire encoding.
        assertArrayEquals(msg, Tpke.open(Ciphertext.fromBytes(ct.toBytes()), secret).orElseThrow());
        // One flipped bit anywhere in the payload (tag included) and nothing opens.
        byte[] payload = ct.payload();
        payload[(size * 7) % payload.length] ^= 0x10;
        assertTrue(Tpke.open(new Ciphertext(g, ct.u(), payload, ct.w()), secret).isEmpty());
      }
    }
  }

  @Test
  void payloadIsChaCha20Poly1305UnderBlake2bOfTheSecret() throws Exception {
    // The documented format, recomputed here: key = BLAKE2b-256("tdsim-tpke-kdf-v1" || s),
    // 12-byte zero nonce, associated data = U compressed, 16-byte tag.
    StrongRandom r = SeededDrbg.of(7, "test.tpke", 0);
    byte[] msg = "transfer 5 to bob".getBytes(StandardCharsets.UTF_8);
    for (SecretGroup g : SecretGroup.values()) {
      Ciphertext ct = Tpke.encrypt(keys.publicKey(), msg, g, r);
      Blake2bDigest kdf = new Blake2bDigest(256);
      byte[] label = "tdsim-tpke-kdf-v1".getBytes(StandardCharsets.US_ASCII);
      byte[] secret = dealerSecret(keys, ct);
      kdf.update(label, 0, label.length);
      kdf.update(secret, 0, secret.length);
      byte[] key = new byte[32];
      kdf.doFinal(key, 0);
      ChaCha20Poly1305 aead = new ChaCha20Poly1305();
      aead.init(false, new AEADParameters(new KeyParameter(key), 128, new byte[12],
          ct.u().toCompressed()));
      byte[] in = ct.payload();
      byte[] out = new byte[aead.getOutputSize(in.length)];
      int n = aead.processBytes(in, 0, in.length, out, 0);
      n += aead.doFinal(out, n);
      assertArrayEquals(msg, Arrays.copyOf(out, n), g.toString());
    }
  }

  @Test
  void tagIsRTimesTheHashOfUGroupAndPayload() {
    // W = [r] H(U || group tag || V) with the project's DST, so e(U, H) == e(G, W).
    StrongRandom r = SeededDrbg.of(8, "test.tpke", 0);
    for (SecretGroup g : SecretGroup.values()) {
      Ciphertext ct = Tpke.encrypt(keys.publicKey(), new byte[] {1, 2, 3}, g, r);
      byte[] u = ct.u().toCompressed();
      byte[] v = ct.payload();
      byte[] msg = new byte[u.length + 1 + v.length];
      System.arraycopy(u, 0, msg, 0, u.length);
      msg[u.length] = g.tag;
      System.arraycopy(v, 0, msg, u.length + 1, v.length);
      G2Point h = G2Point.hashTo(msg, Tpke.HASH_DST);
      assertEquals(h, Tpke.hashToG2(ct.u(), g, v));
      assertEquals(Pairings.pair(ct.u(), h), Pairings.pair(G1Point.generator(), ct.w()));
      assertFalse(ct.u().isIdentity());
    }
  }

  @Test
  void encryptionIsDeterministicPerStreamAndFreshPerDraw() {
    byte[] msg = new byte[16];
    Ciphertext a = Tpke.encrypt(keys.publicKey(), msg, SecretGroup.GT,
        SeededDrbg.of(10, "test.tpke", 0));
    Ciphertext b = Tpke.encrypt(keys.publicKey(), msg, SecretGroup.GT,
        SeededDrbg.of(10, "test.tpke", 0));
    assertEquals(a, b);
    StrongRandom r = SeededDrbg.of(10, "test.tpke", 1);
    Set<G1Point> us = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      assertTrue(us.add(Tpke.encrypt(keys.publicKey(), msg, SecretGroup.GT, r).u()),
          "U (so r) repeated at draw " + i);
    }
    assertThrows(CryptoException.class,
        () -> Tpke.encrypt(keys.publicKey(), null, SecretGroup.G1, r));
  }

  @Test
  void openWithWrongSecretIsEmptyNotGarbage() {
    StrongRandom r = SeededDrbg.of(4, "test.tpke", 0);
    Ciphertext ct = Tpke.encrypt(keys.publicKey(), "secret".getBytes(), SecretGroup.G1, r);
    assertTrue(Tpke.open(ct, Tpke.secretBytes(G1Point.generator())).isEmpty());
  }

  @Test
  void corruptedCiphertextBytesAreRejected() {
    StrongRandom r = SeededDrbg.of(5, "test.tpke", 0);
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
    KeySet again = KeySet.deal(keys.committee(), SeededDrbg.of(9, "test.tpke", 0), Workers.of(1));
    assertArrayEquals(keys.publicKey().toCompressed(), again.publicKey().toCompressed());
  }
}
