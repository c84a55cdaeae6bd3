package dev.tdsim.bench;

import static dev.tdsim.bench.CsvRows.seconds;

import dev.tdsim.crypto.variant.BlockResult.PhaseTimings;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The bench CSV, one row per function, variant, message count and message size, written and
 * flushed as soon as each row is measured so that an interrupted run keeps its finished rows.
 * Times are seconds; phase columns are the median repetition's block_propose phases (empty for
 * share_combine rows). Vote rows (vote_sign, vote_verify) put the signature scheme in the variant
 * column, the vote message size in msg_size, one call per sample (msgs 1, threads 1), per-call
 * CPU time in the time columns, and leave validators, shares, threshold, limit_s and ratio empty.
 */
public final class BenchCsv implements Closeable {
  public static final List<String> COLUMNS = List.of(
      "function", "variant", "validators", "shares", "threshold", "msgs", "msg_size", "threads",
      "median_s", "limit_s", "ratio", "rust_s", "reps", "min_s", "max_s",
      "decode_s", "verify_s", "prepare_s", "combine_s", "decrypt_s", "validity_s", "blame_s");

  private final CsvRows rows;

  private BenchCsv(CsvRows rows) {
    this.rows = rows;
  }

  /** Creates (or truncates) the file, creating its parent directories, and writes the header. */
  public static BenchCsv create(Path path) throws IOException {
    return new BenchCsv(CsvRows.create(path, COLUMNS, "the bench CSV"));
  }

  public void write(BenchRow row) {
    List<String> cells = new ArrayList<>(COLUMNS.size());
    cells.add(row.function().cliName());
    cells.add(row.variant());
    boolean vote = row.function().voteFunction();
    cells.add(vote ? "" : Integer.toString(row.validators()));
    cells.add(vote ? "" : Integer.toString(row.shares()));
    cells.add(vote ? "" : Integer.toString(row.threshold()));
    cells.add(Integer.toString(row.msgs()));
    cells.add(Integer.toString(row.msgSizeBytes()));
    cells.add(Integer.toString(row.threads()));
    cells.add(seconds(row.time().medianNanos()));
    cells.add(row.limit() == null ? "" : seconds(row.limit().medianNanos()));
    cells.add(CsvRows.ratio(row.ratio()));
    cells.add(row.rustSeconds().isPresent()
        ? String.format(Locale.ROOT, "%.3f", row.rustSeconds().getAsDouble()) : "");
    cells.add(Integer.toString(row.time().count()));
    cells.add(seconds(row.time().minNanos()));
    cells.add(seconds(row.time().maxNanos()));
    PhaseTimings p = row.phases().orElse(null);
    cells.add(phase(p, PhaseTimings::decodeNanos));
    cells.add(phase(p, PhaseTimings::verifyNanos));
    cells.add(phase(p, PhaseTimings::prepareNanos));
    cells.add(phase(p, PhaseTimings::combineNanos));
    cells.add(phase(p, PhaseTimings::decryptNanos));
    cells.add(phase(p, PhaseTimings::validityNanos));
    cells.add(phase(p, PhaseTimings::blameNanos));
    rows.write(cells);
  }

  private static String phase(PhaseTimings p, ToLongFunction<PhaseTimings> nanos) {
    return p == null ? "" : seconds(nanos.applyAsLong(p));
  }

  @Override
  public void close() throws IOException {
    rows.close();
  }
}
