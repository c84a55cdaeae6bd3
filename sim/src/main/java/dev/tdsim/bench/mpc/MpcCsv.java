package dev.tdsim.bench.mpc;

import dev.tdsim.bench.BenchCsv;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The MPC table's CSV (like {@code BenchCsv}: header first, one row per measured row, flushed as
 * it is written). Times in seconds; a paper column is empty where the paper has no figure;
 * comm_shares_only_bytes is empty for signing.
 */
public final class MpcCsv implements Closeable {
  public static final List<String> COLUMNS = List.of(
      "function", "protocol", "threshold", "parties", "shares", "network_rounds",
      "latency_s", "latency_min_s", "latency_max_s", "compute_s", "paper_latency_s",
      "latency_ratio", "size_bytes", "paper_size_bytes", "comm_bytes", "comm_shares_only_bytes",
      "paper_comm_bytes", "comm_ratio", "reps", "one_way_latency_s", "bandwidth_bps", "threads");

  private final BufferedWriter writer;
  private final MpcSettings settings;

  private MpcCsv(BufferedWriter writer, MpcSettings settings) {
    this.writer = writer;
    this.settings = settings;
  }

  /** Creates (or truncates) the file, creating its parent directories, and writes the header. */
  public static MpcCsv create(Path path, MpcSettings settings) throws IOException {
    Path parent = path.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    MpcCsv csv = new MpcCsv(Files.newBufferedWriter(path, StandardCharsets.UTF_8), settings);
    csv.line(String.join(",", COLUMNS));
    return csv;
  }

  public void write(MpcRow r) {
    List<String> c = new ArrayList<>(COLUMNS.size());
    c.add(r.function().cliName());
    c.add(r.protocol());
    c.add(Integer.toString(r.threshold()));
    c.add(Integer.toString(r.parties()));
    c.add(Integer.toString(r.shares()));
    c.add(Integer.toString(r.rounds()));
    c.add(BenchCsv.seconds(r.latencyNanos()));
    c.add(BenchCsv.seconds(r.minLatencyNanos()));
    c.add(BenchCsv.seconds(r.maxLatencyNanos()));
    c.add(BenchCsv.seconds(r.computeNanos()));
    c.add(r.paper().map(f -> String.format(Locale.ROOT, "%.6f", f.latencyMillis() / 1e3))
        .orElse(""));
    c.add(ratio(r.latencyRatio()));
    c.add(Long.toString(r.sizeBytes()));
    c.add(r.paper().map(f -> Long.toString(f.sizeBytes())).orElse(""));
    c.add(Long.toString(r.communicationBytes()));
    c.add(r.sharesOnlyBytes() < 0 ? "" : Long.toString(r.sharesOnlyBytes()));
    c.add(r.paper().filter(f -> f.communicationBytes() > 0)
        .map(f -> Long.toString(f.communicationBytes())).orElse(""));
    c.add(ratio(r.communicationRatio()));
    c.add(Integer.toString(settings.reps()));
    c.add(BenchCsv.seconds(settings.network().oneWayLatencyNanos()));
    c.add(Long.toString(settings.network().bitsPerSecond()));
    c.add(Integer.toString(settings.threads()));
    line(String.join(",", c));
  }

  private static String ratio(double r) {
    return Double.isFinite(r) ? String.format(Locale.ROOT, "%.4f", r) : "";
  }

  private void line(String text) {
    try {
      writer.write(text);
      writer.newLine();
      writer.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("writing the MPC bench CSV", e);
    }
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }
}
