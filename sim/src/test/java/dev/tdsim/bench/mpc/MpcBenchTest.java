package dev.tdsim.bench.mpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.bench.Progress;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The paper's rows with real crypto, one repetition each (a few seconds). */
class MpcBenchTest {
  @TempDir Path tmp;

  @Test
  void thePapersRowsAndColumnsWithTdsimBesideThePaper() throws IOException {
    Path csvPath = tmp.resolve("mpc.csv");
    MpcSettings s = new MpcSettings(List.of(MpcFunction.DKG, MpcFunction.THRESHOLD_SIGN), false,
        8192, 150, 1, 1, 7, MpcNetwork.PAPER, csvPath);
    StringWriter text = new StringWriter();
    List<MpcRow> rows;
    try (MpcCsv csv = MpcCsv.create(csvPath, s)) {
      rows = new MpcBench(s, new PrintWriter(text), Progress.silent()).run(csv);
    }
    List<String> dkg = rows.stream().filter(r -> r.function() == MpcFunction.DKG)
        .map(MpcTable::tn).toList();
    List<String> sign = rows.stream().filter(r -> r.function() == MpcFunction.THRESHOLD_SIGN)
        .map(MpcTable::tn).toList();
    assertEquals(List.of("(2, 3)", "(3, 5)", "(5, 7)", "(7, 10)", "(15, 21)"), dkg);
    assertEquals(List.of("(2, 3)", "(4, 5)", "(7, 10)"), sign);
    assertEquals(MpcBench.plannedRows(MpcFunction.DKG, s), dkg);
    for (MpcRow r : rows) {
      assertTrue(r.paper().isPresent(), r.toString());
      assertTrue(Double.isFinite(r.latencyRatio()) && r.latencyRatio() > 0, r.toString());
      // a network never makes a run faster than on an ideal one, and costs a latency at least
      assertTrue(r.latencyNanos() >= r.computeNanos(), r.toString());
      assertTrue(r.latencyNanos() > MpcNetwork.PAPER.oneWayLatencyNanos(), r.toString());
      assertTrue(r.communicationBytes() > 0, r.toString());
    }
    for (MpcRow r : rows.subList(0, 5)) {
      int n = r.parties();
      assertEquals(32, r.sizeBytes());
      assertEquals(32L * n * (n - 1), r.sharesOnlyBytes(), "the paper's way: shares only");
      assertTrue(r.communicationBytes() > r.sharesOnlyBytes(), "commitments and AEAD counted");
      // the complaint window: a DKG takes at least two one-way latencies
      assertTrue(r.latencyNanos() >= 2 * MpcNetwork.PAPER.oneWayLatencyNanos(), r.toString());
    }
    for (MpcRow r : rows.subList(5, 8)) {
      assertEquals(48, r.sizeBytes());
      assertEquals(96L * (r.parties() - 1), r.communicationBytes(), "uncompressed partials");
    }
    String out = text.toString();
    for (String column : List.of("DKG time: tdsim", "share size: tdsim", "communication: tdsim",
        "shares only (paper's way)", "signing latency: tdsim", "signature size: tdsim",
        "tdsim/paper", "| 45 ms |", "| 1.8 s |", "| 14,112 B |", "| 4.5 ms |")) {
      assertTrue(out.contains(column), column + " missing in\n" + out);
    }
    List<String> lines = Files.readAllLines(csvPath);
    assertEquals(String.join(",", MpcCsv.COLUMNS), lines.get(0));
    assertEquals(1 + 8, lines.size());
    assertTrue(lines.get(1).startsWith("dkg,feldman,2,3,3,"), lines.get(1));
    assertTrue(lines.get(8).startsWith("threshold_sign,threshold-bls,7,10,10,"), lines.get(8));
    for (String line : lines) {
      assertEquals(MpcCsv.COLUMNS.size(), line.split(",", -1).length, line);
    }
  }

  @Test
  void theExtendedRowsArePlanned() {
    MpcSettings s = new MpcSettings(List.of(MpcFunction.DKG), true, 8192, 150, 2, 1, 1,
        MpcNetwork.PAPER, tmp.resolve("x.csv"));
    List<String> rows = MpcBench.plannedRows(MpcFunction.DKG, s);
    assertEquals(8, rows.size());
    assertTrue(rows.contains("(100, 150)"), rows.toString());
    assertTrue(rows.get(6).startsWith("8192 shares over 150 validators"), rows.toString());
  }

  /** Every signing scheme's single-key signature beside its threshold signing, in the CSV too. */
  @Test
  void theOverheadTableHasEverySchemeBesideThePaper() throws IOException {
    Path csvPath = tmp.resolve("overhead.csv");
    MpcSettings s = new MpcSettings(List.of(MpcFunction.SIGN_OVERHEAD), false, 8192, 150, 1, 1,
        7, MpcNetwork.PAPER, csvPath);
    StringWriter text = new StringWriter();
    List<MpcRow> rows;
    try (MpcCsv csv = MpcCsv.create(csvPath, s)) {
      rows = new MpcBench(s, new PrintWriter(text), Progress.silent()).run(csv);
    }
    assertEquals(dev.tdsim.signing.SigningSchemes.names(),
        rows.stream().map(MpcRow::protocol).toList());
    assertEquals(MpcBench.plannedRows(MpcFunction.SIGN_OVERHEAD, s).size(), rows.size());
    for (MpcRow r : rows) {
      assertTrue(r.singleKeyNanos() > 0, r.toString());
      // a threshold signature needs at least one trip over the 0.5 ms network
      assertTrue(r.latencyNanos() >= 500_000, r.toString());
      assertEquals((double) r.latencyNanos() / r.singleKeyNanos(), r.overhead(), 1e-9);
    }
    MpcRow bls = rows.get(0);
    assertEquals("threshold-bls", bls.protocol());
    assertEquals("(4, 5)", MpcTable.tn(bls)); // the paper compares its (4, 5) BLS row
    assertTrue(text.toString().contains("| threshold-bls | "), text.toString());
    List<String> lines = java.nio.file.Files.readAllLines(csvPath);
    assertTrue(lines.get(0).endsWith(
        "single_key_s,paper_single_key_s,overhead,paper_overhead,regions"), lines.get(0));
    assertTrue(lines.get(1).startsWith("sign_overhead,threshold-bls,4,5,") && lines.get(1)
        .endsWith(",0.000028," + dev.tdsim.bench.CsvRows.ratio(bls.overhead()) + ",75.0000,"),
        lines.get(1));
  }

  /** --regions: party i in region i mod 7, the matrix's latency between two parties' regions. */
  @Test
  void partiesOnRegionsTakeTheMatrixLatencies() {
    List<String> seven = dev.tdsim.scenario.ValidatorsConfig.DEFAULT_REGIONS;
    MpcNetwork net = MpcNetwork.onRegions(seven, 1_000_000_000L);
    assertEquals(0, net.oneWayNanos(3, 3));
    assertEquals(Math.round(dev.tdsim.network.RegionLatency.oneWayMillis(seven.get(0),
        seven.get(4)) * 1e6), net.oneWayNanos(0, 4));
    assertEquals(net.oneWayNanos(0, 4), net.oneWayNanos(4, 0));
    assertEquals(net.oneWayNanos(1, 4), net.oneWayNanos(8, 11)); // 8 = 1 and 11 = 4 mod 7
    assertTrue(net.oneWayNanos(0, 4) > 50_000_000L, "us-east to ap-northeast is far");
    assertThrows(IllegalArgumentException.class,
        () -> MpcNetwork.onRegions(List.of("moon-base"), 1_000_000_000L));
  }
}
