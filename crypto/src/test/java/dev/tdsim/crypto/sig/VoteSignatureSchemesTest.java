package dev.tdsim.crypto.sig;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.random.SeededDrbg;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class VoteSignatureSchemesTest {
  @Test
  void namesAndDefault() {
    assertEquals(List.of("ed25519", "bls"), VoteSignatureSchemes.names());
    assertEquals("ed25519", VoteSignatureSchemes.DEFAULT);
    assertTrue(VoteSignatureSchemes.byName("bls") instanceof AggregateSignatureScheme);
  }

  @Test
  void unknownNamesListTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> VoteSignatureSchemes.byName("secp256k1"));
    assertEquals("unknown vote signature scheme 'secp256k1'; known: ed25519, bls",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> VoteSignatureSchemes.byName(null));
  }

  @Test
  void drbgStreamsAreReproducibleAndKeyed() {
    byte[] a = SeededDrbg.of(1, "x", 0).nextBytes(100);
    assertArrayEquals(a, SeededDrbg.of(1, "x", 0).nextBytes(100));
    assertFalse(Arrays.equals(a, SeededDrbg.of(2, "x", 0).nextBytes(100)));
    assertFalse(Arrays.equals(a, SeededDrbg.of(1, "y", 0).nextBytes(100)));
    assertFalse(Arrays.equals(a, SeededDrbg.of(1, "x", 1).nextBytes(100)));
    SeededDrbg d = SeededDrbg.of(1, "x", 0);
    byte[] first = d.nextBytes(50);
    byte[] second = d.nextBytes(50);
    assertFalse(Arrays.equals(first, second), "the stream moves on");
    byte[] big = SeededDrbg.of(1, "x", 0).nextBytes(200_000);
    assertEquals(200_000, big.length);
    assertArrayEquals(Arrays.copyOf(a, 100), Arrays.copyOf(big, 100));
  }
}
