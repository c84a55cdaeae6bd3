package dev.tdsim.sweep;

import dev.tdsim.random.Seeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Building and validating sweep plans: no scenario runs here. */
class SweepPlanTest {
  static final String TINY = String.join("\n",
      "name: tiny",
      "seed: 7",
      "heights: 2",
      "validators: {count: 4, cores: 2}",
      "keys: {shares: 8}",
      "network: {model: uniform, latency: 5 ms}",
      "workload: {msgs_per_block: 4, msg_size: 100 B}",
      "crypto: {variant: fast, timing: model}",
      "");

  static SweepPlan plan(String yaml, SweepSpec spec, String... sets) {
    SweepPlan.Source source = ov -> ScenarioLoader.parse(yaml, "tiny.yaml", ov);
    Scenario base = SweepPlan.loadBase(source, List.of(sets));
    return SweepPlan.build(source, List.of(sets), base, spec);
  }

  static SweepSpec vary(String... args) {
    SweepSpec s = SweepSpec.empty();
    for (String a : args) {
      s = s.withVary(SweepSpec.parseVary(a));
    }
    return s;
  }

  @Test
  void aFaultKeyIsAnAxis() {
    SweepPlan p = plan(TINY + "faults: [{kind: crash, stake: 0%}]\n",
        vary("faults[0].stake=0%,25%,50%"));
    assertEquals(3, p.cells().size());
    assertEquals(new dev.tdsim.faults.FaultTarget.Stake(0.25),
        p.cells().get(1).points().get(0).scenario().faults().list().get(0).target());
    assertTrue(p.cells().get(1).id().startsWith("stake-25"), p.cells().get(1).id());
    SweepException e = assertThrows(SweepException.class,
        () -> plan(TINY, vary("faults[0].stake=0%,25%")));
    assertTrue(e.getMessage().contains("has 0 fault(s)"), e.getMessage());
  }

  @Test
  void cartesianMultipliesAndZipPairs() {
    SweepPlan cart = plan(TINY, vary("workload.msgs_per_block=1,2,3", "crypto.variant=fast,folded"));
    assertEquals(6, cart.cells().size());
    assertEquals(6, cart.points().size());
    assertEquals("msgs_per_block-1__variant-fast", cart.cells().get(0).id());
    assertEquals("msgs_per_block-1__variant-folded", cart.cells().get(1).id());
    SweepPlan zip = plan(TINY, vary("workload.msgs_per_block=1,2", "crypto.variant=fast,folded")
        .withZip(true));
    assertEquals(2, zip.cells().size());
    assertEquals("msgs_per_block-2__variant-folded", zip.cells().get(1).id());
    assertEquals(2, zip.cells().get(1).points().get(0).scenario().workload().msgsPerBlock());
    SweepException e = assertThrows(SweepException.class, () -> plan(TINY,
        vary("workload.msgs_per_block=1,2,3", "crypto.variant=fast,folded").withZip(true)));
    assertTrue(e.getMessage().contains("--zip") && e.getMessage().contains("has 3")
        && e.getMessage().contains("has 2"), e.getMessage());
  }

  /** Zipped, a path may repeat a value (the rows of a table), as long as the points differ. */
  @Test
  void zippedPathsMayRepeatValuesButNotPoints() {
    SweepPlan rows = plan(TINY, vary("workload.msgs_per_block=1,2,1,2",
        "crypto.variant=fast,fast,folded,folded").withZip(true));
    assertEquals(4, rows.cells().size());
    assertEquals("msgs_per_block-1__variant-folded", rows.cells().get(2).id());
    assertEquals(List.of("1", "2"), rows.params().get(0).values());
    SweepException same = assertThrows(SweepException.class, () -> plan(TINY,
        vary("workload.msgs_per_block=1,2,1", "crypto.variant=fast,folded,fast").withZip(true)));
    assertTrue(same.getMessage().contains("points 1 and 3 are the same"), same.getMessage());
    SweepException cartesian = assertThrows(SweepException.class, () -> plan(TINY,
        vary("workload.msgs_per_block=1,2,1")));
    assertTrue(cartesian.getMessage().contains("given twice"), cartesian.getMessage());
  }

  @Test
  void replicatesHaveDistinctStableSeedsAndReplicateZeroKeepsTheScenarioSeed() {
    SweepPlan p = plan(TINY, vary("workload.msgs_per_block=1,2").withReplicates(4));
    assertEquals(8, p.points().size());
    Set<Long> seeds = new HashSet<>();
    Set<String> ids = new HashSet<>();
    for (SweepPlan.Cell c : p.cells()) {
      assertEquals(7, c.points().get(0).scenario().seed());
      for (SweepPlan.Point pt : c.points()) {
        seeds.add(pt.scenario().seed());
        ids.add(pt.id());
        assertEquals(Seeds.derive(7, pt.replicate()), pt.scenario().seed());
      }
    }
    assertEquals(4, seeds.size(), "one seed per replicate, shared by the cells");
    assertEquals(8, ids.size());
    assertEquals(Seeds.derive(7, 3), Seeds.derive(7, 3));
    assertNotEquals(Seeds.derive(7, 1), Seeds.derive(8, 1));
    assertNotEquals(Seeds.derive(7, 1), 8L, "not simply seed + 1");
  }

