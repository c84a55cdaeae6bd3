package dev.tdsim.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Amdahl scaling of crypto time to a validator's cores. */
class ScalingTest {
  private static final long CPU = 1_000_000_000L;

  @Test
  void wallTimeIsMonotoneInCoresAndBoundedBySerialAndSingleCore() {
    for (double f : new double[] {0, 0.1, 0.37, 1}) {
      Scaling s = new Scaling(f, Double.NaN, 0, List.of(1.0, 1.3));
      long previous = Long.MAX_VALUE;
      for (int p = 1; p <= 1024; p++) {
        long wall = s.wallNanos(CPU, p, 1.0);
        assertTrue(wall <= previous, "f=" + f + " p=" + p);
        assertTrue(wall <= CPU && wall >= Math.round(CPU * f) - 1, "f=" + f + " p=" + p);
        previous = wall;
      }
      assertEquals(CPU, s.wallNanos(CPU, 1, 1.0));
      assertEquals(CPU, s.wallNanos(CPU, 0, 1.0));
    }
  }

  @Test
  void amdahlOnTheUsableCoresDividedBySpeed() {
    Scaling s = new Scaling(0.25, 0.01, 10, List.of(1.0, 1.4));
    Hardware hw = new Hardware(16, 2.0);
    // p = min(16 cores, 4 units) = 4: 1 s * (0.25 + 0.75/4) / 2.
    assertEquals(Math.round(CPU * (0.25 + 0.75 / 4) / 2), hw.wallNanos(CPU, 4, s));
    assertEquals(Math.round(CPU * (0.25 + 0.75 / 16) / 2), hw.wallNanos(CPU, 100, s));
    // f = 0 is the old rule: divide by min(cores, units).
    assertEquals(CPU / 16, new Hardware(16, 1).wallNanos(CPU, 100, Scaling.LINEAR));
  }

  @Test
  void splitsWhatWasMeasuredFromWhatIsExtrapolated() {
    Scaling s = new Scaling(0.2, 0.01, 10, List.of(1.0, 1.3));
    Scaling.Split two = new Hardware(2, 1).split(CPU, 100, s);
    assertFalse(two.extrapolated());
    assertEquals(0, two.extrapolatedSavingNanos());
    assertEquals(two.wallNanos(), s.wallNanos(CPU, 2, 1));
    Scaling.Split sixteen = new Hardware(16, 1).split(CPU, 100, s);
    assertTrue(sixteen.extrapolated());
    assertEquals(s.wallNanos(CPU, 2, 1), sixteen.measuredWallNanos());
    assertEquals(s.wallNanos(CPU, 2, 1) - s.wallNanos(CPU, 16, 1),
        sixteen.extrapolatedSavingNanos());
    assertTrue(sixteen.describe().contains("extrapolated (Amdahl) from 2 to 16 cores"),
        sixteen.describe());
    Scaling.Split both = two.plus(sixteen);
    assertEquals(two.wallNanos() + sixteen.wallNanos(), both.wallNanos());
    assertTrue(both.extrapolated());
  }

  @Test
  void measuredCpuOnSeveralThreadsIsTurnedIntoSingleCoreTime() {
    Scaling s = new Scaling(0.2, 0.01, 10, List.of(1.0, 1.25));
    assertEquals(800, s.singleCoreNanos(1000, 2));
    assertEquals(800, s.singleCoreNanos(1000, 8)); // beyond the measured threads: the last ratio
    assertEquals(1000, s.singleCoreNanos(1000, 1));
  }

  @Test
  void rejectsImpossibleValues() {
    assertThrows(IllegalArgumentException.class,
        () -> new Scaling(1.2, 0, 1, List.of(1.0)));
    assertThrows(IllegalArgumentException.class,
        () -> new Scaling(0.2, 0, 1, List.of()));
    assertThrows(IllegalArgumentException.class,
        () -> new Scaling(0.2, 0, 1, List.of(1.0, 0.0)));
  }
}
