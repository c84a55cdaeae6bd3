package dev.tdsim.sweep;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tdsim.report.ReportWriter;
import dev.tdsim.report.RunSummary;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioWriter;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * One folder per point: {@code summary.json}, {@code heights.csv}, {@code scenario.yaml} (as
 * {@code tdsim run} writes them). {@code summary.json} is written last and atomically, so a
 * folder with a readable summary whose scenario hash matches is a finished point: a rerun reuses
 * it instead of running it again.
 */
final class PointStore {
  /** summary.json as ReportWriter writes it (snake_case), read leniently. */
  private static final ObjectMapper JSON = ReportWriter.json()
      .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS.mappedFeature())
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private PointStore() {}

  /** The earlier result in {@code dir} if it is complete and of this very scenario. */
  static Optional<PointResult> cached(Path dir, String id, String cellId, int replicate,
      Scenario scenario) {
    Path summaryFile = dir.resolve(ReportWriter.SUMMARY);
    Path heightsFile = dir.resolve(ReportWriter.HEIGHTS);
    if (!Files.isRegularFile(summaryFile) || !Files.isRegularFile(heightsFile)) {
      return Optional.empty();
    }
    try {
      RunSummary summary = JSON.readValue(summaryFile.toFile(), RunSummary.class);
      if (summary == null || !scenario.hash().equals(summary.scenarioHash())
          || summary.verdicts() == null || summary.verdicts().isEmpty()) {
        return Optional.empty();
      }
      double[] latencies = readLatencies(heightsFile);
      return Optional.of(new PointResult(id, cellId, replicate, summary, latencies, true));
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // unreadable or half-written: run the point again
    }
  }

  /**
   * Writes a finished point from the files an engine returned (heights.csv and summary.json as
   * {@link ReportWriter} wrote them where the point ran); summary.json goes last, by an atomic
   * rename.
   */
  static void write(Path dir, Scenario scenario, byte[] heightsCsv, byte[] summaryJson)
      throws IOException {
    Files.createDirectories(dir);
    Files.deleteIfExists(dir.resolve(ReportWriter.SUMMARY));
    Files.write(dir.resolve(ReportWriter.HEIGHTS), heightsCsv);
    Files.writeString(dir.resolve(ReportWriter.SCENARIO), ScenarioWriter.toYaml(scenario));
    Path tmp = dir.resolve(ReportWriter.SUMMARY + ".tmp");
    Files.write(tmp, summaryJson);
    Files.move(tmp, dir.resolve(ReportWriter.SUMMARY), StandardCopyOption.ATOMIC_MOVE,
        StandardCopyOption.REPLACE_EXISTING);
  }

  /** A point's result from its summary.json bytes (as a reused point is read back). */
  static PointResult result(String id, String cellId, int replicate, byte[] summaryJson,
      double[] latenciesMs) throws IOException {
    RunSummary summary = JSON.readValue(summaryJson, RunSummary.class);
    return new PointResult(id, cellId, replicate, summary, latenciesMs, false);
  }

  private static double[] readLatencies(Path heightsFile) throws IOException {
    List<Double> out = new ArrayList<>();
    try (Reader r = Files.newBufferedReader(heightsFile);
        CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
            .parse(r)) {
      for (CSVRecord rec : p) {
        out.add(Double.parseDouble(rec.get("decryption_latency_ms")));
      }
    }
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
