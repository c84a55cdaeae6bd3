package dev.tdsim.bench.mpc;

import dev.tdsim.bench.CsvRows;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The MPC table's CSV (a {@link CsvRows}: header first, one row per measured row, flushed as
 * it is written). Times in seconds; a paper column is empty where the paper has no figure;
 * comm_shares_only_bytes is empty for signing.
 */
public final class MpcCsv implements Closeable {
  public static final List<String> COLUMNS = List.of(
      "function", "protocol", "threshold", "parties", "shares", "network_rounds",
      "latency_s", "latency_min_s", "latency_max_s", "compute_s", "paper_latency_s",
      "latency_ratio", "size_bytes", "paper_size_bytes", "comm_bytes", "comm_shares_only_bytes",
      "paper_comm_bytes", "comm_ratio", "reps", "one_way_latency_s", "bandwidth_bps", "threads",
      // the overhead rows (sign_overhead): the single-key signature and latency over it
      "single_key_s", "paper_single_key_s", "overhead", "paper_overhead",
      // --regions: the regions parties sit in, in turn (one_way_latency_s is then unused)
      "regions");

  private final CsvRows rows;
  private final MpcSettings settings;

  private MpcCsv(CsvRows rows, MpcSettings settings) {
    this.rows = rows;
    this.settings = settings;
  }

  /** Creates (or truncates) the file, creating its parent directories, and writes the header. */
  public static MpcCsv create(Path path, MpcSettings settings) throws IOException {
    return new MpcCsv(CsvRows.create(path, COLUMNS, "the MPC bench CSV"), settings);
  }

  public void write(MpcRow r) {
    List<String> c = new ArrayList<>(COLUMNS.size());
    c.add(r.function().cliName());
    c.add(r.protocol());
    c.add(Integer.toString(r.threshold()));
    c.add(Integer.toString(r.parties()));
    c.add(Integer.toString(r.shares()));
    c.add(Integer.toString(r.rounds()));
    c.add(CsvRows.seconds(r.latencyNanos()));
    c.add(CsvRows.seconds(r.minLatencyNanos()));
    c.add(CsvRows.seconds(r.maxLatencyNanos()));
    c.add(CsvRows.seconds(r.computeNanos()));
    c.add(r.paper().map(f -> String.format(Locale.ROOT, "%.6f", f.latencyMillis() / 1e3))
        .orElse(""));
    c.add(CsvRows.ratio(r.latencyRatio()));
    c.add(Long.toString(r.sizeBytes()));
    c.add(r.paper().map(f -> Long.toString(f.sizeBytes())).orElse(""));
    c.add(Long.toString(r.communicationBytes()));
    c.add(r.sharesOnlyBytes() < 0 ? "" : Long.toString(r.sharesOnlyBytes()));
    c.add(r.paper().filter(f -> f.communicationBytes() > 0)
        .map(f -> Long.toString(f.communicationBytes())).orElse(""));
    c.add(CsvRows.ratio(r.communicationRatio()));
    c.add(Integer.toString(settings.reps()));
    c.add(settings.network().regions().isEmpty()
        ? CsvRows.seconds(settings.network().oneWayLatencyNanos()) : "");
    c.add(Long.toString(settings.network().bitsPerSecond()));
    c.add(Integer.toString(settings.threads()));
    java.util.Optional<PaperFigures.Overhead> paperOverhead = r.singleKeyNanos() < 0
        ? java.util.Optional.empty() : PaperFigures.overhead(r.protocol());
    c.add(r.singleKeyNanos() < 0 ? "" : CsvRows.seconds(r.singleKeyNanos()));
    c.add(paperOverhead.map(o -> String.format(Locale.ROOT, "%.6f", o.singleKeyMicros() / 1e6))
        .orElse(""));
    c.add(CsvRows.ratio(r.overhead()));
    c.add(paperOverhead.map(o -> CsvRows.ratio(o.factor())).orElse(""));
    c.add(String.join(" ", settings.network().regions()));
    rows.write(c);
  }

  @Override
  public void close() throws IOException {
    rows.close();
  }
}
