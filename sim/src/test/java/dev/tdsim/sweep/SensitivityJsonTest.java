package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tdsim.sweep.SensitivityReport.Bottleneck;
import dev.tdsim.sweep.SensitivityReport.Bound;
import dev.tdsim.sweep.SensitivityReport.BudgetFit;
import dev.tdsim.sweep.SensitivityReport.CategoricalGroup;
import dev.tdsim.sweep.SensitivityReport.CategoricalParam;
import dev.tdsim.sweep.SensitivityReport.CategoryValue;
import dev.tdsim.sweep.SensitivityReport.Direction;
import dev.tdsim.sweep.SensitivityReport.NumericGroup;
import dev.tdsim.sweep.SensitivityReport.NumericParam;
import dev.tdsim.sweep.SensitivityReport.PointFit;
import dev.tdsim.sweep.SensitivityReport.Sample;
import dev.tdsim.sweep.SensitivityReport.TornadoBar;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
  private static final Bottleneck FULL_BOTTLENECK = new Bottleneck(
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

  private static Sample sample(double value, String label, boolean probe) {
    return new Sample(value, label, 10.1234567, 20.7654321, 30.5, 40.0000004, probe,
        List.of(true, false, true, false), List.of(20.5, 21.0300001));
  }

  static SensitivityReport full() {
    Map<String, String> variant = Map.of("crypto.variant", "folded");
    NumericGroup msgsGroup = new NumericGroup(variant, Direction.INCREASING, true,
        List.of(sample(10, "10", false), sample(137, "137", true)), 0.1234567891, 12.3456789,
        0.99999912, 100.0, 0.0571234567,
        List.of(new BudgetFit(500, 137.0, "137", Bound.EXACT, 137.0, 138.0, 7, null,
                FULL_BOTTLENECK),
            new BudgetFit(30, 0.0, "0", Bound.NONE_FITS, null, 1.0, 3,
                "not even one message per block fits",
                new Bottleneck("combine", 5, 0.5, "1")),
            new BudgetFit(1000, 1000.0, "1000", Bound.PROBE_CAP, 1000.0, Double.NaN, 12,
                "stopped", null),
            new BudgetFit(20, null, null, Bound.BELOW_GRID, null, 10.0, 0, null, null)),
        List.of());
    NumericParam msgs =
        new NumericParam(SweepPlan.MSGS, ParamKind.INTEGER, "", false, List.of(msgsGroup));
    NumericGroup speed = new NumericGroup(variant, Direction.DECREASING, true,
        List.of(sample(0.25, "0.25", false), sample(0.603, "0.603", true)), -1.5, 80.0, 0.5,
        1.0, -0.0123456789,
        List.of(new BudgetFit(500, 0.603, "0.603", Bound.WITHIN_1PCT, 0.603, 0.598, 6,
                null, FULL_BOTTLENECK),
            new BudgetFit(30, null, null, Bound.BELOW_GRID, null, 0.25, 0,
                "no grid value fits", null)),
        List.of("search off: a note"));
    NumericGroup latency = new NumericGroup(Map.of(), Direction.NOT_MONOTONE,
        false, List.of(sample(1, "1 ms", false)), null, null, null, null, null,
        List.of(new BudgetFit(500, null, null, Bound.NOT_MONOTONE, null, null, 0, null,
            null)),
        List.of("one value only: no slope"));
    NumericParam speedParam =
        new NumericParam("validators.speed", ParamKind.NUMBER, "", false, List.of(speed));
    NumericParam latencyParam =
        new NumericParam("network.latency", ParamKind.DURATION, "ms", false,
            List.of(latency));
    CategoricalParam cat = new CategoricalParam("crypto.variant",
        List.of(new CategoricalGroup(Map.of("validators.count", "4"),
            List.of(new CategoryValue("fast", 1.23456789, 2.5, 3.0, 4.0,
                    List.of(true, true, false, false)),
                new CategoryValue("folded", 2, 3, 4, Double.NaN,
                    List.of(false, false, false, false))))));
    Map<String, String> base = new LinkedHashMap<>();
    base.put(SweepPlan.MSGS, "100");
    base.put("crypto.variant", "fast");
    return new SensitivityReport(base, "msgs_per_block-100__variant-fast", 41.123456789,
        List.of(30.0, 500.0, 1000.0, 20.0), msgs, List.of(speedParam, latencyParam), List.of(cat),
        List.of(new TornadoBar("crypto.variant", "fast", "folded", 41.5, 125.3333333,
            41.123456789)),
        17, 12, List.of("search: a note"),
        List.of(new PointFit(base, List.of(true, true, false, false), FULL_BOTTLENECK)));
  }

  /** Nothing numeric varied: the headline lists the points instead. */
  static SensitivityReport points() {
    return new SensitivityReport(Map.of("crypto.variant", "fast"), null, Double.NaN,
        List.of(30.0, 1000.0), null, List.of(), List.of(), List.of(), 0, 12, List.of(),
        List.of(new PointFit(Map.of("crypto.variant", "fast"), List.of(false, true),
                new Bottleneck("consensus", 30, 0.84, "crypto.variant-fast")),
            new PointFit(Map.of("crypto.variant", "folded"), List.of(false, false),
                null)));
  }

  static String write(SensitivityReport r) throws IOException {
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .writeValueAsString(r);
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

  /** The labels are the documented values of bound, direction and kind (docs/SWEEPS.md). */
  @Test
  void enumsAreWrittenAsTheirLabels() throws IOException {
    assertEquals(List.of("exact", "within_1pct", "within_tolerance", "probe_cap", "limit", "beyond_grid", "none_fits",
        "below_grid", "not_monotone", "no_search", "invalid_probe"),
        Arrays.stream(Bound.values()).map(Bound::label).toList());
    assertEquals(List.of("increasing", "decreasing", "flat", "not_monotone"),
        Arrays.stream(Direction.values()).map(Direction::label).toList());
    assertEquals("[\"within_1pct\",\"not_monotone\",\"duration\"]",
        new ObjectMapper().writeValueAsString(
            List.of(Bound.WITHIN_1PCT, Direction.NOT_MONOTONE, ParamKind.DURATION)));
    assertEquals("below grid", Bound.BELOW_GRID.words());
  }

  @Test
  void theDirectionOfTheMessageCountIsAlwaysIncreasing() {
    assertEquals(Direction.INCREASING, Direction.of(true, false, false));
    assertEquals(Direction.FLAT, Direction.of(false, true, true));
    assertEquals(Direction.INCREASING, Direction.of(false, true, false));
    assertEquals(Direction.DECREASING, Direction.of(false, false, true));
    assertEquals(Direction.NOT_MONOTONE, Direction.of(false, false, false));
  }
}
