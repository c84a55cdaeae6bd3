package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Amdahl's serial fraction recovered from synthetic wall times with a known f. */
class AmdahlFitTest {
  private static List<AmdahlFit.Observation> synthetic(double f, double noise, long seed) {
    Random r = new Random(seed);
    List<AmdahlFit.Observation> obs = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      double wall1 = 2e6 + r.nextDouble() * 200e6;
      for (int p = 2; p <= 8; p *= 2) {
        double exact = wall1 * (f + (1 - f) / p);
        obs.add(new AmdahlFit.Observation(wall1, exact * (1 + noise * r.nextGaussian()), p));
      }
    }
    return obs;
  }

  @Test
  void recoversAKnownSerialFractionFromNoiselessData() {
    for (double f : new double[] {0, 0.05, 0.3, 0.72, 1}) {
      AmdahlFit.Result r = AmdahlFit.fit(synthetic(f, 0, 1));
      assertEquals(f, r.serialFraction(), 1e-9, "f=" + f);
      assertEquals(120, r.points());
      assertEquals(0, r.stdErr(), 1e-9);
    }
  }

  @Test
  void recoversItWithinItsStandardErrorFromNoisyData() {
    AmdahlFit.Result r = AmdahlFit.fit(synthetic(0.3, 0.05, 7));
    assertTrue(r.stdErr() > 0 && r.stdErr() < 0.05, r.toString());
    assertEquals(0.3, r.serialFraction(), 3 * r.stdErr(), r.toString());
    assertTrue(r.minPointFraction() < 0.3 && r.maxPointFraction() > 0.3, r.toString());
  }

  @Test
  void clampsToZeroAndOneAndSkipsOneThread() {
    // Superlinear (wall at 2 threads below half) would mean f < 0; slower than 1 thread, f > 1.
    assertEquals(0, AmdahlFit.fit(List.of(new AmdahlFit.Observation(10e6, 4e6, 2)))
        .serialFraction());
    assertEquals(1, AmdahlFit.fit(List.of(new AmdahlFit.Observation(10e6, 12e6, 2)))
        .serialFraction());
    AmdahlFit.Result none = AmdahlFit.fit(List.of(new AmdahlFit.Observation(10e6, 10e6, 1)));
    assertEquals(0, none.points());
    assertTrue(Double.isNaN(none.serialFraction()));
  }
}
