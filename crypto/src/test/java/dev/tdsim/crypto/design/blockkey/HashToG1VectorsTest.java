package dev.tdsim.crypto.design.blockkey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.curve.G1Point;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Known answers of {@link G1Point#hashTo} (the block identity hash) from RFC 9380 appendix J.9.1,
 * suite BLS12381G1_XMD:SHA-256_SSWU_RO_, DST "QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
 * (P.x then P.y, big-endian; the uncompressed encoding of an affine point is x || y).
 */
class HashToG1VectorsTest {
  private static final String DST = "QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_";

  @ParameterizedTest
  @CsvSource({
    "'',"
        + "052926add2207b76ca4fa57a8734416c8dc95e24501772c814278700eed6d1e4e8cf62d9c09db0fac349612b759e79a1,"
        + "08ba738453bfed09cb546dbb0783dbb3a5f1f566ed67bb6be0e8c67e2e81a4cc68ee29813bb7994998f3eae0c9c6a265",
    "abc,"
        + "03567bc5ef9c690c2ab2ecdf6a96ef1c139cc0b2f284dca0a9a7943388a49a3aee664ba5379a7655d3c68900be2f6903,"
        + "0b9c15f3fe6e5cf4211f346271d7b01c8f3b28be689c8429c85b67af215533311f0b8dfaaa154fa6b88176c229f2885d",
    "abcdef0123456789,"
        + "11e0b079dea29a68f0383ee94fed1b940995272407e3bb916bbf268c263ddd57a6a27200a784cbc248e84f357ce82d98,"
        + "03a87ae2caf14e8ee52e51fa2ed8eefe80f02457004ba4d486d6aa1f517c0889501dc7413753f9599b099ebcbbd2d709"
  })
  void matchesRfc9380(String msg, String x, String y) {
    G1Point p = G1Point.hashTo(msg.getBytes(StandardCharsets.US_ASCII), DST);
    assertEquals(x + y, HexFormat.of().formatHex(p.toUncompressed()));
    assertTrue(p.isInSubgroup());
  }

  @ParameterizedTest
  @CsvSource({"abc"})
  void theDesignsOwnTagGivesAnotherPoint(String msg) {
    byte[] m = msg.getBytes(StandardCharsets.US_ASCII);
    assertTrue(!G1Point.hashTo(m, DST).equals(G1Point.hashTo(m, BlockKeyCipher.IDENTITY_DST)));
  }
}
