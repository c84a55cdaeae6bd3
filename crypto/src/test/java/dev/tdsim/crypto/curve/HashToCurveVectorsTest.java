package dev.tdsim.crypto.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Known-answer tests of {@link G2Point#hashTo} against RFC 9380 appendix J.10.1
 * (BLS12381G2_XMD:SHA-256_SSWU_RO_), read from {@code h2c/bls12381g2_xmd_sha256_sswu_ro.txt}, which
 * names its source. The ciphertext tag of the threshold scheme and BLS vote signatures both hash
 * with this suite, only with their own tags. Hash to G1 (block-key's identity) is checked against
 * J.9.1 by {@code dev.tdsim.crypto.design.blockkey.HashToG1VectorsTest}.
 */
class HashToCurveVectorsTest {
  private static final String RESOURCE = "/h2c/bls12381g2_xmd_sha256_sswu_ro.txt";

  private record Vector(String msg, BigInteger[] x, BigInteger[] y) {}

  private static String dst;

  private static List<Vector> vectors() throws IOException {
    List<Vector> out = new ArrayList<>();
    try (InputStream in = HashToCurveVectorsTest.class.getResourceAsStream(RESOURCE)) {
      assertNotNull(in, RESOURCE);
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      String msg = null;
      BigInteger[] x = null;
      for (String line; (line = r.readLine()) != null; ) {
        if (line.startsWith("#") || line.isBlank()) {
          continue;
        }
        int eq = line.indexOf('=');
        String key = line.substring(0, eq).strip();
        String value = line.substring(eq + 1).strip();
        switch (key) {
          case "dst" -> dst = value;
          case "msg" -> msg = value;
          case "P.x" -> x = fp2(value);
          case "P.y" -> out.add(new Vector(msg, x, fp2(value)));
          default -> throw new IllegalStateException("unknown key " + key);
        }
      }
    }
    return out;
  }

  private static BigInteger[] fp2(String hexPair) {
    String[] parts = hexPair.split(",");
    return new BigInteger[] {
      new BigInteger(parts[0].substring(2), 16), new BigInteger(parts[1].substring(2), 16)};
  }

  /** The ZCash uncompressed encoding of (x, y) in E'(Fp2): x1 || x0 || y1 || y0. */
  private static byte[] uncompressed(BigInteger[] x, BigInteger[] y) {
    byte[] out = new byte[192];
    BigInteger[] parts = {x[1], x[0], y[1], y[0]};
    for (int i = 0; i < 4; i++) {
      byte[] b = parts[i].toByteArray();
      int len = Math.min(b.length, 48);
      System.arraycopy(b, b.length - len, out, 48 * i + 48 - len, len);
    }
    return out;
  }

  @Test
  void hashToG2MatchesRfc9380AppendixJ101() throws IOException {
    List<Vector> vs = vectors();
    assertEquals(5, vs.size(), "msg \"\", abc, abcdef0123456789, q128_..., a512_...");
    assertEquals("QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_", dst);
    assertEquals(133, vs.get(3).msg().length());
    assertEquals(517, vs.get(4).msg().length());
    for (Vector v : vs) {
      G2Point p = G2Point.hashTo(v.msg().getBytes(StandardCharsets.US_ASCII), dst);
      String name = v.msg().isEmpty() ? "\"\"" : v.msg().substring(0, Math.min(10,
          v.msg().length()));
      assertArrayEquals(uncompressed(v.x(), v.y()), p.toUncompressed(), "msg " + name);
      // The same point through the checked decoder (on the curve, in G2).
      assertEquals(p, G2Point.fromBytes(uncompressed(v.x(), v.y())));
    }
  }

  @Test
  void theTagSeparatesTheProjectsHashFromTheTestSuite() throws IOException {
    Vector abc = vectors().get(1);
    G2Point project = G2Point.hashTo("abc".getBytes(StandardCharsets.US_ASCII),
        dev.tdsim.crypto.tpke.Tpke.HASH_DST);
    assertNotEquals(G2Point.fromBytes(uncompressed(abc.x(), abc.y())), project);
  }
}
