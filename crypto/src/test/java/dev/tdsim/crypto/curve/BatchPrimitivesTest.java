package dev.tdsim.crypto.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The primitives of the batched ciphertext check against their one-at-a-time forms: the chunked
 * multi-Miller loop, per-point 64-bit multiplications and hashes normalised to affine together.
 */
class BatchPrimitivesTest {
  private static final StrongRandom RANDOM = SeededDrbg.of(40, "test.batch-primitives", 0);

  private static Fr unsigned(long x) {
    return Fr.of(new BigInteger(Long.toUnsignedString(x)));
  }

  private static List<G1Point> g1(int n) {
    List<G1Point> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(G1Point.generator().multiply(Fr.random(RANDOM)));
    }
    return out;
  }

  private static List<G2Point> g2(int n) {
    List<G2Point> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(G2Point.generator().multiply(Fr.random(RANDOM)));
    }
    return out;
  }

  @Test
  void theChunkedMultiMillerLoopEqualsTheUnchunkedOne() {
    for (int n : new int[] {0, 1, 15, 16, 17, 100, 129}) {
      List<G1Point> ps = g1(n);
      List<G2Point> qs = g2(n);
      GtElement whole = Pairings.millerLoop(ps, qs);
      for (int threads : new int[] {1, 2, 3}) {
        try (Workers w = Workers.of(threads)) {
          GtElement chunked = Pairings.millerLoop(ps, qs, w);
          // Equal as unreduced Fp12 values (squarings distribute over the product), so also
          // after the final exponentiation.
          assertEquals(whole, chunked, n + " pairs, " + threads + " threads");
          assertEquals(whole.finalExponentiation(), chunked.finalExponentiation());
        }
      }
    }
  }

  @Test
  void shortMultiplicationsMatchFullWidthOnes() {
    List<G1Point> ps = new ArrayList<>(g1(6));
    ps.add(G1Point.identity());
    ps.add(G1Point.generator());
    long[] s = {1, 2, -1, Long.MIN_VALUE, 0x1234_5678_9abc_def0L, RANDOM.nextLong(), 77, 0};
    List<G1Point> each = G1Point.multiplyEachShort(ps, s);
    for (int i = 0; i < ps.size(); i++) {
      assertEquals(ps.get(i).multiply(unsigned(s[i])), each.get(i), "point " + i);
    }
  }

  /** 128-bit weights plus one (the batched design's Fiat-Shamir weights) at 129 bits. */
  @Test
  void narrowMsmsAndMultiplicationsMatchFullWidthOnes() {
    List<G1Point> ps = g1(37);
    List<G2Point> qs = g2(37);
    List<Fr> s = new ArrayList<>();
    for (int i = 0; i < ps.size(); i++) {
      s.add(Fr.of(new BigInteger(1, RANDOM.nextBytes(16))).add(Fr.one()));
    }
    s.set(0, Fr.of(BigInteger.ONE.shiftLeft(128)));
    assertEquals(G1Point.msm(ps, s), G1Point.msm(ps, s, 129));
    assertEquals(G2Point.msm(qs, s), G2Point.msm(qs, s, 129));
    List<G1Point> each = G1Point.multiplyEach(ps, s, 129);
    for (int i = 0; i < ps.size(); i++) {
      assertEquals(ps.get(i).multiply(s.get(i)), each.get(i), "point " + i);
    }
  }

  @Test
  void hashesNormalisedTogetherMatchOneByOne() {
    List<byte[]> messages = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      messages.add(RANDOM.nextBytes(i * 7));
    }
    List<G2Point> each = G2Point.hashEachTo(messages, "TDSIM-TEST-DST");
    for (int i = 0; i < messages.size(); i++) {
      assertEquals(G2Point.hashTo(messages.get(i), "TDSIM-TEST-DST"), each.get(i));
    }
  }
}
