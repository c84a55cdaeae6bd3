package dev.tdsim.crypto.design.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import org.junit.jupiter.api.Test;

/**
 * The sizes the batched design's transforms accept (powers of two, down to one point) and where
 * it switches from direct openings to FK20 (block size squared against 80 times the capacity).
 */
class FftSizesTest {
  @Test
  void aG1TransformTakesOnlyPowersOfTwo() {
    Workers w = Workers.of(1);
    for (int m : new int[] {0, 3, 6}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> G1Fft.transform(new G1Point[m], false, w));
      assertEquals("G1 FFT size must be a power of two, got " + m, e.getMessage());
    }
    G1Point[] one = {G1Point.generator()};
    for (boolean inverse : new boolean[] {false, true}) {
      G1Point[] out = G1Fft.transform(one, inverse, w);
      assertArrayEquals(one, out, "the transform of one point is the point");
      assertNotSame(one, out);
    }
    G1Point g = G1Point.generator();
    G1Point h = g.add(g).add(g);
    // size 2: (a0 + a1, a0 - a1) forwards and backwards (omega = -1)
    for (boolean inverse : new boolean[] {false, true}) {
      G1Point[] out = G1Fft.transform(new G1Point[] {g, h}, inverse, w);
      assertEquals(g.add(h), out[0]);
      assertEquals(g.add(h.negate()), out[1]);
    }
  }

  @Test
  void directOpeningsUpToBlockSizeSquaredEqualTo80TimesTheCapacity() {
    assertTrue(Kzg.directIsCheaper(12, 2)); // 144 <= 160
    assertFalse(Kzg.directIsCheaper(13, 2)); // 169 > 160
    assertTrue(Kzg.directIsCheaper(1, 1));
    assertTrue(Kzg.directIsCheaper(80, 80));
    assertFalse(Kzg.directIsCheaper(81, 82));
    assertFalse(Kzg.directIsCheaper(65536, 1 << 20), "no int overflow");
  }
}
