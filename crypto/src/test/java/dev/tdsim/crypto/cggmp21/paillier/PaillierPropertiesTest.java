package dev.tdsim.crypto.cggmp21.paillier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.cggmp21.Cggmp21Fixture;
import dev.tdsim.crypto.random.SeededDrbg;
import java.math.BigInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PaillierPropertiesTest {
  private static final PaillierSecretKey KEY = Cggmp21Fixture.key(0);
  private static final PaillierPublicKey PUBLIC = KEY.publicKey();
  private static final BigInteger HALF = KEY.n().shiftRight(1);

  private static BigInteger signed(long seed, int bits) {
    return RandomInts.signedBits(bits, SeededDrbg.of(seed, "paillier.m", 0));
  }

  @Property(tries = 40)
  void decryptionInvertsEncryption(@ForAll long seed, @ForAll @IntRange(min = 1, max = 1000)
      int bits) {
    BigInteger m = signed(seed, bits);
    var random = SeededDrbg.of(seed, "paillier.r", 0);
    BigInteger c = PUBLIC.encrypt(m, random).ciphertext();
    // centred decoding: values within ±N/2 round-trip exactly, also negative ones
    assertEquals(m, KEY.decrypt(c));
  }

  @Property(tries = 30)
  void ownerCrtEncryptionEqualsPlainEncryption(@ForAll long seed) {
    var random = SeededDrbg.of(seed, "paillier.crt", 0);
    BigInteger m = signed(seed, 900);
    BigInteger rho = RandomInts.unit(KEY.n(), random);
    assertEquals(PUBLIC.encrypt(m, rho), KEY.encrypt(m, rho));
    BigInteger e = signed(seed + 1, 1200);
    BigInteger c = PUBLIC.encrypt(m, rho);
    assertEquals(PUBLIC.pow(c, e), KEY.pow(c, e));
  }

  @Property(tries = 30)
  void additionAndScalarMultiplicationAreHomomorphic(@ForAll long seed) {
    var random = SeededDrbg.of(seed, "paillier.hom", 0);
    BigInteger a = signed(seed, 400);
    BigInteger b = signed(seed + 1, 400);
    BigInteger k = signed(seed + 2, 256);
    BigInteger ca = PUBLIC.encrypt(a, random).ciphertext();
    BigInteger cb = PUBLIC.encrypt(b, random).ciphertext();
    assertEquals(a.add(b), KEY.decrypt(PUBLIC.add(ca, cb)));
    assertEquals(a.multiply(k), KEY.decrypt(PUBLIC.multiply(ca, k)));
    assertEquals(a.multiply(k).add(b),
        KEY.decrypt(PUBLIC.add(PUBLIC.multiply(ca, k), cb)));
  }

  @Test
  void largePlaintextsWrapModuloN() {
    var random = SeededDrbg.of(1, "paillier.wrap", 0);
    BigInteger m = HALF.add(BigInteger.TEN);
    BigInteger c = PUBLIC.encrypt(m, random).ciphertext();
    assertEquals(m.subtract(KEY.n()), KEY.decrypt(c));
  }

  @Test
  void differentNoncesGiveDifferentCiphertexts() {
    var random = SeededDrbg.of(2, "paillier.nonce", 0);
    assertNotEquals(PUBLIC.encrypt(BigInteger.ONE, random).ciphertext(),
        PUBLIC.encrypt(BigInteger.ONE, random).ciphertext());
  }

  @Test
  void malformedCiphertextsAreRejected() {
    assertFalse(PUBLIC.isCiphertext(BigInteger.ZERO));
    assertFalse(PUBLIC.isCiphertext(PUBLIC.nSquared()));
    assertFalse(PUBLIC.isCiphertext(KEY.p())); // shares a factor with N
    assertTrue(PUBLIC.isCiphertext(BigInteger.TWO));
    CryptoException e = assertThrows(CryptoException.class, () -> KEY.decrypt(KEY.q()));
    assertTrue(e.getMessage().contains("not in Z*_{N^2}"), e.getMessage());
  }

  @Test
  void primesMustBeBlumPrimes() {
    BigInteger oneModFour = BigInteger.valueOf(13);
    assertThrows(CryptoException.class,
        () -> PaillierSecretKey.fromPrimes(oneModFour, KEY.q()));
    assertThrows(CryptoException.class, () -> PaillierSecretKey.fromPrimes(KEY.p(), KEY.p()));
    assertEquals(KEY.n(), PaillierSecretKey.fromPrimes(KEY.p(), KEY.q()).n());
  }

  @Test
  void keyIsOfTheRequestedSizeAndBlum() {
    assertEquals(1024, KEY.n().bitLength());
    assertEquals(3, KEY.p().mod(BigInteger.valueOf(4)).intValue());
    assertEquals(3, KEY.q().mod(BigInteger.valueOf(4)).intValue());
    assertFalse(KEY.toString().contains(KEY.p().toString()));
  }
}
