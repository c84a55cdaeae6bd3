package dev.tdsim.crypto.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class StrongRandomTest {

  /**
   * HMAC_DRBG with HMAC-SHA-256 written from NIST SP 800-90A rev. 1 section 10.1.2 on the JDK's
   * own HMAC, to check BouncyCastle's instance and our seeding independently: seed material =
   * entropy || nonce (empty) || personalization; no reseed, no additional input.
   */
  private static final class ReferenceHmacDrbg {
    private byte[] key = new byte[32];
    private byte[] v = new byte[32];

    ReferenceHmacDrbg(byte[] entropy, byte[] personalization) {
      Arrays.fill(v, (byte) 1);
      update(concat(entropy, personalization));
    }

    byte[] generate(int n) {
      byte[] out = new byte[n];
      for (int off = 0; off < n; off += 32) {
        v = hmac(key, v);
        System.arraycopy(v, 0, out, off, Math.min(32, n - off));
      }
      update(new byte[0]);
      return out;
    }

    private void update(byte[] data) {
      key = hmac(key, concat(v, new byte[] {0}, data));
      v = hmac(key, v);
      if (data.length > 0) {
        key = hmac(key, concat(v, new byte[] {1}, data));
        v = hmac(key, v);
      }
    }

    private static byte[] hmac(byte[] k, byte[] m) {
      try {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(k, "HmacSHA256"));
        return mac.doFinal(m);
      } catch (GeneralSecurityException e) {
        throw new AssertionError(e);
      }
    }
  }

  private static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    ByteBuffer b = ByteBuffer.allocate(n);
    for (byte[] p : parts) {
      b.put(p);
    }
    return b.array();
  }

  /** The documented seeding of {@link SeededDrbg#of}, recomputed with the JDK's SHA-256. */
  private static ReferenceHmacDrbg reference(long seed, String label, int index) throws Exception {
    byte[] name = label.getBytes(StandardCharsets.UTF_8);
    byte[] personalization =
        ByteBuffer.allocate(8 + name.length).putInt(name.length).put(name).putInt(index).array();
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    sha.update("tdsim.sig.drbg.v1".getBytes(StandardCharsets.US_ASCII));
    sha.update(ByteBuffer.allocate(8).putLong(seed).array());
    sha.update(personalization);
    return new ReferenceHmacDrbg(sha.digest(), personalization);
  }

  @Test
  void seededDrbgIsHmacDrbgSha256SeededAsDocumented() throws Exception {
    ReferenceHmacDrbg ref = reference(42, "tpke.encrypt", 7);
    SeededDrbg drbg = SeededDrbg.of(42, "tpke.encrypt", 7);
    // Several requests, so the state update between requests is checked too.
    for (int n : new int[] {32, 1, 100, 64}) {
      assertArrayEquals(ref.generate(n), drbg.nextBytes(n), "request of " + n + " bytes");
    }
  }

  @Test
  void splitChildIsHmacDrbgSeededWithTheParentsNext32Bytes() throws Exception {
    ReferenceHmacDrbg parentRef = reference(5, "combiner", 0);
    SeededDrbg parent = SeededDrbg.of(5, "combiner", 0);
    SeededDrbg child = parent.split();
    ReferenceHmacDrbg childRef = new ReferenceHmacDrbg(
        parentRef.generate(32), "tdsim.drbg.split.v1".getBytes(StandardCharsets.US_ASCII));
    assertArrayEquals(childRef.generate(48), child.nextBytes(48));
    // The parent moved on past the child's seed.
    assertArrayEquals(parentRef.generate(16), parent.nextBytes(16));
  }

  @Test
  void splitsAreDeterministicAndDistinct() {
    SeededDrbg a = SeededDrbg.of(1, "x", 0);
    SeededDrbg b = SeededDrbg.of(1, "x", 0);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      byte[] fromA = a.split().nextBytes(32);
      assertArrayEquals(fromA, b.split().nextBytes(32));
      assertEquals(true, seen.add(Arrays.toString(fromA)), "child " + i + " repeated");
    }
    assertThrows(IllegalArgumentException.class, () -> SeededDrbg.child(new byte[31]));
  }

  @Test
  void longsAreTheStreamsBytesBigEndian() {
    byte[] bytes = SeededDrbg.of(3, "w", 1).nextBytes(24);
    long[] longs = SeededDrbg.of(3, "w", 1).nextLongs(3);
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    for (long l : longs) {
      assertEquals(buf.getLong(), l);
    }
    assertEquals(ByteBuffer.wrap(bytes).getLong(), SeededDrbg.of(3, "w", 1).nextLong());
    assertEquals(0, SeededDrbg.of(3, "w", 1).nextLongs(0).length);
  }

  @Test
  void systemStreamIsStrongAndNotReproducible() {
    StrongRandom s = StrongRandom.system();
    assertFalse(Arrays.equals(s.nextBytes(32), s.nextBytes(32)));
    assertFalse(Arrays.equals(s.split().nextBytes(32), s.split().nextBytes(32)));
    assertFalse(s.toString().isEmpty());
  }

  @Test
  void requestsLargerThanOneDrbgCallAreSplitIntoCallsOf32KiB() throws Exception {
    // BouncyCastle caps one HMAC_DRBG request at 2^15 bytes: 2^16 bytes are two requests, 2^15 + 1
    // are 2^15 and 1, and 2^15 exactly is one (no empty extra request, which would move the state).
    ReferenceHmacDrbg ref = reference(9, "big", 0);
    SeededDrbg drbg = SeededDrbg.of(9, "big", 0);
    assertArrayEquals(concat(ref.generate(1 << 15), ref.generate(1 << 15)),
        drbg.nextBytes(1 << 16));
    assertArrayEquals(concat(ref.generate(1 << 15), ref.generate(1)),
        drbg.nextBytes((1 << 15) + 1));
    assertArrayEquals(ref.generate(1 << 15), drbg.nextBytes(1 << 15));
    assertArrayEquals(ref.generate(8), drbg.nextBytes(8));
  }

  @Test
  void toStringNamesTheGeneratorAndNoState() {
    assertEquals("SeededDrbg[HMAC_DRBG-SHA-256]", SeededDrbg.of(1, "x", 0).toString());
  }

  /** Issue 19, item 10: a stream from seed material takes at least 128 bits of it. */
  @Test
  void seedMaterialStreamsNeedAtLeast128BitsAndUseAllOfThem() {
    org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> SeededDrbg.of(new byte[15], "x", 0));
    byte[] material = new byte[32];
    byte[] first = SeededDrbg.of(material, "x", 0).nextBytes(32);
    org.junit.jupiter.api.Assertions.assertArrayEquals(first,
        SeededDrbg.of(material.clone(), "x", 0).nextBytes(32));
    material[31] = 1; // the last byte counts
    org.junit.jupiter.api.Assertions.assertFalse(
        java.util.Arrays.equals(first, SeededDrbg.of(material, "x", 0).nextBytes(32)));
    org.junit.jupiter.api.Assertions.assertFalse(
        java.util.Arrays.equals(first, SeededDrbg.of(new byte[32], "x", 1).nextBytes(32)));
  }
}
