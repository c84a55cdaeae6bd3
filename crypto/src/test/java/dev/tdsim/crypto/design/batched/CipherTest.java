package dev.tdsim.crypto.design.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The batched design's hashes against known answers (computed apart from this code, with Python's
 * hashlib, from the definitions in {@link Cipher}'s Javadoc), and its cache of block points: the
 * last 16 blocks' points are derived once.
 */
class CipherTest {
  private static final byte[] ONE_TWO_THREE = {1, 2, 3};

  /** tag = SHA-512("tdsim-batched-tag-v1" || header) mod r. */
  @Test
  void theTagIsTheLabelledSha512OfTheHeaderModR() {
    assertEquals(new BigInteger(
        "2a99b658dbee9c7bdaebd43ff753067f8fc5d714e2b424da5023255706e092e4", 16),
        Cipher.tag(ONE_TWO_THREE).toBigInteger());
  }

  /** rho = the first 16 bytes of SHA-512("tdsim-batched-rho-v1" || encoding). */
  @Test
  void theValidityWeightIsTheFirst128BitsOfTheLabelledSha512() {
    assertEquals(new BigInteger("e3ca8003b30fca250f7b8b658c2e8d2e", 16),
        Cipher.rho(ONE_TWO_THREE).toBigInteger());
  }

  /** SHA-512("tdsim-batched-validity-batch-v1" || (len32 || encoding) for each transaction). */
  @Test
  void theBatchSeedHashesEveryEncodingWithItsLength() {
    byte[] seed = Cipher.batchSeed(
        List.of(new byte[] {1, 2}, new byte[0], "abc".getBytes(StandardCharsets.US_ASCII)));
    assertArrayEquals(HexFormat.of().parseHex("5037824d723dcf91ea204ce27d453313753e86fa8ff82fba"
        + "61bf6b3259a160a73e35f6aab773fbf1ffc100a64943d7cf20318cabcb7df1c54520a3808d9d11b4"),
        seed);
  }

  @Test
  void theLastSixteenBlocksPointsAreDerivedOnce() {
    // a chain of its own per run: the cache is the class's, whatever ran before
    String chain = "cipher-cache-" + System.nanoTime();
    BlockId first = new BlockId(chain, 1);
    G1Point point = Cipher.blockPoint(first);
    assertEquals(G1Point.hashTo(first.toBytes(), Cipher.BLOCK_DST), point);
    assertSame(point, Cipher.blockPoint(first), "kept");
    for (int h = 2; h <= 16; h++) {
      Cipher.blockPoint(new BlockId(chain, h));
    }
    assertSame(point, Cipher.blockPoint(first), "still among the last 16");
    for (int h = 17; h <= 32; h++) {
      Cipher.blockPoint(new BlockId(chain, h));
    }
    G1Point again = Cipher.blockPoint(first);
    assertNotSame(point, again, "16 newer blocks pushed it out");
    assertEquals(point, again);
  }
}
