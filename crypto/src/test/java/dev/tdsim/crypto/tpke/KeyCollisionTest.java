package dev.tdsim.crypto.tpke;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Poly1305 multi-key collision works: one valid ciphertext, two secrets, two different
 * plaintexts, both accepted by the AEAD. This is why an opened payload proves nothing about the
 * combination (the variant tests show block_propose no longer falls for it).
 */
class KeyCollisionTest {
  private static KeySet keys;

  @BeforeAll
  static void deal() {
    keys = KeySet.deal(Committee.equal(16, 10, 4), new Random(21), Workers.of(1));
  }

  @ParameterizedTest
  @EnumSource(SecretGroup.class)
  void onePayloadOpensToTwoPlaintextsUnderTheTwoSecrets(SecretGroup group) {
    Random random = new Random(4);
    for (String text : new String[] {"", "pay alice 10", "x".repeat(16), "y".repeat(100)}) {
      byte[] message = text.getBytes(StandardCharsets.UTF_8);
      KeyCollision.Colliding c = KeyCollision.encrypt(keys.publicKey(), message, group, random);
      Ciphertext ct = c.ciphertext();
      assertEquals(group, ct.group());
      assertTrue(Tpke.isValid(ct), "W is valid: the ciphertext passes admission");
      // Honest plaintext: the message, zeros to a 16-byte block, then the 16 solved bytes.
      byte[] honest = Tpke.open(ct, c.honestSecret()).orElseThrow();
      assertArrayEquals(c.honestPlaintext(), honest);
      int padded = (message.length + 15) / 16 * 16;
      assertEquals(padded + 16, honest.length);
      assertArrayEquals(message, Arrays.copyOf(honest, message.length));
      assertArrayEquals(new byte[padded - message.length],
          Arrays.copyOfRange(honest, message.length, padded));
      // The same payload opens under the shifted secret, to something else.
      byte[] shifted = Tpke.open(ct, c.shiftedSecret()).orElseThrow();
      assertArrayEquals(c.shiftedPlaintext(), shifted);
      assertFalse(Arrays.equals(honest, shifted));
      assertFalse(Arrays.equals(c.honestSecret(), c.shiftedSecret()));
      // ... and not under an unrelated secret.
      byte[] other = c.honestSecret();
      other[other.length - 1] ^= 1;
      assertTrue(Tpke.open(ct, other).isEmpty());
      // A round trip through the wire encoding keeps both openings.
      Ciphertext back = Ciphertext.fromBytes(ct.toBytes());
      assertArrayEquals(shifted, Tpke.open(back, c.shiftedSecret()).orElseThrow());
    }
  }

  @Test
  void theSecretsAreTheTrueSecretAndItsStatedShift() {
    Random random = new Random(8);
    KeyCollision.Colliding g1 =
        KeyCollision.encrypt(keys.publicKey(), new byte[5], SecretGroup.G1, random);
    G1Point honest = G1Point.fromBytes(g1.honestSecret());
    // [r]Y is the secret: e([r]Y, H) == e(U, Y2).
    assertEquals(Pairings.pair(honest, G2Point.generator()),
        Pairings.pair(g1.ciphertext().u(), keys.publicKeyG2()));
    assertEquals(honest.add(KeyCollision.g1Shift()), G1Point.fromBytes(g1.shiftedSecret()));

    KeyCollision.Colliding gt =
        KeyCollision.encrypt(keys.publicKey(), new byte[5], SecretGroup.GT, random);
    assertEquals(Pairings.pair(gt.ciphertext().u(), keys.publicKeyG2()),
        GtElement.fromBytes(gt.honestSecret()));
    assertEquals(GtElement.fromBytes(gt.honestSecret())
        .multiply(KeyCollision.gtShift()),
        GtElement.fromBytes(gt.shiftedSecret()));
  }

  @Test
  void anHonestCiphertextDoesNotOpenUnderTheShiftedSecret() {
    // The control: without the crafted block the AEAD does reject the shifted secret.
    Ciphertext ct = Tpke.encrypt(keys.publicKey(), new byte[40], SecretGroup.GT, new Random(9));
    GtElement secret = Pairings.pair(ct.u(), keys.publicKeyG2());
    assertArrayEquals(new byte[40], Tpke.open(ct, Tpke.secretBytes(secret)).orElseThrow());
    assertTrue(Tpke.open(ct, Tpke.secretBytes(secret.multiply(KeyCollision.gtShift()))).isEmpty());
  }
}