  @Test
  void pointScenariosHaveNoSweepSectionSoEditingTheSweepKeepsTheirHashes() {
    String withSweep = TINY + "sweep: {vary: {workload.msgs_per_block: [1, 2]}}\n";
    SweepPlan a = plan(withSweep, SweepSpec.fromSection(
        ScenarioLoader.parse(withSweep, "tiny.yaml", List.of()).sweep(), "tiny.yaml"));
    SweepPlan b = plan(TINY, vary("workload.msgs_per_block=1,2,3"));
    assertEquals(2, a.cells().size());
    assertTrue(a.cells().get(0).points().get(0).scenario().sweep().isEmpty());
    assertEquals(a.cells().get(1).points().get(0).scenario().hash(),
        b.cells().get(1).points().get(0).scenario().hash());
  }

  @Test
  void sweepSectionAndCommandLineMerge() {
    Map<String, Object> section = ScenarioLoader.parse(TINY
        + "sweep: {vary: {workload.msgs_per_block: [10, 100], crypto.variant: [fast]},"
        + " mode: zip, replicates: 3, max_probes: 5}\n", "t.yaml", List.of()).sweep();
    SweepSpec s = SweepSpec.fromSection(section, "t.yaml");
    assertTrue(s.zip());
    assertEquals(3, s.replicates());
    assertEquals(5, s.maxProbes());
    assertEquals(List.of("10", "100"), s.varyMap().get("workload.msgs_per_block"));
    s = s.withVary(SweepSpec.parseVary("crypto.variant=fast,folded"))
        .withVary(SweepSpec.parseVary("network.latency=1 ms,2 ms"));
    assertEquals(List.of("workload.msgs_per_block", "crypto.variant", "network.latency"),
        List.copyOf(s.varyMap().keySet()));
    assertEquals(List.of("fast", "folded"), s.varyMap().get("crypto.variant"));
    // the shorthand of docs/SCENARIOS.md: --set sweep.keys.shares=[8, 16]
    Map<String, Object> shorthand = ScenarioLoader.parse(TINY, "t.yaml",
        List.of("sweep.keys.shares=[8, 16]")).sweep();
    assertEquals(List.of("8", "16"),
        SweepSpec.fromSection(shorthand, "t.yaml").varyMap().get("keys.shares"));
    SweepException bad = assertThrows(SweepException.class, () -> SweepSpec.fromSection(
        Map.of("mode", "diagonal"), "t.yaml"));
    assertTrue(bad.getMessage().startsWith("t.yaml: sweep.mode:"), bad.getMessage());
    SweepException unknown = assertThrows(SweepException.class, () -> SweepSpec.fromSection(
        Map.of("replicate", 2), "t.yaml"));
    assertTrue(unknown.getMessage().contains("sweep.replicate: unknown key"),
        unknown.getMessage());
  }

  @Test
  void listValuesSplitOnlyAtTopLevelCommas() {
    Axis a = SweepSpec.parseVary("validators.stake=[1, 2, 3, 4],[4, 3, 2, 1]");
    assertEquals(List.of("[1, 2, 3, 4]", "[4, 3, 2, 1]"), a.values());
    SweepPlan p = plan(TINY, SweepSpec.empty().withVary(a));
    assertEquals(2, p.cells().size());
    assertEquals(List.of(1L, 2L, 3L, 4L),
        p.cells().get(0).points().get(0).scenario().validators().stakeWeights());
    assertTrue(p.cells().get(0).id().startsWith("stake-1-2-3-4-"), p.cells().get(0).id());
    // budgets is a list too, but every point is judged against all of them: not varied
    SweepException budgets = assertThrows(SweepException.class,
        () -> plan(TINY, SweepSpec.empty().withVary(SweepSpec.parseVary("budgets=[1 s],[2 s]"))));
    assertTrue(budgets.getMessage().contains("every budget"), budgets.getMessage());
  }

