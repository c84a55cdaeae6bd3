package dev.tdsim.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tdsim.runner.ScenarioRunner;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The throughput ceiling: {@code workload.rate} swept with a mempool of 200 transactions, so that
 * a rate above what the chain commits fills it and gets refusals (not sustained). Before: every
 * rate fitted (the heights did), the ceiling was the grid's largest rate "beyond grid", and no
 * probe ran.
 */
class ThroughputCeilingTest {
  /** Four validators, 6 heights, blocks about 1.3 s apart: about 110 tx/s sustained. */
  static final String SMALL = String.join("\n",
      "name: ceiling",
      "seed: 1",
      "heights: 6",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "network: {model: uniform, latency: 10 ms}",
      "workload: {rate: 100 tx/s, msg_size: 1 KiB}",
      "mempool: {size: 200}",
      "crypto: {design: fast, timing: model, sample_heights: 1}",
      "budgets: [1 s]",
      "");

  private static JsonNode sweep(Path out, String rates) throws IOException {
    SweepPlan plan = SweepPlanTest.plan(SMALL, SweepPlanTest.vary("workload.rate=" + rates)
        .withTolerance(0));
    new Sweep(plan, out, new Sweep.Settings(2, "test"), s -> new ScenarioRunner(l -> { }).run(s),
        new PrintWriter(new StringWriter()), line -> { }).run();
    return new ObjectMapper().readTree(out.resolve(Sensitivity.FILE).toFile());
  }

  /** The rates run, in tx/s: sample value, whether it fits the budget. */
  private static List<double[]> samples(JsonNode group) {
    List<double[]> out = new ArrayList<>();
    for (JsonNode s : group.get("samples")) {
      out.add(new double[] {s.get("value").asDouble(), s.get("probe").asBoolean() ? 1 : 0});
    }
    return out;
  }

  @Test
  void theCeilingLiesBetweenTwoGridRatesAndTheProbesCloseItToOnePercent(@TempDir Path dir)
      throws IOException {
    JsonNode j = sweep(dir, "50 tx/s,200 tx/s");
    JsonNode head = j.get("headline");
    assertEquals("workload.rate", head.get("parameter").asText());
    JsonNode b = head.get("designs").get(0).get("budgets").get(0);
    double ceiling = b.get("max_rate_sustained").asDouble();
    assertTrue(ceiling > 50 && ceiling < 200, b.toString());
    assertEquals("within_1pct", b.get("bound").asText(), b.toString());
    assertTrue(b.get("max_rate_sustained_text").asText().endsWith(" tx/s"), b.toString());
    assertTrue(b.get("first_miss").asText().contains(": not sustained: ")
        && b.get("first_miss").asText().contains("full mempools refused "), b.toString());

    JsonNode param = j.get("parameters").get(0);
    assertEquals("workload.rate", param.get("path").asText());
    assertTrue(param.get("searched_as").asText().startsWith("the throughput ceiling"));
    JsonNode group = param.get("groups").get(0);
    assertEquals("increasing", group.get("direction").asText());
    JsonNode fit = group.get("budgets").get(0);
    assertFalse(fit.has("max_value_fitting"), fit.toString());
    double lo = fit.get("bracket").get(0).asDouble();
    double hi = fit.get("bracket").get(1).asDouble();
    assertEquals(ceiling, lo, 1e-9);
    assertTrue(hi > lo && hi - lo <= 0.01 * hi, "within 1%: " + fit);
    assertTrue(fit.get("probes").asInt() >= 5, fit.toString());
    // the values run on each side: the bracket's ends are runs, the fitting one below
    boolean ranLo = false;
    boolean ranHi = false;
    for (double[] s : samples(group)) {
      ranLo |= s[0] == lo && s[1] == 1;
      ranHi |= s[0] == hi && s[1] == 1;
    }
    assertTrue(ranLo && ranHi, "both ends of the bracket are probes: " + group.get("samples"));
    assertTrue(j.get("fits_rule").asText().contains("kept up with its clients"));

    // sweep.csv says why the 200 tx/s point misses: its heights fit, its load was not sustained
    List<String> csv = Files.readAllLines(dir.resolve(SweepCsv.FILE));
    assertTrue(csv.get(0).endsWith(",sustained,not_sustained"), csv.get(0));
    String high = csv.stream().filter(l -> l.contains(",200 tx/s,")).findFirst().orElseThrow();
    assertTrue(high.contains(",false,0,1.0000,") && high.contains(",false,")
        && high.contains("full mempools refused ") && high.contains(" submissions at their entry"),
        high);
    String report = Files.readString(dir.resolve(Sweep.REPORT));
    assertTrue(report.contains("largest rate sustained") && report.contains("first miss"));
  }

  @Test
  void aGridThatIsSustainedEverywhereIsDoubledUntilItIsNot(@TempDir Path dir)
      throws IOException {
    JsonNode j = sweep(dir, "30 tx/s,60 tx/s");
    JsonNode fit = j.get("parameters").get(0).get("groups").get(0).get("budgets").get(0);
    assertNotNull(fit.get("max_rate_sustained"), fit.toString());
    double ceiling = fit.get("max_rate_sustained").asDouble();
    // doubling from 60 tx/s: 120 is beyond this chain's ceiling (~110 tx/s), so the answer lies
    // in (60, 120) and bisection closes it
    assertTrue(ceiling > 60 && ceiling < 120, fit.toString());
    assertEquals("within_1pct", fit.get("bound").asText(), fit.toString());
    double hi = fit.get("bracket").get(1).asDouble();
    assertTrue(hi <= 120 && hi - ceiling <= 0.01 * hi, fit.toString());
  }
}
