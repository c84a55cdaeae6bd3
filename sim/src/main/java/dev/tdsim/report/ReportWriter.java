package dev.tdsim.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tdsim.pipeline.HeightRecord;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** Writes a run's files: summary.json, heights.csv, report.html and scenario.yaml. */
public final class ReportWriter {
  public static final String SUMMARY = "summary.json";
  public static final String HEIGHTS = "heights.csv";
  public static final String HTML = "report.html";
  /** The fully resolved scenario of the run (what `tdsim compare` diffs). */
  public static final String SCENARIO = "scenario.yaml";

  private ReportWriter() {}

  /** summary.json uses snake_case keys (block_time_ms, p95_ms, ...), like the CSV columns. */
  public static ObjectMapper json() {
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .setPropertyNamingStrategy(com.fasterxml.jackson.databind.PropertyNamingStrategies.SNAKE_CASE);
  }

  public static void writeSummary(Path dir, RunSummary summary) throws IOException {
    Files.createDirectories(dir);
    json().writeValue(dir.resolve(SUMMARY).toFile(), summary);
  }

  /** One row per height, in simulated milliseconds. */
  public static void writeHeights(Path dir, List<HeightRecord> heights) throws IOException {
    Files.createDirectories(dir);
    try (Writer w = Files.newBufferedWriter(dir.resolve(HEIGHTS));
        CSVPrinter csv = new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(
            "height", "round", "msgs", "block_bytes", "combiner", "signers", "opened",
            "real_crypto", "propose_ms", "commit_ms", "consensus_ms", "share_create_ms",
            "share_gossip_ms", "combine_ms", "decrypt_ms", "decryption_latency_ms").get())) {
      for (HeightRecord h : heights) {
        csv.printRecord(h.height(), h.round(), h.txCount(), h.blockBytes(), h.combiner(),
            h.signers(), h.opened(), h.realCrypto(), ms(h.proposeNanos()), ms(h.commitNanos()),
            ms(h.consensusNanos()), ms(h.shareCreateNanos()), ms(h.shareGossipNanos()),
            ms(h.combineNanos()), ms(h.decryptNanos()), ms(h.decryptionLatencyNanos()));
      }
    }
  }

  static String ms(long nanos) {
    return String.format(java.util.Locale.ROOT, "%.3f", nanos / 1e6);
  }
}
