package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tdsim compare} on two tiny real runs (model timing) of different variants. */
class CompareCommandTest {
  private static final String TINY = String.join("\n",
      "name: tiny",
      "heights: 2",
      "validators: {count: 4}",
      "keys: {shares: 8}",
      "workload: {msgs_per_block: 3, msg_size: 100 B}",
      "crypto: {variant: fast, timing: model}",
      "budgets: [100 ms, 1 s]",
      "");

  @TempDir static Path dir;
  static Path fast;
  static Path folded;

  @BeforeAll
  static void runTwoVariants() throws Exception {
    Path file = dir.resolve("tiny.yaml");
    Files.writeString(file, TINY);
    fast = dir.resolve("fast-run");
    folded = dir.resolve("folded-run");
    CliRun a = CliRun.of("run", file.toString(), "--out", fast.toString(), "--quiet");
    assertEquals(0, a.exitCode(), a.err());
    CliRun b = CliRun.of("run", file.toString(), "--set", "crypto.variant=folded", "--out",
        folded.toString(), "--quiet");
    assertEquals(0, b.exitCode(), b.err());
  }

  @Test
  void tableShowsBothFoldersTheBudgetsAndTheChangedVariant() {
    CliRun r = CliRun.of("compare", fast.toString(), folded.toString());
    assertEquals(0, r.exitCode(), r.err());
    String out = r.out();
    assertTrue(out.contains("fast-run (fast)") && out.contains("folded-run (folded)"), out);
    assertTrue(out.contains("100 ms") && out.contains("1 s"), out);
    assertTrue(out.contains("p95 B/A"), out);
    assertTrue(out.lines().anyMatch(l -> l.matches("crypto\\.design\\s+fast\\s+folded")), out);
    assertTrue(out.contains("Critical path"), out);
    assertEquals("", r.err());
  }

  @Test
  void csvParsesWithOneRowPerFolderAndBudget() throws Exception {
    Path csvFile = dir.resolve("cmp").resolve("compare.csv");
    CliRun r = CliRun.of("compare", fast.toString(), folded.toString(), "--out",
        csvFile.toString());
    assertEquals(0, r.exitCode(), r.err());
    List<CSVRecord> rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
        .get().parse(new StringReader(Files.readString(csvFile))).getRecords();
    assertEquals(4, rows.size());
    assertEquals(List.of("A", "B", "A", "B"), rows.stream().map(x -> x.get("folder")).toList());
    assertEquals("folded", rows.get(1).get("crypto.design"));
    assertEquals("100", rows.get(0).get("block_time_ms"));
    for (CSVRecord row : rows) {
      Double.parseDouble(row.get("p95_ms"));
      assertTrue(List.of("yes", "no").contains(row.get("fits")), row.toString());
    }
    CliRun md = CliRun.of("compare", fast.toString(), folded.toString(), "--format",
        "markdown");
    assertTrue(md.out().contains("| crypto.design | fast | folded |"), md.out());
  }

  @Test
  void badFoldersAndUsageExitTwoWithOneLine() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path badJson = Files.createDirectories(dir.resolve("bad-json"));
    Files.writeString(badJson.resolve("summary.json"), "{not json");
    String[][] cases = {
      {"compare", fast.toString(), empty.toString()},
      {"compare", fast.toString(), badJson.toString()},
      {"compare", fast.toString(), dir.resolve("missing").toString()},
      {"compare", fast.toString()},
      {"compare"},
      {"compare", fast.toString(), folded.toString(), "--format", "html"},
    };
    for (String[] args : cases) {
      CliRun r = CliRun.of(args);
      assertEquals(2, r.exitCode(), String.join(" ", args) + ": " + r.err());
      assertEquals(1, r.errLines().size(), r.err());
      assertTrue(r.err().startsWith("tdsim compare: "), r.err());
      assertEquals("", r.out());
    }
    assertTrue(CliRun.of("compare", fast.toString(), empty.toString()).err()
        .contains("not a run or sweep folder"));
    assertTrue(CliRun.of("compare", fast.toString(), badJson.toString()).err()
        .contains("unreadable JSON"));
  }
}
