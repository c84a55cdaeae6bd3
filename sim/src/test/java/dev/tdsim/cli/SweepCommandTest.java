package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {
  private static final String TINY = String.join("\n",
      "name: tiny",
      "heights: 2",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "network: {model: uniform, latency: 5 ms}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {variant: folded, timing: model}",
      "");

  private static Path tiny(Path dir, String extra) throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY + extra);
    return file;
  }

  /**
   * A sweep into the folder of an earlier one with other points says which folders are not its
   * own (they stay, unread): they once sat beside the new points unmarked.
   */
  @Test
  void aSweepNamesThePointFoldersOfAnEarlierSweepItDoesNotRead(@TempDir Path dir)
      throws Exception {
    String file = tiny(dir, "").toString();
    String out = dir.resolve("out").toString();
    CliRun first = CliRun.of("sweep", file, "--vary", "seed=1,2,3", "--no-search", "--quiet",
        "--out", out);
    assertEquals(0, first.exitCode(), first.err());
    CliRun second = CliRun.of("sweep", file, "--vary", "seed=1,2", "--no-search", "--out", out);
    assertEquals(0, second.exitCode(), second.err());
    assertTrue(second.err().contains("note: 1 folder in " + Path.of(out).resolve("points")
        + " is no point of this sweep") && second.err().contains(": seed-3__r0"), second.err());
    assertTrue(second.out().contains("2 reused"), second.out());
  }

  @Test
  void badSweepsExitTwoWithOneLineBeforeAnythingRuns(@TempDir Path dir) throws Exception {
    String file = tiny(dir, "").toString();
    String out = dir.resolve("out").toString();
    CliRun unknown = CliRun.of("sweep", file, "--vary", "workload.msgs=1,2", "--out", out);
    assertEquals(2, unknown.exitCode(), unknown.err());
    assertEquals(1, unknown.errLines().size(), unknown.err());
    assertTrue(unknown.err().contains("workload.msgs")
        && unknown.err().contains("did you mean workload.msgs_per_block"), unknown.err());
    CliRun value = CliRun.of("sweep", file, "--vary", "workload.msgs_per_block=1,x",
        "--out", out);
    assertEquals(2, value.exitCode(), value.err());
    assertEquals(1, value.errLines().size(), value.err());
    assertTrue(value.err().contains("workload.msgs_per_block=x"), value.err());
    CliRun zip = CliRun.of("sweep", file, "--vary", "workload.msgs_per_block=1,2",
        "--vary", "crypto.variant=fast", "--zip", "--out", out);
    assertEquals(2, zip.exitCode(), zip.err());
    assertEquals(1, zip.errLines().size(), zip.err());
    assertTrue(zip.err().contains("--zip"), zip.err());
    CliRun section = CliRun.of("sweep", tiny(dir, "sweep: {vary: {crypto.variant: fast}}\n")
        .toString(), "--out", out);
    assertEquals(2, section.exitCode(), section.err());
    assertEquals(1, section.errLines().size(), section.err());
    assertTrue(section.err().contains("sweep.vary.crypto.variant: expected a list"),
        section.err());
    CliRun nothing = CliRun.of("sweep", tiny(dir, "").toString(), "--out", out);
    assertEquals(2, nothing.exitCode(), nothing.err());
    assertTrue(nothing.err().contains("nothing to vary"), nothing.err());
    assertTrue(!Files.exists(dir.resolve("out")), "nothing ran, nothing written");
  }

  @Test
  void aScenarioWithSeveralErrorsHasThemAllListedInFileOrderAsValidateDoes(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, String.join("\n",
        "name: bad",
        "crypto: {variant: nosuch, timing: model}",
        "heights: -1",
        "validators: {count: 4}",
        "keys: {shares: 8}",
        "workload: {msgs_per_block: 3, msg_size: 3 parsecs}",
        "sweep: {vary: {workload.msgs_per_block: [1, 2]}}",
        ""));
    Path out = dir.resolve("out");
    CliRun sweep = CliRun.of("sweep", file.toString(), "--out", out.toString());
    assertEquals(2, sweep.exitCode(), sweep.err());
    List<String> lines = sweep.errLines();
    assertEquals(3, lines.size(), sweep.err());
    assertTrue(lines.get(0).startsWith(file + ":2: crypto.design: unknown value 'nosuch'"),
        lines.get(0));
    assertTrue(lines.get(1).startsWith(file + ":3: heights: "), lines.get(1));
    assertTrue(lines.get(2).startsWith(file + ":6: workload.msg_size: "), lines.get(2));
    assertEquals(lines, CliRun.of("validate", file.toString()).errLines());
    assertTrue(!Files.exists(out), "nothing ran, nothing written");
  }

  @Test
  void everyBadPointIsListedOnceAtItsKeyInTheFile(@TempDir Path dir) throws Exception {
    Path file = tiny(dir, String.join("\n",
        "sweep:",
        "  vary:",
        "    workload.msgs_per_block: [1, x, -3]",
        "    crypto.variant: [fast, nosuch]",
        ""));
    Path out = dir.resolve("out");
    CliRun sweep = CliRun.of("sweep", file.toString(), "--out", out.toString());
    assertEquals(2, sweep.exitCode(), sweep.err());
    List<String> lines = sweep.errLines();
    assertEquals(3, lines.size(), sweep.err());
    assertTrue(lines.get(0).startsWith(file + ":10: sweep.vary.workload.msgs_per_block: point"
        + " (workload.msgs_per_block=x, crypto.variant=fast): workload.msgs_per_block:"),
        lines.get(0));
    assertTrue(lines.get(1).startsWith(file + ":10: sweep.vary.workload.msgs_per_block: point"
        + " (workload.msgs_per_block=-3, crypto.variant=fast)"), lines.get(1));
    assertTrue(lines.get(2).startsWith(file + ":11: sweep.vary.crypto.design: point"
        + " (workload.msgs_per_block=1, crypto.variant=nosuch): crypto.design: unknown value"),
        lines.get(2));
    assertEquals(lines, CliRun.of("validate", file.toString()).errLines());
    CliRun option = CliRun.of("sweep", file.toString(), "--vary",
        "workload.msgs_per_block=1,x,y", "--vary", "crypto.variant=fast,folded",
        "--out", out.toString());
    assertEquals(2, option.exitCode(), option.err());
    assertEquals(List.of("tdsim sweep: point (workload.msgs_per_block=x, crypto.variant=fast):"
        + " workload.msgs_per_block: expected a positive integer or 'auto', got 'x'",
        "tdsim sweep: point (workload.msgs_per_block=y, crypto.variant=fast):"
        + " workload.msgs_per_block: expected a positive integer or 'auto', got 'y'"),
        option.errLines());
    assertTrue(!Files.exists(out), "nothing ran, nothing written");
  }

  @Test
  void aSmallSweepFromTheFileWritesEveryOutput(@TempDir Path dir) throws Exception {
    Path file = tiny(dir, "sweep: {vary: {workload.msgs_per_block: [1, 3]}}\n");
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("sweep", file.toString(), "--vary", "crypto.variant=fast,folded",
        "--no-search", "--out", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("largest workload.msgs_per_block fitting"), r.out());
    assertTrue(r.out().startsWith("answer: the largest block (messages per block) fitting each"
        + " budget, per design:\n  crypto.variant=fast\n"), r.out());
    assertTrue(r.out().contains("bottleneck "), r.out());
    assertTrue(r.err().contains("4/4 grid points"), r.err());
    int plan = r.err().indexOf("[sweep] plan: 4 grid points (4 x 1 replicate), 0 done earlier,"
        + " 4 to run");
    int estimate = r.err().indexOf("[sweep] estimate (cost model");
    assertTrue(plan >= 0 && estimate > plan && estimate < r.err().indexOf("1/4 grid points"),
        r.err());
    for (String f : new String[] {"sweep.csv", "sensitivity.json", "report.html"}) {
      assertTrue(Files.isRegularFile(out.resolve(f)), f);
    }
    assertTrue(Files.isRegularFile(out.resolve("points/msgs_per_block-3__variant-fast__r0"
        + "/summary.json")));
    CliRun again = CliRun.of("sweep", file.toString(), "--vary", "crypto.variant=fast,folded",
        "--no-search", "--out", out.toString(), "--quiet");
    assertEquals(0, again.exitCode(), again.err());
    assertTrue(again.out().contains("0 runs now, 4 reused"), again.out());
  }

  @Test
  void planPrintsWhatWouldRunAndRunsNothing(@TempDir Path dir) throws Exception {
    Path file = tiny(dir, "");
    Path out = dir.resolve("out");
    String[] sweep = {"sweep", file.toString(), "--vary", "workload.msgs_per_block=1,3",
        "--set", "budgets=[1 ms, 10 s]", "--out", out.toString()};
    CliRun plan = CliRun.of(concat(sweep, "--plan"));
    assertEquals(0, plan.exitCode(), plan.err());
    assertTrue(!Files.exists(out), "--plan writes nothing");
    assertTrue(plan.out().startsWith("plan: 2 grid points (2 x 1 replicate), 0 done earlier,"
        + " 2 to run"), plan.out());
    assertTrue(plan.out().contains("estimate (cost model of the real crypto calls"), plan.out());
    assertTrue(plan.out().contains("  msgs_per_block-1__r0: to run, about "), plan.out());
    assertTrue(plan.out().contains("(real crypto at 1 of 2 heights)"), plan.out());
    assertTrue(plan.out().contains("nothing was run (--plan)"), plan.out());
    // after the sweep ran, the plan shows its points as stored
    CliRun ran = CliRun.of(concat(sweep, "--no-search", "--quiet"));
    assertEquals(0, ran.exitCode(), ran.err());
    CliRun again = CliRun.of(concat(sweep, "--plan"));
    assertTrue(again.out().contains("2 done earlier, 0 to run"), again.out());
    assertTrue(again.out().contains("  msgs_per_block-3__r0: stored in "), again.out());
  }

  /**
   * Model timing: the plan replays the grid without crypto calls, so it counts the probe runs
   * the real grid's brackets call for, the same number the sweep's own line gives after its grid.
   */
  @Test
  void thePlanCountsTheProbesTheGridWillCallFor(@TempDir Path dir) throws Exception {
    Path file = tiny(dir, "");
    Path out = dir.resolve("out");
    String[] sweep = {"sweep", file.toString(), "--vary", "workload.msgs_per_block=1,4",
        "--set", "budgets=[1 ms, 10 s]", "--max-probes", "3", "--out", out.toString()};
    CliRun plan = CliRun.of(concat(sweep, "--plan"));
    assertEquals(0, plan.exitCode(), plan.err());
    assertTrue(!Files.exists(out), "--plan writes nothing");
    assertTrue(plan.err().contains("[sweep] plan: replaying the 2 grid points to run with the cost"
        + " model's durations and no crypto calls"), plan.err());
    java.util.regex.Matcher planned = java.util.regex.Pattern.compile("search about [^(]*\\((\\d+)"
        + " probe runs? from the replayed grid's brackets").matcher(plan.out());
    assertTrue(planned.find(), plan.out());
    CliRun ran = CliRun.of(sweep);
    assertEquals(0, ran.exitCode(), ran.err());
    java.util.regex.Matcher after = java.util.regex.Pattern.compile("\\[sweep\\] search: about"
        + " (\\d+) probe runs? from the grid's brackets").matcher(ran.err());
    assertTrue(after.find(), ran.err());
    assertEquals(after.group(1), planned.group(1));
    assertTrue(Integer.parseInt(planned.group(1)) > 0, plan.out());
  }

  @Test
  void aBadToleranceIsNamedAsTheOptionNotAsALineOfTheFile(@TempDir Path dir) throws Exception {
    Path file = tiny(dir, "");
    CliRun r = CliRun.of("sweep", file.toString(), "--vary", "workload.msgs_per_block=1,3",
        "--tolerance", "abc", "--plan");
    assertEquals(2, r.exitCode(), r.err());
    assertEquals(List.of("tdsim sweep: --tolerance: expected a percentage such as 5% (or a"
        + " fraction such as 0.05) from 0 up to 100%, got 'abc'"), r.errLines());
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** A folder with probes (a sweep that searched, or was stopped while searching) is reused. */
  @Test
  void aSweepThatSearchedCanBeRerunIntoItsFolder(@TempDir Path dir) throws Exception {
    Path file = tiny(dir, "");
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("sweep", file.toString(), "--vary", "workload.msgs_per_block=1,3",
        "--max-probes", "1", "--set", "budgets=[1 ms, 10 s]", "--out", out.toString(),
        "--quiet");
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(Files.isDirectory(out.resolve("probes")), "the search ran probes");
    CliRun again = CliRun.of("sweep", file.toString(), "--vary", "workload.msgs_per_block=1,3",
        "--max-probes", "1", "--set", "budgets=[1 ms, 10 s]", "--out", out.toString(),
        "--quiet");
    assertEquals(0, again.exitCode(), again.err());
    assertTrue(again.out().contains("0 runs now"), again.out());
    CliRun noSearch = CliRun.of("sweep", file.toString(), "--vary",
        "workload.msgs_per_block=1,3", "--max-probes", "1", "--set", "budgets=[1 ms, 10 s]",
        "--no-search", "--out", out.toString(), "--quiet");
    assertEquals(0, noSearch.exitCode(), noSearch.err());
    assertTrue(noSearch.out().contains("0 runs now"), noSearch.out());
    assertEquals(again.out().lines().filter(l -> l.contains("10 s:")).toList(),
        noSearch.out().lines().filter(l -> l.contains("10 s:")).toList(),
        "the stored probe gives --no-search the same answer");
  }

  @Test
  void helpSaysWhyMeasuredPointsRunOneAtATime() {
    CliRun r = CliRun.of("sweep", "--help");
    assertEquals(0, r.exitCode());
    assertTrue(r.out().contains("measured") && r.out().contains("--parallel"), r.out());
  }

  /**
   * A sweep that varies nothing numeric draws its points as markers; a point whose chain halts
   * has no latency and goes in the band under the plot (its NaN once broke the y axis, and the
   * sweep failed after running every point: IndexOutOfBoundsException, no report).
   */
  @Test
  void aHaltedPointOfAPointsChartGoesInTheBandUnderThePlot(@TempDir Path dir) throws Exception {
    Path file = tiny(dir, String.join("\n",
        "faults:",
        "  - kind: crash",
        "    stake: 50%",
        "sweep:",
        "  vary:",
        "    crypto.variant: [folded, fast]",
        ""));
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("sweep", file.toString(), "--quiet", "--out", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("answer: the budgets each point fits")
        && r.out().contains("the chain halted"), r.out());
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("variant-fast") && html.contains("no height decrypted"), "report");
  }

  /**
   * A fault's stake written as a percentage is numeric: the answer is the largest share fitting
   * each budget, with a halted point (50% crashed) at the top of the grid.
   */
  @Test
  void aSweepOverPercentagesAnswersWithTheLargestShareFitting(@TempDir Path dir)
      throws Exception {
    Path file = tiny(dir, String.join("\n",
        "faults:",
        "  - kind: crash",
        "    stake: 0%",
        "sweep:",
        "  vary:",
        "    faults[0].stake: [0%, 25%, 50%]",
        "  search: false",
        ""));
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("sweep", file.toString(), "--quiet", "--out", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("answer: the value of faults[0].stake fitting each budget"),
        r.out());
    assertTrue(r.out().contains("2 s: 25% (no search)"), r.out());
    String csv = Files.readString(out.resolve("sweep.csv"));
    assertTrue(csv.lines().anyMatch(l -> l.startsWith("stake-50-") && l.contains(",true,")), csv);
  }

  /**
   * The message count zipped with a fault's stake changes with it: the answer lists the budgets
   * each point fits (it once named the largest block fitting, as if the stake stood still).
   */
  @Test
  void aMessageCountZippedWithAnotherPathIsAnsweredPerPoint(@TempDir Path dir) throws Exception {
    Path file = tiny(dir, String.join("\n",
        "faults:",
        "  - kind: crash",
        "    stake: 0%",
        ""));
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("sweep", file.toString(), "--vary", "faults[0].stake=0%,25%",
        "--vary", "workload.msgs_per_block=1,2", "--zip", "--quiet", "--out", out.toString());
    assertEquals(0, r.exitCode(), r.err());
    assertTrue(r.out().contains("answer: the budgets each point fits")
        && r.out().contains("faults[0].stake=25%, workload.msgs_per_block=2: fits"), r.out());
    assertTrue(!r.out().contains("largest block") && !r.out().contains("largest workload"),
        r.out());
    assertTrue(r.out().contains("workload.msgs_per_block: p95"), r.out());
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("Messages per block, point by point")
        && !html.contains("Largest block that fits"), "report");
  }

  /**
   * Paths a sweep cannot vary (budgets: every point is judged by all; replicates: --replicates)
   * and a sweep section that names a key or a path twice are refused before anything runs
   * (varied budgets once crashed after the first point, a duplicate key was silently dropped).
   */
  @Test
  void unvariablePathsAndDuplicatesInTheSweepSectionAreRefusedBeforeAnythingRuns(
      @TempDir Path dir) throws Exception {
    String file = tiny(dir, "").toString();
    Path out = dir.resolve("out");
    CliRun budgets = CliRun.of("sweep", file, "--vary", "budgets=[1 s],[2 s]", "--out",
        out.toString());
    assertEquals(2, budgets.exitCode(), budgets.err());
    assertTrue(budgets.err().contains("every point is judged against every budget"),
        budgets.err());
    CliRun replicates = CliRun.of("sweep", file, "--vary", "replicates=1,2", "--out",
        out.toString());
    assertEquals(2, replicates.exitCode(), replicates.err());
    assertTrue(replicates.err().contains("--replicates N"), replicates.err());
    assertTrue(!Files.exists(out), "nothing written");
    Path dup = tiny(dir, String.join("\n", "sweep:", "  mode: zip", "  mode: cartesian", ""));
    CliRun mode = CliRun.of("validate", dup.toString());
    assertEquals(2, mode.exitCode(), mode.err());
    assertTrue(mode.err().contains("sweep.mode: duplicate key (first written at line"),
        mode.err());
    Path twice = tiny(dir, String.join("\n", "sweep:", "  heights: [1, 2]", "  vary:",
        "    heights: [3, 4]", ""));
    CliRun both = CliRun.of("validate", twice.toString());
    assertEquals(2, both.exitCode(), both.err());
    assertTrue(both.err().contains("heights is varied twice"), both.err());
    // replicates are capped as the scenario's are, and --replicates names itself
    file = tiny(dir, "").toString();
    CliRun many = CliRun.of("sweep", file, "--replicates", "1000", "--vary", "seed=1,2",
        "--out", out.toString());
    assertEquals(2, many.exitCode(), many.err());
    assertTrue(many.err().contains("--replicates: must be in [1, 100], got 1000"), many.err());
    CliRun none = CliRun.of("run", file, "--replicates", "0", "--out", out.toString());
    assertEquals(2, none.exitCode(), none.err());
    assertTrue(none.err().contains("tdsim run: --replicates: must be in [1, 100], got 0"),
        none.err());
  }
}
