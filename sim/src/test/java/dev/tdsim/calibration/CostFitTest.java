package dev.tdsim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.OpSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The fit recovers known coefficients from synthetic data and never goes negative. */
class CostFitTest {
  /** A grid like the calibration's: key sets x message counts x sizes. */
  private static List<OpSize> grid() {
    List<OpSize> out = new ArrayList<>();
    int[][] keySets = {{4, 64}, {16, 64}, {16, 512}, {64, 256}, {64, 2048}, {150, 8192}};
    int[] msgs = {1, 4, 16, 32};
    int[] sizes = {128, 4096};
    for (int k = 0; k < keySets.length; k++) {
      for (int j = 0; j < msgs.length; j++) {
        int signers = keySets[k][0];
        int points = keySets[k][1] * 2 / 3;
        out.add(new OpSize(msgs[j], signers, points,
            (long) msgs[j] * sizes[(k + j) % sizes.length]));
      }
    }
    return out;
  }

  private static double[] times(List<OpSize> sizes, CostModel.Coefficients truth, double noise,
      long seed) {
    Random r = new Random(seed);
    double[] y = new double[sizes.size()];
    for (int i = 0; i < y.length; i++) {
      y[i] = truth.predict(sizes.get(i)) * (1 + noise * (2 * r.nextDouble() - 1));
    }
    return y;
  }

  /** FK20-shaped work: the msgs x log2(msgs) term is fitted and predicts beyond the grid. */
  @Test
  void recoversAnMsgsLogMsgsTerm() {
    CostModel.Coefficients truth =
        new CostModel.Coefficients(5e6, 4e5, 0, 0, 0, 0, 0, 1.1e5);
    List<OpSize> sizes = new java.util.ArrayList<>();
    for (int m : new int[] {16, 64, 128, 256, 512}) {
      sizes.add(new OpSize(m, 150, 8192, m * 1024L));
    }
    CostFit.Result r = CostFit.fit(sizes, times(sizes, truth, 0, 1),
        List.of("const", "msgs", "msgs_log_msgs"));
    assertEquals(1.1e5, r.coefficients().perMsgLogMsgNanos(), 1e-3);
    OpSize big = new OpSize(4096, 150, 8192, 0);
    assertEquals(5e6 + 4e5 * 4096 + 1.1e5 * 4096 * 12, r.coefficients().predict(big), 1);
    assertEquals(24.0, CostModel.Coefficients.msgsLogMsgs(8), 1e-12);
    assertEquals(0.0, CostModel.Coefficients.msgsLogMsgs(1), 0);
  }

  @Test
  void recoversExactCoefficients() {
    CostModel.Coefficients truth = new CostModel.Coefficients(25_000, 400_000, 0, 178_000, 0, 0, 3);
    List<OpSize> sizes = grid();
    CostFit.Result r = CostFit.fit(sizes, times(sizes, truth, 0, 1),
        List.of("const", "msgs", "msgs_validators", "msg_bytes"));
    double[] want = truth.toArray();
    double[] got = r.coefficients().toArray();
    for (int i = 0; i < want.length; i++) {
      assertEquals(want[i], got[i], 1e-6 * Math.max(1, want[i]), CostModel.TERMS.get(i));
    }
    assertEquals(1.0, r.quality().r2(), 1e-12);
    assertEquals(0.0, r.quality().maxRelErr(), 1e-9);
    assertEquals(sizes.size(), r.quality().points());
  }

  @Test
  void recoversAPerSignerCost() {
    // fast's VERIFY: a (V+1)-pair product per block plus short MSMs per message and signer.
    CostModel.Coefficients truth = new CostModel.Coefficients(3_000_000, 30_000, 270_000, 24_000,
        0, 0, 0);
    List<OpSize> sizes = grid();
    CostFit.Result r = CostFit.fit(sizes, times(sizes, truth, 0, 1),
        List.of("const", "msgs", "validators", "msgs_validators"));
    assertEquals(270_000, r.coefficients().perValidatorNanos(), 1e-6 * 270_000);
    assertEquals(24_000, r.coefficients().perMsgValidatorNanos(), 1e-6 * 24_000);
  }

  @Test
  void recoversCoefficientsFromNoisyData() {
    CostModel.Coefficients truth = new CostModel.Coefficients(22_000_000, 0, 0, 0, 75_000, 0, 0);
    List<OpSize> sizes = grid();
    CostFit.Result r = CostFit.fit(sizes, times(sizes, truth, 0.03, 7),
        List.of("const", "shares"));
    assertEquals(22_000_000, r.coefficients().constNanos(), 0.05 * 22_000_000);
    assertEquals(75_000, r.coefficients().perShareNanos(), 0.05 * 75_000);
    assertTrue(r.quality().r2() > 0.99, "r2 " + r.quality().r2());
    assertTrue(r.quality().maxRelErr() < 0.08, "max err " + r.quality().maxRelErr());
  }

  @Test
  void aTermThatComesOutNegativeIsDroppedAndTheRestRefitted() {
    // y = 100 m - 50: OLS would give const = -50; refitted without it, msgs stays positive.
    List<OpSize> sizes = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (int m = 1; m <= 40; m++) {
      sizes.add(new OpSize(m, 4, 16, 100L * m));
      ys.add(100_000.0 * m - 50_000);
    }
    double[] y = ys.stream().mapToDouble(Double::doubleValue).toArray();
    CostFit.Result r = CostFit.fit(sizes, y, List.of("const", "msgs"));
    assertEquals(0, r.coefficients().constNanos());
    assertTrue(r.coefficients().perMsgNanos() > 0);
    assertEquals(List.of("msgs"), r.terms());
    for (double c : r.coefficients().toArray()) {
      assertTrue(c >= 0, "negative coefficient " + c);
    }
  }

  @Test
  void termsTheGridCannotSeparateAreDropped() {
    // One key set: shares is the same on every point, collinear with const.
    List<OpSize> sizes = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (int m : new int[] {1, 2, 3}) {
      sizes.add(new OpSize(m, 3, 6, 128L * m));
      ys.add(1_000_000.0 + 88_000.0 * m);
    }
    double[] y = ys.stream().mapToDouble(Double::doubleValue).toArray();
    CostFit.Result r = CostFit.fit(sizes, y, List.of("const", "msgs", "shares"));
    assertEquals(2, r.terms().size(), r.terms().toString());
    assertTrue(r.terms().contains("msgs"));
    assertEquals(0.0, r.quality().maxRelErr(), 1e-9);
    for (double c : r.coefficients().toArray()) {
      assertTrue(c >= 0);
    }
  }

  @Test
  void tooFewPointsStillGiveAModel() {
    CostFit.Result r = CostFit.fit(List.of(new OpSize(2, 3, 6, 256)), new double[] {5_000},
        List.of("const", "msgs"));
    assertEquals(5_000, r.coefficients().predict(new OpSize(2, 3, 6, 256)), 1e-6);
    assertFalse(r.terms().isEmpty());
    assertTrue(Double.isNaN(r.quality().r2()));
  }

  @Test
  void unknownTermsAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> CostFit.fit(
        List.of(new OpSize(1, 1, 1, 1)), new double[] {1}, List.of("signers_squared")));
  }
}
