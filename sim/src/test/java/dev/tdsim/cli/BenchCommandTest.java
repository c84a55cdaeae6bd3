package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.bench.BenchCsv;
import dev.tdsim.bench.BenchFunction;
import dev.tdsim.bench.BenchSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class BenchCommandTest {
  @TempDir Path tmp;

  private static BenchSettings parse(String... args) {
    CommandLine cl = Main.commandLine();
    CommandLine.ParseResult pr = cl.parseArgs(args);
    BenchCommand bench = pr.subcommand().commandSpec().commandLine().getCommand();
    return bench.settings();
  }

  @Test
  void defaultsReproduceTheOriginalBenchmark() {
    BenchSettings s = parse("bench");
    assertEquals(List.of(BenchFunction.SHARE_COMBINE, BenchFunction.BLOCK_PROPOSE), s.functions());
    assertEquals(List.of("fast"), s.variants());
    assertEquals(List.of(10, 100, 1000), s.msgs());
    assertEquals(List.of(100, 1000, 10000), s.sizesBytes());
    assertEquals(150, s.validators());
    assertEquals(8192, s.shares());
    assertEquals(5461, s.threshold());
    assertEquals(Runtime.getRuntime().availableProcessors(), s.threads());
    assertEquals(3, s.reps());
    assertEquals(1L, s.seed());
    assertEquals(Path.of("reports/bench/bench.csv"), s.out());
  }

  @Test
  void parsesEveryOption() {
    BenchSettings s = parse("bench", "--functions", "block_propose", "--variant", "folded,fast",
        "--msgs", "5,2,5", "--sizes", "32", "--validators", "10", "--shares", "64",
        "--threshold", "20", "--threads", "1", "--reps", "5", "--seed", "42",
        "--out", tmp.resolve("x.csv").toString());
    assertEquals(List.of(BenchFunction.BLOCK_PROPOSE), s.functions());
    assertEquals(List.of("folded", "fast"), s.variants());
    assertEquals(List.of(2, 5), s.msgs(), "sorted, duplicates dropped");
    assertEquals(List.of(32), s.sizesBytes());
    assertEquals(10, s.validators());
    assertEquals(64, s.shares());
    assertEquals(20, s.threshold());
    assertEquals(1, s.threads());
    assertEquals(5, s.reps());
    assertEquals(42L, s.seed());
    assertEquals(tmp.resolve("x.csv"), s.out());
    assertEquals(42, parse("bench", "--shares", "64", "--validators", "8").threshold());
  }

  @Test
  void allExpandsToEveryVariantAndADirectoryGetsBenchCsv() {
    BenchSettings s = parse("bench", "--variant", "all", "--out", tmp.toString());
    assertEquals(List.of("simple", "batch", "fast", "precomputed", "folded", "batched",
        "block-key", "batched-points", "block-key-points"), s.variants());
    assertEquals(tmp.resolve("bench.csv"), s.out());
  }

  /** Small, fast settings, so that a bad value that slipped through could not run for long. */
  private String[] small(Path out, String... overrides) {
    Map<String, String> opts = new LinkedHashMap<>();
    opts.put("--validators", "4");
    opts.put("--shares", "16");
    opts.put("--msgs", "1");
    opts.put("--sizes", "10");
    opts.put("--reps", "1");
    opts.put("--out", out.toString());
    for (int i = 0; i < overrides.length; i += 2) {
      opts.put(overrides[i], overrides[i + 1]);
    }
    List<String> args = new ArrayList<>(List.of("bench"));
    opts.forEach((k, v) -> {
      args.add(k);
      args.add(v);
    });
    return args.toArray(String[]::new);
  }

  static Stream<Arguments> badValues() {
    return Stream.of(
        Arguments.of(new String[] {"--shares", "100"}, "power of two"),
        Arguments.of(new String[] {"--shares", "1"}, "power of two"),
        Arguments.of(new String[] {"--validators", "17"}, "--validators"),
        Arguments.of(new String[] {"--validators", "0"}, "--validators"),
        Arguments.of(new String[] {"--threshold", "0"}, "--threshold"),
        Arguments.of(new String[] {"--threshold", "17"}, "--threshold"),
        Arguments.of(new String[] {"--msgs", "0"}, "--msgs"),
        Arguments.of(new String[] {"--msgs", "10,-1"}, "--msgs"),
        Arguments.of(new String[] {"--msgs", "ten"}, "--msgs"),
        Arguments.of(new String[] {"--sizes", "0"}, "--sizes"),
        Arguments.of(new String[] {"--reps", "0"}, "--reps"),
        Arguments.of(new String[] {"--threads", "0"}, "--threads"),
        Arguments.of(new String[] {"--threads", "100000"}, "--threads must be in [1, 4096]"),
        Arguments.of(new String[] {"--msgs", "1000000000"}, "at most 100000"),
        Arguments.of(new String[] {"--msgs", "100000", "--sizes", "100000"}, "at most 1 GiB"),
        Arguments.of(new String[] {"--functions", "share_combine,warp"}, "warp"),
        Arguments.of(new String[] {"--variant", "turbo"}, "turbo"),
        Arguments.of(new String[] {"--variant", "fast", "--functions", "digest"},
            "digest is a function of batched, block-key, batched-points, block-key-points,"
                + " not of fast"),
        Arguments.of(new String[] {"--variant", "block-key", "--functions", "eval_proofs"},
            "eval_proofs is a function of batched, batched-points, not of block-key"),
        Arguments.of(new String[] {"--variant", "batched", "--functions", "share_combine"},
            "share_combine is a function of simple, batch, fast, precomputed, folded"),
        Arguments.of(new String[] {"--bogus", "1"}, "--bogus"));
  }

  @ParameterizedTest
  @MethodSource("badValues")
  void badValuesAreOneLineAndExit2(String[] override, String mentioned) {
    Path out = tmp.resolve("bad.csv");
    CliRun run = CliRun.of(small(out, override));
    assertEquals(Main.EXIT_USAGE, run.exitCode(), run.err());
    assertEquals(1, run.errLines().size(), run.err());
    assertTrue(run.err().contains(mentioned), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
    assertEquals("", run.out());
    assertFalse(Files.exists(out), "nothing runs on bad input");
  }

  @Test
  void aBadOptionOrAFailedBenchLeavesAnExistingCsvAlone() throws IOException {
    Path out = Files.writeString(tmp.resolve("keep.csv"), "an older bench\n");
    CliRun bad = CliRun.of(small(out, "--threads", "100000"));
    assertEquals(Main.EXIT_USAGE, bad.exitCode(), bad.err());
    assertEquals("an older bench\n", Files.readString(out));
    CliRun empty = CliRun.of(small(Path.of("")));
    assertEquals(Main.EXIT_USAGE, empty.exitCode(), empty.err());
    assertTrue(empty.err().contains("--out: the file name is empty"), empty.err());
  }

  @Test
  void unknownVariantListsTheKnownOnes() {
    CliRun run = CliRun.of(small(tmp.resolve("b.csv"), "--variant", "fast,turbo"));
    assertEquals(Main.EXIT_USAGE, run.exitCode());
    assertTrue(run.err().contains("folded"), run.err());
  }

  @Test
  void unwritableOutIsExit2() throws IOException {
    Path file = Files.writeString(tmp.resolve("file"), "x");
    CliRun run = CliRun.of(small(file.resolve("sub/bench.csv")));
    assertEquals(Main.EXIT_USAGE, run.exitCode(), run.err());
    assertEquals(1, run.errLines().size(), run.err());
    assertTrue(run.err().contains("--out"), run.err());
  }

  @Test
  void listVariantsPrintsFerveosFiveThenTheDesigns() {
    CliRun run = CliRun.of("bench", "--list-variants");
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = run.out().lines().filter(l -> !l.isBlank()).toList();
    assertEquals(9, lines.size(), run.out());
    List<String> names = lines.stream().map(l -> l.split("\\s+", 2)[0]).toList();
    assertEquals(List.of("simple", "batch", "fast", "precomputed", "folded", "batched",
        "block-key", "batched-points", "block-key-points"), names);
    for (String line : lines) {
      assertTrue(line.split("\\s+", 2)[1].length() > 10, "a description follows: " + line);
    }
  }

  @Test
  void tinyRunWritesOneRowPerFunctionAndVariant() throws IOException {
    CliRun run = CliRun.of("bench", "--validators", "4", "--shares", "16", "--msgs", "2",
        "--sizes", "10", "--reps", "1", "--variant", "simple,batch,fast,precomputed,folded",
        "--out", tmp.toString());
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = Files.readAllLines(tmp.resolve("bench.csv"));
    assertTrue(lines.get(0).startsWith(
        "function,variant,validators,shares,threshold,msgs,msg_size,threads,median_s,limit_s,"
            + "ratio,rust_s,reps,min_s,max_s,decode_s,verify_s,prepare_s,combine_s,decrypt_s"),
        lines.get(0));
    assertEquals(String.join(",", BenchCsv.COLUMNS), lines.get(0));
    List<String> header = Arrays.asList(lines.get(0).split(",", -1));
    int median = header.indexOf("median_s");
    int limit = header.indexOf("limit_s");
    int decode = header.indexOf("decode_s");
    List<String> rows = lines.subList(1, lines.size());
    assertEquals(10, rows.size(), String.join("\n", lines));
    Set<String> seen = new HashSet<>();
    for (String line : rows) {
      String[] cells = line.split(",", -1);
      assertEquals(header.size(), cells.length, line);
      seen.add(cells[0] + "/" + cells[1]);
      assertEquals("4", cells[header.indexOf("validators")]);
      assertEquals("16", cells[header.indexOf("shares")]);
      assertEquals("10", cells[header.indexOf("threshold")]);
      assertEquals("2", cells[header.indexOf("msgs")]);
      assertEquals("10", cells[header.indexOf("msg_size")]);
      assertEquals("", cells[header.indexOf("rust_s")], "no Rust time at N=16");
      assertTrue(Double.parseDouble(cells[median]) > 0, line);
      assertTrue(Double.parseDouble(cells[limit]) > 0, line);
      assertEquals(cells[0].equals("block_propose"), !cells[decode].isEmpty(), line);
    }
    for (String f : List.of("share_combine", "block_propose")) {
      for (String v : List.of("simple", "batch", "fast", "precomputed", "folded")) {
        assertTrue(seen.contains(f + "/" + v), f + "/" + v + " missing: " + seen);
      }
    }
    assertTrue(run.out().contains("| share_combine"), run.out());
    assertTrue(run.out().contains("folded, 10 B messages"), run.out());
    assertFalse(run.out().contains("dealt keys"), "progress goes to stderr only");
    assertTrue(run.err().contains("dealt keys"), run.err());
  }

  @Test
  void theDefaultFunctionsAreWhatEachChosenVariantHas() {
    assertEquals(List.of(BenchFunction.BLOCK_PROPOSE, BenchFunction.DIGEST,
        BenchFunction.SHARE_CREATE, BenchFunction.SHARE_VERIFY, BenchFunction.RECONSTRUCT,
        BenchFunction.DECRYPT_BATCH), parse("bench", "--variant", "block-key").functions());
    assertEquals(List.of(BenchFunction.SHARE_COMBINE, BenchFunction.BLOCK_PROPOSE,
        BenchFunction.DIGEST, BenchFunction.EVAL_PROOFS, BenchFunction.SHARE_CREATE,
        BenchFunction.SHARE_VERIFY, BenchFunction.RECONSTRUCT, BenchFunction.DECRYPT_BATCH),
        parse("bench", "--variant", "fast,batched").functions());
  }

  @Test
  void theDesignsRunTheirOwnStepsEachBesideItsKernel() throws IOException {
    Path csv = tmp.resolve("designs.csv");
    CliRun run = CliRun.of("bench", "--validators", "4", "--shares", "16", "--msgs", "2,3",
        "--sizes", "10", "--reps", "2", "--variant", "batched,block-key", "--out",
        csv.toString());
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = Files.readAllLines(csv);
    List<String> header = Arrays.asList(lines.get(0).split(",", -1));
    Map<String, List<String>> byVariant = new LinkedHashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      byVariant.computeIfAbsent(cells[1], v -> new ArrayList<>())
          .add(cells[0] + "/" + cells[header.indexOf("msgs")]);
      assertTrue(Double.parseDouble(cells[header.indexOf("median_s")]) > 0, line);
      assertTrue(Double.parseDouble(cells[header.indexOf("limit_s")]) > 0, line);
      assertEquals(cells[0].equals("block_propose"),
          !cells[header.indexOf("decode_s")].isEmpty(), line);
    }
    List<String> batched = new ArrayList<>();
    List<String> blockKey = new ArrayList<>();
    for (String m : List.of("2", "3")) {
      for (String f : List.of("digest", "eval_proofs", "share_create", "share_verify",
          "reconstruct", "decrypt_batch", "block_propose")) {
        batched.add(f + "/" + m);
        if (!f.equals("eval_proofs")) {
          blockKey.add(f + "/" + m);
        }
      }
    }
    assertEquals(batched, byVariant.get("batched"));
    assertEquals(blockKey, byVariant.get("block-key"));
    assertTrue(run.out().contains("| eval_proofs"), run.out());
    assertTrue(run.out().contains("block-key: xR = median / limit_s"), run.out());
    assertTrue(run.out().contains("decrypt_batch: B pairings e(K, U_j)"), run.out());
    assertFalse(run.out().contains("rust"), "no Ferveo legend without a Ferveo variant");
  }

  @Test
  void everySizeGetsItsRowsAndTheLimitOfACountIsShared() throws IOException {
    Path csv = tmp.resolve("sizes.csv");
    CliRun run = CliRun.of("bench", "--validators", "4", "--shares", "16", "--msgs", "1,2",
        "--sizes", "10,20", "--reps", "2", "--variant", "folded", "--threads", "1",
        "--out", csv.toString());
    assertEquals(0, run.exitCode(), run.err());
    List<String> lines = Files.readAllLines(csv);
    List<String> header = Arrays.asList(lines.get(0).split(","));
    List<String[]> rows = lines.subList(1, lines.size()).stream()
        .map(l -> l.split(",", -1)).toList();
    assertEquals(8, rows.size(), String.join("\n", lines));
    int msgs = header.indexOf("msgs");
    int limit = header.indexOf("limit_s");
    for (String[] row : rows) {
      assertEquals("2", row[header.indexOf("reps")]);
      assertEquals("1", row[header.indexOf("threads")]);
      for (String[] other : rows) {
        if (row[msgs].equals(other[msgs])) {
          assertEquals(row[limit], other[limit], "one kernel measurement per message count");
        }
      }
    }
    assertEquals(2, run.out().split("folded, ").length - 1, "one table block per size");
  }
}
