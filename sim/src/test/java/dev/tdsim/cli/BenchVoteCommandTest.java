package dev.tdsim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.bench.BenchFunction;
import dev.tdsim.bench.BenchSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code tdsim bench --functions vote_sign,vote_verify --scheme ...}. */
class BenchVoteCommandTest {
  @TempDir Path tmp;

  private static BenchSettings parse(String... args) {
    CommandLine.ParseResult pr = Main.commandLine().parseArgs(args);
    BenchCommand bench = pr.subcommand().commandSpec().commandLine().getCommand();
    return bench.settings();
  }

  @Test
  void schemesDefaultToAllAndAreChecked() {
    assertEquals(List.of("ed25519", "bls"), parse("bench").schemes());
    BenchSettings s = parse("bench", "--functions", "vote_verify,vote_sign", "--scheme", "BLS");
    assertEquals(List.of("bls"), s.schemes());
    assertEquals(List.of(BenchFunction.VOTE_VERIFY, BenchFunction.VOTE_SIGN), s.functions());
    assertFalse(s.hasCombineFunctions());
    CliRun run = CliRun.of("bench", "--functions", "vote_sign", "--scheme", "rsa",
        "--out", tmp.resolve("x.csv").toString());
    assertEquals(Main.EXIT_USAGE, run.exitCode());
    assertEquals(1, run.errLines().size(), run.err());
    assertTrue(run.err().contains("--scheme: unknown vote signature scheme 'rsa'; known: ed25519,"
        + " bls"), run.err());
    assertFalse(run.err().contains("Exception"), run.err());
  }

  @Test
  void voteRowsAreWrittenWithoutDealingKeys() throws IOException {
    Path csv = tmp.resolve("votes.csv");
    CliRun run = CliRun.of("bench", "--functions", "vote_sign,vote_verify", "--scheme", "all",
        "--out", csv.toString());
    assertEquals(0, run.exitCode(), run.err());
    assertFalse(run.err().contains("dealt keys"), "no threshold keys for vote functions");
    List<String> lines = Files.readAllLines(csv);
    List<String> header = Arrays.asList(lines.get(0).split(","));
    assertEquals(5, lines.size(), String.join("\n", lines));
    Set<String> seen = new HashSet<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] c = line.split(",", -1);
      assertEquals(header.size(), c.length, line);
      seen.add(c[0] + "/" + c[1]);
      assertEquals("", c[header.indexOf("validators")]);
      assertEquals("", c[header.indexOf("limit_s")]);
      assertEquals("", c[header.indexOf("ratio")]);
      assertEquals("200", c[header.indexOf("reps")]);
      int bytes = Integer.parseInt(c[header.indexOf("msg_size")]);
      assertTrue(bytes >= 100 && bytes <= 150, line);
      double median = Double.parseDouble(c[header.indexOf("median_s")]);
      assertTrue(median > 0 && median < 0.1, line);
    }
    assertEquals(Set.of("vote_sign/ed25519", "vote_verify/ed25519", "vote_sign/bls",
        "vote_verify/bls"), seen);
    assertTrue(run.out().contains("| bls "), run.out());
    assertTrue(run.out().contains("vote_verify"), run.out());
  }
}