  @Test
  void everyPathAndValueIsCheckedUpFrontNamingThePathAndThePoint() {
    SweepException unknown = assertThrows(SweepException.class,
        () -> plan(TINY, vary("workload.msgs_per_blok=1,2")));
    assertTrue(unknown.getMessage().contains("workload.msgs_per_blok")
        && unknown.getMessage().contains("did you mean workload.msgs_per_block"),
        unknown.getMessage());
    SweepException value = assertThrows(SweepException.class,
        () -> plan(TINY, vary("crypto.variant=fast,folded", "workload.msgs_per_block=1,lots")));
    assertTrue(value.getMessage().contains("workload.msgs_per_block=lots")
        && value.getMessage().contains("crypto.variant=fast")
        && value.getMessage().contains("got 'lots'"), value.getMessage());
    assertTrue(!value.getMessage().contains("--set"), value.getMessage());
    SweepException cross = assertThrows(SweepException.class,
        () -> plan(TINY, vary("validators.count=4,16")));
    assertTrue(cross.getMessage().contains("validators.count=16"), cross.getMessage());
    SweepException same = assertThrows(SweepException.class,
        () -> plan(TINY, vary("network.latency=1000 ms,1 s")));
    assertTrue(same.getMessage().contains("same value"), same.getMessage());
    SweepException both = assertThrows(SweepException.class,
        () -> plan(TINY, vary("heights=1,2"), "heights=3"));
    assertTrue(both.getMessage().contains("--set"), both.getMessage());
    assertThrows(SweepException.class, () -> plan(TINY, SweepSpec.empty()));
  }

  @Test
  void numericKindsAreDetectedFromTheResolvedValues() {
    SweepPlan p = plan(TINY, vary("workload.msgs_per_block=1,2", "network.latency=1 ms,2000 us",
        "crypto.variant=fast,folded", "validators.speed=1,2"));
    assertEquals(ParamKind.INTEGER, p.params().get(0).kind());
    assertEquals(ParamKind.DURATION, p.params().get(1).kind());
    assertEquals(List.of("1 ms", "2 ms"), p.params().get(1).values());
    assertEquals(2e6, p.params().get(1).numbers().get("2 ms"));
    assertEquals(ParamKind.CATEGORICAL, p.params().get(2).kind());
    assertEquals(ParamKind.NUMBER, p.params().get(3).kind());
    assertNotNull(p.msgsParam());
    SweepPlan auto = plan(TINY, vary("workload.msgs_per_block=auto,2"));
    assertEquals(ParamKind.CATEGORICAL, auto.params().get(0).kind());
    SweepPlan search = plan(TINY, SweepSpec.empty().withMaxMsgsSearch(true));
    assertTrue(search.msgsParam().virtual());
    assertEquals("base", search.cells().get(0).id());
  }

  @Test
  void flowTextReadsBackAsTheSameValue() {
    assertEquals("100 ms", YamlValues.flow("100 ms"));
    assertEquals("10", YamlValues.flow(10));
    assertEquals("'1e3'", YamlValues.flow("1e3"));
    assertEquals("'true'", YamlValues.flow("true"));
    assertEquals("[us-east, eu-west]", YamlValues.flow(List.of("us-east", "eu-west")));
  }

  /**
   * docs/DESIGNS.md's command: designs.yaml varies {@code crypto.variant} (the former name) and
   * the command line {@code --vary crypto.design=...}; both set one key, so the command line's
   * values replace the file's instead of making a second axis whose points all clash.
   */
  @Test
  void varyingAKeyByItsCurrentNameReplacesTheFilesAxisUnderItsFormerName() {
    String withSweep = TINY + "sweep: {vary: {crypto.variant: [fast, folded, batched],"
        + " workload.msgs_per_block: [1, 2]}}\n";
    SweepSpec s = SweepSpec.fromSection(
        ScenarioLoader.parse(withSweep, "tiny.yaml", List.of()).sweep(), "tiny.yaml")
        .withVary(SweepSpec.parseVary("crypto.design=batched-points,block-key-points"));
    assertEquals(List.of("crypto.design", "workload.msgs_per_block"),
        List.copyOf(s.varyMap().keySet()));
    SweepPlan p = plan(withSweep, s);
    assertEquals(4, p.points().size());
    assertEquals("block-key-points",
        p.cells().get(3).points().get(0).scenario().crypto().design());
  }

  @Test
  void aToleranceIsAPercentageOrAFraction() {
    assertEquals(0.05, SweepSpec.tolerance("--tolerance", "5%"), 1e-12);
    assertEquals(0.05, SweepSpec.tolerance("--tolerance", "0.05"), 1e-12);
    assertEquals(0.05, SweepSpec.empty().tolerance(), 1e-12);
    assertEquals(0.0, SweepSpec.fromSection(java.util.Map.of("tolerance", "0"), "f.yaml")
        .tolerance());
    assertEquals(0.1, SweepSpec.fromSection(java.util.Map.of("tolerance", "10%"), "f.yaml")
        .tolerance(), 1e-12);
    for (String bad : List.of("abc", "100%", "-1%", "")) {
      SweepException e = org.junit.jupiter.api.Assertions.assertThrows(SweepException.class,
          () -> SweepSpec.tolerance("--tolerance", bad));
      org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("--tolerance:"
          + " expected a percentage such as 5%"), e.getMessage());
    }
  }
}
