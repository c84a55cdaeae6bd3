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

  /**
   * The choice follows the two ways' measured single-thread times (OpeningsCrossover,
   * 2026-12-03, docs/PERFORMANCE.md): direct where they were cheaper, FK20 where it was.
   */
  @Test
  void directOpeningsWhereTheyWereMeasuredCheaperFk20Elsewhere() {
    assertFalse(Kzg.directIsCheaper(100, 128), "FK20 0.16-0.19 s, direct 0.34 s");
    assertTrue(Kzg.directIsCheaper(64, 128), "direct 0.15 s, FK20 0.16-0.19 s");
    assertFalse(Kzg.directIsCheaper(128, 256), "FK20 0.40 s, direct 0.50 s");
    assertTrue(Kzg.directIsCheaper(256, 1024), "direct 1.77 s, FK20 1.93 s");
    assertTrue(Kzg.directIsCheaper(512, 4096), "direct 6.29 s, FK20 8.80 s");
    assertTrue(Kzg.directIsCheaper(800, 8192), "direct 12.5 s, FK20 19.9 s");
    assertTrue(Kzg.directIsCheaper(1144, 16384), "direct 26.0 s, FK20 38.7 s");
    assertFalse(Kzg.directIsCheaper(2510, 16384));
    assertTrue(Kzg.directIsCheaper(1, 1), "one slot: FK20 needs a domain of two");
    assertFalse(Kzg.directIsCheaper(65536, 1 << 20), "no overflow");
  }

  /** Each way's work grows with its size, so the choice has one crossover per setup. */
  @Test
  void workGrowsWithSize() {
    for (int x = 1; x < 20000; x++) {
      assertTrue(Kzg.directButterflies(x + 1) > Kzg.directButterflies(x), "B = " + x);
      assertTrue(Kzg.fk20Butterflies(x + 1) > Kzg.fk20Butterflies(x), "n = " + x);
    }
  }
}
