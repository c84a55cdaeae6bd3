package dev.tdsim.sweep;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code sweep.csv}: one row per cell and budget, over the replicates finished so far. Columns:
 * {@code point}, one column per varied path (named by the path), {@code replicates},
 * {@code block_time_ms}, {@code fits} (every replicate fits), {@code replicates_fitting},
 * {@code share_of_heights_fitting}, {@code keeps_pace} (decryption keeps pace in every replicate;
 * empty for summaries written before it was reported), {@code p50_ms}, {@code p95_ms}, {@code
 * p99_ms}, {@code judged_p95_ms}, {@code added_p95_ms} (means over replicates), and when the sweep has more than one replicate
 * per point, {@code p50_ms_ci_low}, {@code p50_ms_ci_high} and so on for each latency statistic:
 * the 95% Student-t interval of the mean (empty while fewer than 2 replicates are done); then
 * what went wrong in consensus, over the replicates: {@code max_round} (the highest round any
 * height needed), {@code extra_rounds} (rounds beyond the first, the largest replicate's sum),
 * {@code halted} (some replicate's chain halted) and {@code heights_not_decrypted} (the largest
 * replicate's count).
 *
 * <p>When some point simulates a mempool, two more columns: {@code sustained} (every replicate
 * kept up with its clients; a point that did not fits no budget, {@link FitRule#fits}) and
 * {@code not_sustained} (why not, from the first replicate that did not). Sweeps without a
 * mempool have neither, so their file is as before.
 *
 * <p>When some point failed (a bad value, out of memory), a last column {@code error} holds its
 * error ({@code <point id>: error}, joined by {@code "; "}, when the sweep has replicates); a cell
 * none of whose replicates finished gets one row per budget with only {@code point}, the varied
 * values, {@code replicates} (0), {@code block_time_ms} and {@code error}. A sweep without
 * failures has no {@code error} column, so its file is as before.
 */
public final class SweepCsv {
  public static final String FILE = "sweep.csv";
  static final String ERROR = "error";
  static final List<String> STATS = List.of("p50_ms", "p95_ms", "p99_ms", "judged_p95_ms",
      "added_p95_ms");
  static final List<String> MEMPOOL = List.of("sustained", "not_sustained");
  /**
   * A signing committee's signature after the commit (means over replicates of each run's p50
   * and p95) and at how many heights it came after decryption and execution (the most of any
   * replicate); only when some point has a committee.
   */
  static final List<String> SIGNING = List.of("committee_sign_p50_ms", "committee_sign_p95_ms",
      "signature_last_heights");
  /** What went wrong in consensus: rounds beyond the first, a halt, heights not decrypted. */
  static final List<String> CONSENSUS = List.of("max_round", "extra_rounds", "halted",
      "heights_not_decrypted");

  private SweepCsv() {}

  public static List<String> header(SweepPlan plan) {
    return header(plan, false);
  }

  static List<String> header(SweepPlan plan, boolean errors) {
    List<String> h = new ArrayList<>();
    h.add("point");
    for (SweepPlan.Param p : plan.params()) {
      h.add(p.path());
    }
    h.addAll(List.of("replicates", "block_time_ms", "fits", "replicates_fitting",
        "share_of_heights_fitting", "keeps_pace"));
    h.addAll(STATS);
    if (plan.spec().replicates() > 1) {
      for (String s : STATS) {
        h.add(s + "_ci_low");
        h.add(s + "_ci_high");
      }
    }
    h.addAll(CONSENSUS);
    if (plan.anyMempool()) {
      h.addAll(MEMPOOL);
    }
    if (plan.anySigning()) {
      h.addAll(SIGNING);
    }
    if (errors) {
      h.add(ERROR);
    }
    return h;
  }

  /** Rewrites the file (atomically: readers see the old or the new file, never half of one). */
  public static void write(Path out, SweepPlan plan, Map<String, PointResult> results)
      throws IOException {
    write(out, plan, results, Map.of());
  }

  /**
   * Rewrites the file with the failed points' errors ({@code errors} by point id; empty: no
   * {@code error} column).
   */
  public static void write(Path out, SweepPlan plan, Map<String, PointResult> results,
      Map<String, String> errors) throws IOException {
    Files.createDirectories(out);
    Path tmp = out.resolve(FILE + ".tmp");
    boolean ci = plan.spec().replicates() > 1;
    boolean withErrors = !errors.isEmpty();
    boolean mempool = plan.anyMempool();
    boolean signing = plan.anySigning();
    try (Writer w = Files.newBufferedWriter(tmp);
        CSVPrinter csv = new CSVPrinter(w, CSVFormat.DEFAULT.builder()
            .setHeader(header(plan, withErrors).toArray(String[]::new)).get())) {
      for (SweepPlan.Cell cell : plan.cells()) {
        List<PointResult> done = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (SweepPlan.Point p : cell.points()) {
          PointResult r = results.get(p.id());
          if (r != null) {
            done.add(r);
          } else if (errors.containsKey(p.id())) {
            failed.add(plan.spec().replicates() > 1 ? p.id() + ": " + errors.get(p.id())
                : errors.get(p.id()));
          }
        }
        String error = String.join("; ", failed);
        if (done.isEmpty()) {
          if (!failed.isEmpty()) {
            for (long budget : cell.points().get(0).scenario().budgetsNanos()) {
              List<Object> row = new ArrayList<>();
              row.add(cell.id());
              for (SweepPlan.Param p : plan.params()) {
                row.add(cell.labels().get(p.path()));
              }
              row.add(0);
              row.add(num(budget / 1e6));
              int empty = 4 + STATS.size() * (ci ? 3 : 1) + CONSENSUS.size()
                  + (mempool ? MEMPOOL.size() : 0) + (signing ? SIGNING.size() : 0);
              for (int i = 0; i < empty; i++) {
                row.add("");
              }
              row.add(error);
              csv.printRecord(row);
            }
          }
          continue;
        }
        CellStats stats = CellStats.of(done);
        String notSustained = done.stream().map(FitRule::notSustained)
            .filter(java.util.Objects::nonNull).findFirst().orElse("");
        for (CellStats.BudgetStats b : stats.budgets()) {
          List<Object> row = new ArrayList<>();
          row.add(cell.id());
          for (SweepPlan.Param p : plan.params()) {
            row.add(cell.labels().get(p.path()));
          }
          row.add(stats.replicates());
          row.add(num(b.blockTimeMs()));
          row.add(b.fits());
          row.add(b.replicatesFitting());
          row.add(String.format(Locale.ROOT, "%.4f", b.shareOfHeightsFitting()));
          row.add(b.keepsPace() == null ? "" : b.keepsPace());
          List<Stats.Interval> iv = List.of(b.p50(), b.p95(), b.p99(), b.judgedP95(),
              b.addedP95());
          for (Stats.Interval i : iv) {
            row.add(num(i.mean()));
          }
          if (ci) {
            for (Stats.Interval i : iv) {
              row.add(num(i.low()));
              row.add(num(i.high()));
            }
          }
          row.add(done.stream().mapToLong(PointResult::maxRound).max().orElse(0));
          row.add(done.stream().mapToLong(PointResult::extraRounds).max().orElse(0));
          row.add(done.stream().anyMatch(PointResult::halted));
          row.add(done.stream().mapToLong(PointResult::heightsNotDecrypted).max().orElse(0));
          if (mempool) {
            row.add(notSustained.isEmpty());
            row.add(notSustained);
          }
          if (signing) {
            row.addAll(signingColumns(done));
          }
          if (withErrors) {
            row.add(error);
          }
          csv.printRecord(row);
        }
      }
    }
    Files.move(tmp, out.resolve(FILE), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
  }

  /** The committee's columns of one cell's runs (empty for a point without a committee). */
  private static List<Object> signingColumns(List<PointResult> done) {
    List<dev.tdsim.report.SigningReport> reports = done.stream()
        .map(r -> r.summary().signing()).filter(java.util.Objects::nonNull).toList();
    if (reports.isEmpty() || reports.stream().anyMatch(s -> s.afterCommitMs().p50() == null)) {
      return List.of("", "", "");
    }
    return List.of(
        num(reports.stream().mapToDouble(s -> s.afterCommitMs().p50()).average().orElse(0)),
        num(reports.stream().mapToDouble(s -> s.afterCommitMs().p95()).average().orElse(0)),
        reports.stream().mapToInt(dev.tdsim.report.SigningReport::signatureLast).max()
            .orElse(0));
  }

  static String num(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
