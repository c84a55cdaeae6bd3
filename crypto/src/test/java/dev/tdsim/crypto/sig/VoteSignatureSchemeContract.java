package dev.tdsim.crypto.sig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.random.SeededDrbg;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** What every vote signature scheme must do; one subclass per registered scheme. */
abstract class VoteSignatureSchemeContract {
  abstract VoteSignatureScheme scheme();

  private final byte[] message =
      "prevote h=42 r=0 block=ab12... chain=tdsim-1".getBytes(StandardCharsets.UTF_8);

  private VoteKeyPair keys(int index) {
    return scheme().keyPair(SeededDrbg.of(7L, "test.keys", index));
  }

  @Test
  void signThenVerifyRoundTrips() {
    VoteKeyPair k = keys(0);
    byte[] sig = scheme().sign(k.secretKey(), message);
    assertEquals(scheme().signatureBytes(), sig.length);
    assertEquals(scheme().publicKeyBytes(), k.publicKey().length);
    assertTrue(scheme().verify(k.publicKey(), message, sig));
    assertTrue(scheme().verify(k.publicKey(), new byte[0], scheme().sign(k.secretKey(),
        new byte[0])), "the empty message is a message");
  }

  @Test
  void aTamperedMessageSignatureOrKeyFails() {
    VoteKeyPair k = keys(0);
    byte[] sig = scheme().sign(k.secretKey(), message);
    for (int bit : new int[] {0, 7, 8 * message.length - 1}) {
      byte[] m = message.clone();
      m[bit / 8] ^= (byte) (1 << (bit % 8));
      assertFalse(scheme().verify(k.publicKey(), m, sig), "message bit " + bit);
    }
    assertFalse(scheme().verify(k.publicKey(), Arrays.copyOf(message, message.length + 1), sig));
    for (int i : new int[] {1, sig.length / 2, sig.length - 1}) {
      byte[] s = sig.clone();
      s[i] ^= 0x01;
      assertFalse(scheme().verify(k.publicKey(), message, s), "signature byte " + i);
    }
    assertFalse(scheme().verify(keys(1).publicKey(), message, sig), "another validator's key");
    byte[] pk = k.publicKey();
    pk[pk.length - 1] ^= 0x01;
    assertFalse(scheme().verify(pk, message, sig), "a flipped public key bit");
  }

  @Test
  void malformedInputIsFalseNotAnException() {
    VoteKeyPair k = keys(0);
    byte[] sig = scheme().sign(k.secretKey(), message);
    byte[] pk = k.publicKey();
    byte[][] badKeys = {null, new byte[0], Arrays.copyOf(pk, pk.length - 1),
        Arrays.copyOf(pk, pk.length + 1), filled(pk.length, 0xff), new byte[pk.length]};
    for (byte[] bad : badKeys) {
      assertFalse(scheme().verify(bad, message, sig));
    }
    byte[][] badSigs = {null, new byte[0], Arrays.copyOf(sig, sig.length - 1),
        Arrays.copyOf(sig, sig.length + 1), filled(sig.length, 0xff), new byte[sig.length]};
    for (byte[] bad : badSigs) {
      assertFalse(scheme().verify(pk, message, bad));
    }
    assertFalse(scheme().verify(pk, null, sig));
  }

  @Test
  void signingRejectsMalformedSecretsWithAClearError() {
    assertThrows(IllegalArgumentException.class, () -> scheme().sign(null, message));
    assertThrows(IllegalArgumentException.class, () -> scheme().sign(new byte[5], message));
    assertThrows(IllegalArgumentException.class,
        () -> scheme().sign(keys(0).secretKey(), null));
  }

  @Test
  void keysAreDeterministicInTheSeedAndDistinctAcrossIndicesAndSeeds() {
    assertEquals(keys(3), keys(3));
    assertArrayEquals(keys(3).secretKey(), keys(3).secretKey());
    assertNotEquals(keys(3), keys(4));
    VoteKeyPair otherSeed = scheme().keyPair(SeededDrbg.of(8L, "test.keys", 3));
    assertNotEquals(keys(3), otherSeed);
    VoteKeyPair otherLabel = scheme().keyPair(SeededDrbg.of(7L, "test.keyz", 3));
    assertNotEquals(keys(3), otherLabel);
    assertFalse(keys(0).toString().contains(hex(keys(0).secretKey()).substring(0, 16)));
  }

  @Test
  void theRegistryReturnsThisScheme() {
    assertTrue(VoteSignatureSchemes.byName(scheme().name().toUpperCase() + " ") == scheme());
  }

  static byte[] filled(int n, int value) {
    byte[] b = new byte[n];
    Arrays.fill(b, (byte) value);
    return b;
  }

  static String hex(byte[] b) {
    return java.util.HexFormat.of().formatHex(b);
  }
}
