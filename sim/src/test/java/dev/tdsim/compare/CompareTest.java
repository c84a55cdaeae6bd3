package dev.tdsim.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.report.CriticalPath;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompareTest {
  @Test
  void twoRunsLineUpPerBudgetWithTheRatioAndWhatChanged(@TempDir Path tmp) throws Exception {
    Path a = Fixtures.run(tmp.resolve("a"), 100, List.of("crypto.variant=fast"));
    Path b = Fixtures.run(tmp.resolve("b"), 40, List.of("crypto.variant=folded", "seed=7"));
    Comparison c = Compare.compare(List.of(a, b));
    assertTrue(c.matched());
    assertEquals(List.of("a (fast)", "b (folded)"), c.labels());
    assertEquals(2, c.rows().size());
    assertEquals(100, c.rows().get(0).blockTimeMs());
    assertEquals(0.4, c.rows().get(1).p95Ratio(), 1e-9);
    assertEquals(List.of("seed", "crypto.design"),
        c.changes().stream().map(Comparison.Change::path).toList());
    assertEquals(List.of("fast", "folded"), c.changes().get(1).values());

    String table = Compare.render(List.of(a, b), Format.TABLE);
    assertTrue(table.contains("a (fast)") && table.contains("b (folded)"), table);
    assertTrue(table.contains("100 ms") && table.contains("1 s"), table);
    assertTrue(table.contains("0.40x"), table);
    assertTrue(table.lines().anyMatch(l -> l.matches("crypto\\.design\\s+fast\\s+folded")),
        table);
    String md = Compare.render(List.of(a, b), Format.MARKDOWN);
    assertTrue(md.contains("| crypto.design | fast | folded |"), md);
  }

  @Test
  void csvIsOneRowPerFolderAndBudgetWithTheChangedPaths(@TempDir Path tmp) throws Exception {
    Path a = Fixtures.run(tmp.resolve("a"), 100, List.of());
    Path b = Fixtures.run(tmp.resolve("b"), 50, List.of("crypto.variant=folded"));
    List<CSVRecord> rows = parse(Compare.render(List.of(a, b), Format.CSV));
    assertEquals(4, rows.size());
    CSVRecord bAt1s = rows.get(3);
    assertEquals("B", bAt1s.get("folder"));
    assertEquals("1000", bAt1s.get("block_time_ms"));
    assertEquals("yes", bAt1s.get("fits"));
    assertEquals("100", bAt1s.get("heights_fitting_pct"));
    assertEquals("0.5", bAt1s.get("p95_ratio_b_over_a"));
    assertEquals("", rows.get(2).get("p95_ratio_b_over_a"));
    assertEquals("folded", bAt1s.get("crypto.design"));
    assertEquals("fast", rows.get(0).get("crypto.design"));
    assertEquals("12.5", bAt1s.get("combine_ms"));
  }

  @Test
  void sweepsVaryingTheSamePathMatchByValue(@TempDir Path tmp) throws Exception {
    Path a = Fixtures.sweep(tmp.resolve("sa"), "keys.shares", List.of(64, 128), 1,
        List.of("validators.count=16"));
    Path b = Fixtures.sweep(tmp.resolve("sb"), "keys.shares", List.of(128, 256), 0.5,
        List.of("validators.count=16", "crypto.variant=folded"));
    Comparison c = Compare.compare(List.of(a, b));
    assertTrue(c.matched());
    assertEquals(List.of("sa (fast)", "sb (folded)"), c.labels());
    assertEquals(6, c.rows().size()); // shares 64, 128, 256 x 2 budgets
    Comparison.Row at128 = c.rows().get(2);
    assertEquals("128", at128.point().get("keys.shares"));
    assertEquals(0.5, at128.p95Ratio(), 1e-9);
    assertNull(c.rows().get(0).cells().get(1));
    assertTrue(Double.isNaN(c.rows().get(0).p95Ratio()));
    assertNotNull(c.folders().get(0).points().get(0).criticalPath());
    List<String> changed = c.changes().stream().map(Comparison.Change::path).toList();
    assertTrue(changed.contains("crypto.design"), changed.toString());
    assertTrue(changed.contains("keys.shares"), changed.toString()); // swept 64,128 vs 128,256
    assertFalse(changed.contains("validators.count"), changed.toString());
    Comparison.Change threshold = c.changes().get(changed.indexOf("keys.threshold"));
    assertEquals(List.of("varies: 42, 85", "varies: 85, 170"), threshold.values());
    assertTrue(c.notes().isEmpty(), c.notes().toString());
    String table = Compare.render(List.of(a, b), Format.TABLE);
    assertTrue(table.contains("keys.shares=256"), table);
    List<CSVRecord> rows = parse(Compare.render(List.of(a, b), Format.CSV));
    assertEquals(8, rows.size());
    assertEquals("keys.shares", rows.get(0).getParser().getHeaderNames().get(4));
    assertEquals("", rows.get(0).get("p95_ratio_b_over_a"));
    assertEquals("0.5", rows.get(3).get("p95_ratio_b_over_a")); // B at shares 128, 100 ms
  }

  @Test
  void sweepPointsWithoutAnIdColumnFindTheirRunFolderByValue(@TempDir Path tmp)
      throws Exception {
    List<String> small = List.of("validators.count=16");
    Path a = Fixtures.sweep(tmp.resolve("sa"), "keys.shares", List.of(64, 128), 1, small, false);
    Path b = Fixtures.sweep(tmp.resolve("sb"), "keys.shares", List.of(64, 128), 2, small);
    Comparison c = Compare.compare(List.of(a, b));
    assertTrue(c.matched());
    assertEquals(4, c.rows().size());
    assertEquals(2.0, c.rows().get(3).p95Ratio(), 1e-9);
    for (Folder f : c.folders()) {
      assertEquals(2, f.points().size());
      f.points().forEach(p -> assertNotNull(p.criticalPath(), f.name() + " " + p.label()));
    }
    assertEquals(List.of("keys.shares"), c.folders().get(0).variedPaths());
    assertTrue(c.changes().isEmpty(), c.changes().toString());
  }

  @Test
  void snakeCaseSummariesReadLikeCamelCase(@TempDir Path tmp) throws Exception {
    Path a = Fixtures.run(tmp.resolve("a"), 100, List.of());
    Path b = Files.createDirectories(tmp.resolve("b"));
    Files.writeString(b.resolve("summary.json"), String.join("\n",
        "{\"variant\": \"folded\", \"counts\": {\"heights\": 3},",
        " \"verdicts\": [{\"block_time_ms\": 1000.0, \"fits\": true, \"p50_ms\": 10.0,",
        "   \"p95_ms\": 25.0, \"p99_ms\": 30.0, \"judged_p95_ms\": \"NaN\",",
        "   \"share_of_heights_fitting\": 1.0}],",
        " \"critical_path\": {\"consensus_ms\": 1, \"share_creation_ms\": 2,",
        "   \"share_gossip_ms\": 3, \"combine_ms\": 4, \"decrypt_ms\": 5}}"));
    Comparison c = Compare.compare(List.of(a, b));
    assertEquals("b (folded)", c.labels().get(1));
    Point p = c.folders().get(1).points().get(0);
    assertEquals(25.0, p.budgets().get(0).p95Ms());
    assertEquals(100.0, p.budgets().get(0).heightsFittingPct());
    assertTrue(Double.isNaN(p.budgets().get(0).judgedP95Ms()));
    assertEquals(4.0, p.criticalPath().combineMs());
    assertEquals(0.25, c.rows().get(1).p95Ratio(), 1e-9); // A has 100 ms and 1 s, B only 1 s
    assertTrue(c.folders().get(1).description().contains("3 heights"));
  }

  @Test
  void checkBlameAndReshareAreReadAndShownWithTheOtherPhases(@TempDir Path tmp) throws Exception {
    Path a = Fixtures.run(tmp.resolve("a"), 100, List.of());
    Path b = Files.createDirectories(tmp.resolve("b"));
    Files.writeString(b.resolve("summary.json"), String.join("\n",
        "{\"variant\": \"folded\", \"counts\": {\"heights\": 3},",
        " \"verdicts\": [{\"block_time_ms\": 1000.0, \"fits\": true, \"p50_ms\": 10.0,",
        "   \"p95_ms\": 25.0, \"p99_ms\": 30.0, \"judged_p95_ms\": 40.0,",
        "   \"share_of_heights_fitting\": 1.0}],",
        " \"critical_path\": {\"consensus_ms\": 1, \"share_creation_ms\": 2,",
        "   \"share_gossip_ms\": 3, \"combine_ms\": 4, \"check_ms\": 0.5, \"blame_ms\": 7,",
        "   \"decrypt_ms\": 5, \"reshare_ms\": 300, \"decryption_latency_ms\": 321.5}}"));
    Comparison c = Compare.compare(List.of(a, b));
    CriticalPath path = c.folders().get(1).points().get(0).criticalPath();
    assertEquals(7.0, path.blameMs());
    assertEquals(300.0, path.reshareMs());
    assertEquals(path.decryptionLatencyMs(), path.decryptionPhasesMs(), 1e-9);
    // a summary written before these phases: they are 0 and the latency is the phases' sum
    CriticalPath older = c.folders().get(0).points().get(0).criticalPath();
    assertEquals(0.0, older.reshareMs());
    assertEquals(older.decryptionLatencyMs(), older.decryptionPhasesMs(), 1e-9);
    String csv = CsvReport.write(c);
    assertTrue(csv.lines().findFirst().orElseThrow()
        .contains("combine_ms,check_ms,blame_ms,decrypt_ms,reshare_ms"), csv);
    assertTrue(csv.contains(",1,2,3,4,0.5,7,5,300"), csv);
  }

  @Test
  void foldersVaryingDifferentThingsAreListedOnTheirOwn(@TempDir Path tmp) throws Exception {
    Path sweep = Fixtures.sweep(tmp.resolve("s"), "keys.shares", List.of(64, 128), 1,
        List.of("validators.count=16"));
    Path run = Fixtures.run(tmp.resolve("r"), 30, List.of("validators.count=16",
        "keys.shares=64"));
    Comparison c = Compare.compare(List.of(sweep, run));
    assertFalse(c.matched());
    assertTrue(c.rows().isEmpty());
    assertTrue(c.notes().get(0).contains("vary different things"), c.notes().toString());
    String table = Compare.render(List.of(sweep, run), Format.TABLE);
    assertTrue(table.contains("A = s (fast):") && table.contains("B = r (fast):"), table);
    assertFalse(table.contains("p95 B/A"), table);
    List<CSVRecord> rows = parse(Compare.render(List.of(sweep, run), Format.CSV));
    assertEquals(6, rows.size());
    assertEquals("64", rows.get(5).get("keys.shares")); // the run's own value
  }

  @Test
  void repeatedNamesGetTheirParentFolder(@TempDir Path tmp) throws Exception {
    Path a = Fixtures.run(tmp.resolve("x").resolve("out"), 10, List.of());
    Path b = Fixtures.run(tmp.resolve("y").resolve("out"), 10, List.of());
    Comparison c = Compare.compare(List.of(a, b));
    assertEquals(List.of("x/out (fast)", "y/out (fast)"), c.labels());
    assertTrue(c.changes().isEmpty());
    assertTrue(Compare.render(List.of(a, b), Format.TABLE).contains("nothing: the resolved"));
    Comparison same = Compare.compare(List.of(a, a));
    assertEquals(List.of("x/out (fast) #1", "x/out (fast) #2"), same.labels());
  }

  /**
   * A sweep stopped before its end leaves its last snapshot's "in progress" note in
   * sensitivity.json: compare says the folder is unfinished (it once compared it as complete).
   */
  @Test
  void aSweepThatHadNotFinishedIsComparedWithANote(@TempDir Path tmp) throws Exception {
    List<String> small = List.of("validators.count=16");
    Path a = Fixtures.sweep(tmp.resolve("a"), "keys.shares", List.of(64, 128), 1.0, small);
    Path b = Fixtures.sweep(tmp.resolve("b"), "keys.shares", List.of(64, 128), 2.0, small);
    Files.writeString(b.resolve("sensitivity.json"),
        "{\"notes\": [\"in progress: 2 of 6 grid points done\", \"other\"]}");
    Files.writeString(a.resolve("sensitivity.json"), "{\"notes\": [\"other\"]}");
    Comparison c = Compare.compare(List.of(a, b));
    assertEquals(List.of("b: the sweep had not finished when these files were written (in"
        + " progress: 2 of 6 grid points done); a rerun with the same --out completes it"),
        c.notes(), c.notes().toString());
  }

  @Test
  void aRunWithoutScenarioYamlIsComparedWithANote(@TempDir Path tmp) throws Exception {
    Path a = Fixtures.run(tmp.resolve("a"), 10, List.of());
    Path b = Fixtures.run(tmp.resolve("b"), 10, List.of("crypto.variant=batch"));
    Files.delete(b.resolve("scenario.yaml"));
    Comparison c = Compare.compare(List.of(a, b));
    assertEquals("b (batch)", c.labels().get(1));
    assertTrue(c.changes().isEmpty());
    assertTrue(c.notes().get(0).startsWith("b: no scenario.yaml"), c.notes().toString());
  }

  @Test
  void badFoldersAreOneLineErrorsNamingTheFile(@TempDir Path tmp) throws Exception {
    Path good = Fixtures.run(tmp.resolve("good"), 10, List.of());
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertError("not a run or sweep folder", good, empty);
    assertError("no such folder", good, tmp.resolve("missing"));
    assertError("not a folder", good, Files.writeString(tmp.resolve("file.txt"), "x"));
    Path badJson = Files.createDirectories(tmp.resolve("badjson"));
    Files.writeString(badJson.resolve("summary.json"), "{\"verdicts\": [");
    assertError("summary.json: unreadable JSON", good, badJson);
    Path noVerdicts = Files.createDirectories(tmp.resolve("noverdicts"));
    Files.writeString(noVerdicts.resolve("summary.json"), "{\"seed\": 1}");
    assertError("no 'verdicts' list", good, noVerdicts);
    Path badCsv = Files.createDirectories(tmp.resolve("badcsv"));
    Files.writeString(badCsv.resolve("sweep.csv"), "a,b\n1,2\n");
    assertError("needs columns block_time_ms and p95_ms", good, badCsv);
    Path badCell = Files.createDirectories(tmp.resolve("badcell"));
    Files.writeString(badCell.resolve("sweep.csv"),
        "x,replicates,block_time_ms,fits,p50_ms,p95_ms,p99_ms\n1,1,100,true,1,fast,3\n");
    assertError("row 1, column p95_ms: not a number: 'fast'", good, badCell);
    Path infinite = Files.createDirectories(tmp.resolve("infinite"));
    Files.writeString(infinite.resolve("sweep.csv"),
        "x,replicates,block_time_ms,fits,p50_ms,p95_ms,p99_ms\n1,1,100,true,1,1e999,3\n");
    assertError("row 1, column p95_ms: not a finite number: '1e999'", good, infinite);
    Path badYaml = Fixtures.run(tmp.resolve("badyaml"), 10, List.of());
    Files.writeString(badYaml.resolve("scenario.yaml"), "a: [1\n");
    assertError("scenario.yaml: invalid YAML", good, badYaml);
    CompareException one = assertThrows(CompareException.class,
        () -> Compare.compare(List.of(good)));
    assertTrue(one.getMessage().contains("at least two"), one.getMessage());
  }

  @Test
  void formatsParseByNameAndFromTheOutputExtension() {
    assertEquals(Format.CSV, Format.parse("CSV"));
    assertEquals(Format.MARKDOWN, Format.parse("md"));
    assertEquals(Format.TABLE, Format.forFile(null));
    assertEquals(Format.CSV, Format.forFile(Path.of("x/cmp.csv")));
    assertEquals(Format.MARKDOWN, Format.forFile(Path.of("cmp.md")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Format.parse("html"));
    assertEquals("unknown format 'html'; known: table, csv, markdown", e.getMessage());
  }

  private static void assertError(String expected, Path... dirs) {
    CompareException e = assertThrows(CompareException.class,
        () -> Compare.render(List.of(dirs), Format.TABLE));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  static List<CSVRecord> parse(String csv) throws Exception {
    return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
        .parse(new StringReader(csv)).getRecords();
  }
}
