package dev.tdsim.sweep;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How the decryption latency and the verdicts respond to each varied parameter, written to
 * {@code sensitivity.json}.
 *
 * <p>For the message count ({@code workload.msgs_per_block}, when varied as a number or with
 * {@code --max-msgs-search}) and every other numeric parameter, per group of the other varied
 * values and per budget: the largest value that still fits (smallest, when the latency falls with
 * the parameter), found by search on the scenario: the grid gives a bracket (the last fitting and
 * the first non-fitting value); bisection then runs the scenario at the midpoint until the bracket
 * is one apart (whole numbers) or within 1% (other quantities), at most {@code maxProbes} steps per
 * budget. When the whole grid fits, the message count is doubled (up to what
 * {@code consensus.max_block_txs} and {@code max_block_bytes} allow) until it does not, and so is
 * {@code workload.rate} with a mempool (the throughput ceiling, the largest rate sustained). A
 * probe point fits when every replicate fits ({@link FitRule#fits}: its verdict, and with a
 * mempool, the chain kept up with its clients; the {@code fits} of {@code sweep.csv}). Also the slope of
 * the p95 decryption latency against the parameter (a least-squares line over every run of the
 * group, grid and probes, replicates as separate samples) and the elasticity at the base value
 * (slope * x0 / fitted latency at x0). Categorical parameters get their latencies per value.
 *
 * <p>This class is the entry point; {@link SensitivityAnalysis} computes a {@link
 * SensitivityReport}, {@link SensitivitySearch} places and runs the probes, and {@link
 * SensitivityJson} writes the report as {@link #FILE}.
 */
public final class Sensitivity {
  public static final String FILE = "sensitivity.json";
  /** Latency steps smaller than this share of the largest latency do not break monotonicity. */
  static final double MONOTONE_TOLERANCE = 0.02;
  static final String NOT_STORED = "search off (--no-search): stopped at the first probe that"
      + " no earlier sweep stored";

  /** Runs every replicate of a probe cell (reusing an earlier run's folder when it matches). */
  @FunctionalInterface
  public interface Prober {
    List<PointResult> run(SweepPlan.Cell cell) throws IOException;

    /**
     * Every replicate of the probe as an earlier sweep stored it, without running anything; null
     * when one is missing. Used when the search is off ({@code --no-search}): stored probes still
     * count, no new one runs.
     */
    default List<PointResult> stored(SweepPlan.Cell cell) {
      return null;
    }

    /**
     * Every replicate of each probe cell, the cells' runs all submitted at once (a round of the
     * search); the lists in the order of {@code cells}. The default runs them one after the other.
     */
    default List<List<PointResult>> runAll(List<SweepPlan.Cell> cells) throws IOException {
      List<List<PointResult>> out = new ArrayList<>();
      for (SweepPlan.Cell c : cells) {
        out.add(run(c));
      }
      return out;
    }
  }

  private Sensitivity() {}

  /**
   * Computes the report; probes run through {@code prober} (none when the search is off).
   *
   * @param results every grid point's result by point id
   */
  public static SensitivityReport compute(SweepPlan plan, Map<String, PointResult> results,
      Prober prober, Consumer<String> log) {
    return compute(plan, results, prober, log, 1);
  }

  /**
   * The same with rounds of {@code width} probes run at once ({@link BracketSearch}): the same
   * values fitting as the serial search ({@code width} 1) when the fit is monotone, in fewer
   * rounds.
   */
  public static SensitivityReport compute(SweepPlan plan, Map<String, PointResult> results,
      Prober prober, Consumer<String> log, int width) {
    return new SensitivityAnalysis(plan, results, prober, log, plan.spec().search(), NOT_STORED,
        width).report();
  }

  /**
   * The report as far as the sweep got, for the report files rewritten while it runs: the grid
   * points finished so far and the probes stored so far; nothing runs.
   *
   * @param searching whether the grid is done and the search is running
   */
  public static SensitivityReport snapshot(SweepPlan plan, Map<String, PointResult> results,
      Prober stored, boolean searching) {
    return snapshot(plan, results, stored, searching, 1);
  }

  /** The same for a search of {@code width} probes a round (it places the same probes). */
  public static SensitivityReport snapshot(SweepPlan plan, Map<String, PointResult> results,
      Prober stored, boolean searching, int width) {
    SensitivityReport r = new SensitivityAnalysis(plan, results, stored, line -> { }, false,
        "sweep still running: the search has not got further yet", width).report();
    List<String> notes = new ArrayList<>(r.notes());
    notes.add(0, searching ? "this report was written while the search was running: the values"
        + " fitting are those the probes finished so far support"
        : "this report was written while the grid was running: only the points finished so far"
            + " are in it");
    return r.withNotes(notes);
  }

  /**
   * An upper bound of the probe runs the search may make, known before anything runs: per
   * searched parameter, group of the other varied values and budget at most {@code max_probes}
   * probes, each of {@code replicates} runs (probes shared between budgets run once, so the real
   * count is usually far lower). 0 when the search is off.
   */
  public static int probeBound(SweepPlan plan) {
    return probeBound(plan, 1);
  }

  /**
   * The same for a search of {@code width} probes a round: {@code max_probes} counts rounds per
   * budget, and a round runs at most {@code width} probes (shared by the budgets it serves).
   */
  public static int probeBound(SweepPlan plan, int width) {
    if (!plan.spec().search()) {
      return 0;
    }
    long groups = 0;
    List<SweepPlan.Param> searched = new ArrayList<>();
    if (plan.msgsParam() != null) {
      searched.add(plan.msgsParam());
    }
    for (SweepPlan.Param p : plan.params()) {
      if (p != plan.msgsParam() && p.kind().numeric()) {
        searched.add(p);
      }
    }
    for (SweepPlan.Param p : searched) {
      boolean zipped = !p.virtual() && plan.spec().zip() && plan.params().size() > 1;
      if (zipped) {
        continue;
      }
      java.util.Set<Map<String, String>> distinct = new java.util.HashSet<>();
      for (SweepPlan.Cell c : plan.cells()) {
        Map<String, String> fixed = new LinkedHashMap<>(c.labels());
        fixed.remove(p.path());
        distinct.add(!p.virtual() && plan.spec().zip() ? Map.of() : fixed);
      }
      groups += distinct.size();
    }
    long bound = groups * plan.base().budgetsNanos().size() * plan.spec().maxProbes()
        * Math.max(1, width) * plan.spec().replicates();
    return (int) Math.min(Integer.MAX_VALUE, bound);
  }

  /** A budget as text: {@code 500ms}, {@code 2s} (the keys of {@code fits} in the JSON). */
  static String fmtMs(double ms) {
    return ms >= 1000 && ms % 1000 == 0 ? String.format(Locale.ROOT, "%.0fs", ms / 1000)
        : String.format(Locale.ROOT, "%.0fms", ms);
  }
}
