package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Pins the form of sensitivity.json: two small reports (one with every kind of parameter, one
 * with nothing numeric varied) written as Sweep writes them must equal the files under
 * {@code src/test/resources/sweep/}, which were written by the hand-built JSON tree tdsim used
 * before the Jackson serializer (so a change of name, order, rounding or null handling fails).
 */
class SensitivityJsonTest {
  private static final Sensitivity.Bottleneck FULL_BOTTLENECK = new Sensitivity.Bottleneck(
      "consensus", 123.4567891, 0.7777777777, "137", path(), 96.4);

  private static Map<String, Double> path() {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("consensus", 123.4567891);
    m.put("share creation", 0.123456789);
    m.put("share gossip", 20.0);
    m.put("combine", 9.99999999);
    m.put("decrypt", 1.5);
    return m;
  }

  private static Sensitivity.Sample sample(double value, String label, boolean probe) {
    return new Sensitivity.Sample(value, label, 10.1234567, 20.7654321, 30.5, 40.0000004, probe,
        List.of(true, false, true, false), List.of(20.5, 21.0300001));
  }

  static Sensitivity.Report full() {
    Map<String, String> variant = Map.of("crypto.variant", "folded");
    Sensitivity.NumericGroup msgsGroup = new Sensitivity.NumericGroup(variant, "increasing", true,
        List.of(sample(10, "10", false), sample(137, "137", true)), 0.1234567891, 12.3456789,
        0.99999912, 100.0, 0.0571234567,
        List.of(new Sensitivity.BudgetFit(500, 137.0, "137", "exact", 137.0, 138.0, 7, null,
                FULL_BOTTLENECK),
            new Sensitivity.BudgetFit(30, 0.0, "0", "none_fits", null, 1.0, 3,
                "not even one message per block fits",
                new Sensitivity.Bottleneck("combine", 5, 0.5, "1")),
            new Sensitivity.BudgetFit(1000, 1000.0, "1000", "probe_cap", 1000.0, Double.NaN, 12,
                "stopped", null),
            new Sensitivity.BudgetFit(20, null, null, "below_grid", null, 10.0, 0, null, null)),
        List.of());
    Sensitivity.NumericParam msgs =
        new Sensitivity.NumericParam(SweepPlan.MSGS, "integer", "", false, List.of(msgsGroup));
    Sensitivity.NumericGroup speed = new Sensitivity.NumericGroup(variant, "decreasing", true,
        List.of(sample(0.25, "0.25", false), sample(0.603, "0.603", true)), -1.5, 80.0, 0.5,
        1.0, -0.0123456789,
        List.of(new Sensitivity.BudgetFit(500, 0.603, "0.603", "within_1pct", 0.603, 0.598, 6,
                null, FULL_BOTTLENECK),
            new Sensitivity.BudgetFit(30, null, null, "below_grid", null, 0.25, 0,
                "no grid value fits", null)),
        List.of("search off: a note"));
    Sensitivity.NumericGroup latency = new Sensitivity.NumericGroup(Map.of(), "not_monotone",
        false, List.of(sample(1, "1 ms", false)), null, null, null, null, null,
        List.of(new Sensitivity.BudgetFit(500, null, null, "not_monotone", null, null, 0, null,
            null)),
        List.of("one value only: no slope"));
    Sensitivity.NumericParam speedParam =
        new Sensitivity.NumericParam("validators.speed", "number", "", false, List.of(speed));
    Sensitivity.NumericParam latencyParam =
        new Sensitivity.NumericParam("network.latency", "duration", "ms", false,
            List.of(latency));
    Sensitivity.CategoricalParam cat = new Sensitivity.CategoricalParam("crypto.variant",
        List.of(new Sensitivity.CategoricalGroup(Map.of("validators.count", "4"),
            List.of(new Sensitivity.CategoryValue("fast", 1.23456789, 2.5, 3.0, 4.0,
                    List.of(true, true, false, false)),
                new Sensitivity.CategoryValue("folded", 2, 3, 4, Double.NaN,
                    List.of(false, false, false, false))))));
    Map<String, String> base = new LinkedHashMap<>();
    base.put(SweepPlan.MSGS, "100");
    base.put("crypto.variant", "fast");
    return new Sensitivity.Report(base, "msgs_per_block-100__variant-fast", 41.123456789,
        List.of(30.0, 500.0, 1000.0, 20.0), msgs, List.of(speedParam, latencyParam), List.of(cat),
        List.of(new Sensitivity.TornadoBar("crypto.variant", "fast", "folded", 41.5, 125.3333333,
            41.123456789)),
        17, 12, List.of("zip mode: a note"),
        List.of(new Sensitivity.PointFit(base, List.of(true, true, false, false), FULL_BOTTLENECK)));
  }

  /** Nothing numeric varied: the headline lists the points instead. */
  static Sensitivity.Report points() {
    return new Sensitivity.Report(Map.of("crypto.variant", "fast"), null, Double.NaN,
        List.of(30.0, 1000.0), null, List.of(), List.of(), List.of(), 0, 12, List.of(),
        List.of(new Sensitivity.PointFit(Map.of("crypto.variant", "fast"), List.of(false, true),
                new Sensitivity.Bottleneck("consensus", 30, 0.84, "crypto.variant-fast")),
            new Sensitivity.PointFit(Map.of("crypto.variant", "folded"), List.of(false, false),
                null)));
  }

  static String write(Sensitivity.Report r) throws IOException {
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .writeValueAsString(Sensitivity.toJson(r));
  }

  private static void assertGolden(String name, String actual) throws IOException {
    String expected;
    try (InputStream in = SensitivityJsonTest.class.getResourceAsStream("/sweep/" + name)) {
      expected = in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    if (!actual.equals(expected)) {
      Path dump = Path.of("target", "actual-" + name);
      Files.writeString(dump, actual);
      assertEquals(expected, actual, "sensitivity.json form changed; actual in " + dump);
    }
  }

  @Test
  void aReportWithEveryKindOfParameterIsWrittenAsBefore() throws IOException {
    assertGolden("sensitivity-full.json", write(full()));
  }

  @Test
  void aReportOfPointsOnlyIsWrittenAsBefore() throws IOException {
    assertGolden("sensitivity-points.json", write(points()));
  }
}
