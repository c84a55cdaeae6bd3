package dev.tdsim.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cost model compared with the real calls of a run. */
class CostCheckTest {
  private static CostModel model() {
    Map<CryptoOp, CostModel.Coefficients> ops = new EnumMap<>(CryptoOp.class);
    // COMBINE: 1 ms per message; DECODE: 10 us per message (under the warning floor).
    ops.put(CryptoOp.COMBINE, new CostModel.Coefficients(0, 1e6, 0, 0, 0, 0, 0));
    ops.put(CryptoOp.DECODE, new CostModel.Coefficients(0, 1e4, 0, 0, 0, 0, 0));
    Map<CryptoOp, Scaling> sc = new EnumMap<>(CryptoOp.class);
    sc.put(CryptoOp.COMBINE, new Scaling(0.2, 0.01, 5, List.of(1.0, 1.25)));
    sc.put(CryptoOp.DECODE, new Scaling(0.2, 0.01, 5, List.of(1.0, 1.25)));
    return new CostModel(Map.of("fast", ops), Map.of(), Map.of("fast", sc), Map.of(), "test");
  }

  private static CostCheck.Summary feed(double drift, int threads) {
    CostCheck check = new CostCheck(model(), "fast", threads);
    for (int i = 0; i < 21; i++) {
      int m = 10 + i;
      // Measured: the predicted single-core time times the drift, times the CPU ratio at the
      // thread count, with +-3% spread around it.
      double ratio = threads == 1 ? 1 : 1.25;
      double wobble = 1 + 0.03 * ((i % 3) - 1);
      check.record(CryptoOp.COMBINE, new OpSize(m, 4, 16, 0),
          Math.round(1e6 * m * drift * ratio * wobble));
      check.record(CryptoOp.DECODE, new OpSize(m, 4, 16, 0), Math.round(1e4 * m * 3 * ratio));
      check.record(CryptoOp.VERIFY, new OpSize(m, 4, 16, 0), 12345); // not in the model: skipped
    }
    return check.summary();
  }

  @Test
  void flagsATwentyPercentDrift() {
    CostCheck.Summary s = feed(1.20, 2);
    CostCheck.OpCheck c = s.byOp().get(CryptoOp.COMBINE);
    assertEquals(1.20, c.medianRatio(), 0.01);
    assertEquals(21, c.calls());
    assertTrue(c.flagged());
    assertTrue(s.warning().orElseThrow().contains("COMBINE +20%"), s.warning().toString());
    assertFalse(s.byOp().containsKey(CryptoOp.VERIFY));
    assertTrue(feed(0.80, 1).byOp().get(CryptoOp.COMBINE).flagged());
  }

  @Test
  void doesNotFlagAFivePercentDriftNorSubMillisecondOperations() {
    CostCheck.Summary s = feed(1.05, 2);
    assertEquals(1.05, s.byOp().get(CryptoOp.COMBINE).medianRatio(), 0.01);
    assertFalse(s.byOp().get(CryptoOp.COMBINE).flagged());
    // DECODE is 3x its prediction, but 0.3-0.9 ms a call: reported, not warned about.
    assertEquals(3.0, s.byOp().get(CryptoOp.DECODE).medianRatio(), 0.01);
    assertFalse(s.byOp().get(CryptoOp.DECODE).flagged());
    assertTrue(s.warning().isEmpty(), s.warning().toString());
    assertFalse(feed(0.95, 1).byOp().get(CryptoOp.COMBINE).flagged());
  }

  @Test
  void goesIntoSummaryJsonAsCostCheckOnlyWhenThereIsOne() throws Exception {
    Map<String, Object> map = feed(1.20, 2).toMap();
    assertEquals(2, map.get("threads_here"));
    assertTrue(String.valueOf(map.get("warning")).contains("COMBINE"));
    dev.tdsim.report.RunSummary plain = new dev.tdsim.report.RunSummary("s", 1, "h", "v",
        Map.of(), "fast", "model", "before-next", "exact", List.of(), Map.of(), Map.of(),
        List.of(), null, null, List.of());
    com.fasterxml.jackson.databind.ObjectMapper json = dev.tdsim.report.ReportWriter.json();
    assertFalse(json.writeValueAsString(plain).contains("cost_check"));
    String with = json.writeValueAsString(plain.withCostCheck(map));
    assertTrue(with.contains("\"cost_check\"") && with.contains("\"median_ratio\""), with);
  }
}
