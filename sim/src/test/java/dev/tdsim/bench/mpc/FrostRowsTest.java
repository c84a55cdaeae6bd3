package dev.tdsim.bench.mpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.bench.Progress;
import dev.tdsim.crypto.frost.FrostSignature;
import dev.tdsim.crypto.frost.SignatureShare;
import dev.tdsim.crypto.frost.SigningCommitments;
import dev.tdsim.crypto.random.SeededDrbg;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tdsim bench --functions frost_sign}: the published rows, real FROST, one repetition. */
class FrostRowsTest {
  @TempDir Path tmp;

  /** Bytes of one session with t signers: commitments in, the package out, shares in. */
  private static long sessionBytes(int t, int messageBytes) {
    long pkg = 4 + (long) t * SigningCommitments.ENCODED_BYTES + messageBytes;
    return (t - 1) * (SigningCommitments.ENCODED_BYTES + pkg + SignatureShare.ENCODED_BYTES);
  }

  @Test
  void thePublishedRowsWithTdsimBesideThem() throws IOException {
    Path csvPath = tmp.resolve("mpc.csv");
    MpcSettings s = new MpcSettings(List.of(MpcFunction.FROST_SIGN), false, 8192, 150, 1, 1, 7,
        MpcNetwork.PAPER, csvPath);
    StringWriter text = new StringWriter();
    List<MpcRow> rows;
    try (MpcCsv csv = MpcCsv.create(csvPath, s)) {
      rows = new MpcBench(s, new PrintWriter(text), Progress.silent()).run(csv);
    }
    assertEquals(List.of("(2, 3)", "(3, 5)", "(5, 7)", "(7, 10)"),
        rows.stream().map(MpcTable::tn).toList());
    assertEquals(MpcBench.plannedRows(MpcFunction.FROST_SIGN, s),
        rows.stream().map(MpcTable::tn).toList());
    int messageBytes = "tdsim mpc bench, block 0".length();
    for (MpcRow r : rows) {
      assertTrue(r.paper().isPresent(), r.toString());
      assertEquals(FrostSignature.ENCODED_BYTES, r.sizeBytes());
      assertEquals(r.paper().orElseThrow().sizeBytes(), r.sizeBytes());
      assertEquals(sessionBytes(r.threshold(), messageBytes), r.communicationBytes());
      assertTrue(r.latencyNanos() >= r.computeNanos(), r.toString());
      // three message hops: commitments in, package out, shares in
      assertTrue(r.latencyNanos() >= 3 * MpcNetwork.PAPER.oneWayLatencyNanos(), r.toString());
      assertTrue(Double.isFinite(r.latencyRatio()), r.toString());
    }
    String out = text.toString();
    for (String part : List.of("FROST(Ed25519, SHA-512) signing", "| frost-ed25519 | (7, 10) |",
        "| 12.3 ms |", "| 64 B | 64 B |", "single-key Ed25519 (BouncyCastle) same run")) {
      assertTrue(out.contains(part), part + " missing in\n" + out);
    }
    List<String> lines = Files.readAllLines(csvPath);
    assertEquals(1 + 4, lines.size());
    assertTrue(lines.get(4).startsWith("frost_sign,frost-ed25519,7,10,10,"), lines.get(4));
  }

  @Test
  void aGeographicRoundTripAddsThreeOneWayLatencies() {
    MpcNetwork geo = new MpcNetwork(50_000_000, 1_000_000_000L);
    MpcRow r = FrostRows.row(3, 5, 1, geo, SeededDrbg.of(1, "frost.geo", 0), "note");
    assertTrue(r.latencyNanos() >= 3 * geo.oneWayLatencyNanos(), r.toString());
    assertTrue(r.latencyNanos() < 3 * geo.oneWayLatencyNanos() + r.computeNanos()
        + 1_000_000, "nothing but the hops and the compute: " + r);
  }

  @Test
  void theExtendedRowsArePlannedAtTwoThirds() {
    MpcSettings s = new MpcSettings(List.of(MpcFunction.FROST_SIGN), true, 8192, 150, 1, 1, 1,
        MpcNetwork.PAPER, tmp.resolve("x.csv"));
    assertEquals(List.of("(2, 3)", "(3, 5)", "(5, 7)", "(7, 10)", "(14, 21)", "(34, 50)",
        "(67, 100)"), MpcBench.plannedRows(MpcFunction.FROST_SIGN, s));
  }
}
