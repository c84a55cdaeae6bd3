package dev.tdsim.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tdsim.pipeline.HeightRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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

  /**
   * One row per height, in simulated milliseconds (see {@link HeightsCsv}); {@code committee}:
   * the run has a signing committee.
   */
  public static void writeHeights(Path dir, List<HeightRecord> heights, boolean committee)
      throws IOException {
    HeightsCsv.write(dir, heights, committee);
  }
}
