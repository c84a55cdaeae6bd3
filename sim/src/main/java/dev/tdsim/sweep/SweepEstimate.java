package dev.tdsim.sweep;

import dev.tdsim.scenario.Scenario;
import dev.tdsim.sweep.SensitivityReport.Bound;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a sweep will run and how long it should take, said before it runs: the plan lines, the
 * predicted seconds of each run ({@link RunCost} spread over every core, plus a fixed overhead),
 * and once the grid is done, the probe runs the search may still make.
 */
final class SweepEstimate {
  private final SweepPlan plan;
  private final int parallel;
  private final RunCost cost = new RunCost();

  SweepEstimate(SweepPlan plan, int parallel) {
    this.plan = plan;
    this.parallel = parallel;
  }

  /**
   * What will run and how long it should take, printed before anything runs: the grid, the most
   * probe runs the search may make, the cost model's estimate, and a warning when the search
   * runs measured crypto.
   */
  List<String> planLines(int points, int toRun, int probeBound, double gridSeconds,
      double costliest) {
    List<String> lines = new ArrayList<>();
    int reps = plan.spec().replicates();
    lines.add(String.format(Locale.ROOT, "plan: %d grid point%s (%d x %d replicate%s), %d done"
        + " earlier, %d to run, %d at a time; %s", points, points == 1 ? "" : "s",
        plan.cells().size(), reps, reps == 1 ? "" : "s", points - toRun, toRun,
        parallel, probeBound == 0
            ? (plan.spec().search() ? "no search" : "no search (search off: probes an earlier"
                + " sweep stored are used)")
            : "then the search: at most " + probeBound + " probe runs (" + plan.spec().maxProbes()
                + " per searched parameter, group and budget x " + reps + " replicate"
                + (reps == 1 ? "" : "s") + "; probes shared between budgets run once)"));
    lines.add(String.format(Locale.ROOT, "estimate (cost model of the real crypto calls, %d"
        + " core%s): grid %s%s", cores(), cores() == 1 ? "" : "s",
        dev.tdsim.format.Durations.eta(gridSeconds), probeBound == 0 ? ""
            : ", search at most " + dev.tdsim.format.Durations.eta(probeBound * costliest)
                + " (each probe priced as the costliest grid point; probes beyond the grid's"
                + " largest message count cost more)"));
    if (probeBound > 0 && plan.anyMeasured()) {
      lines.add("warning: the search runs measured crypto (crypto.timing: measured): every probe"
          + " is a full run timed for real, one at a time; --no-search skips it, --set"
          + " crypto.timing=model makes it reproducible and lets probes run on every core");
    }
    return lines;
  }

  /**
   * Predicted seconds of a run on this machine: its crypto CPU time spread over every core, plus
   * a fixed overhead per run.
   */
  double seconds(Scenario s) {
    return seconds(s, null);
  }

  double seconds(Scenario s, Long msgs) {
    return SweepProgress.RUN_OVERHEAD_SECONDS + cost.cpuSeconds(s, msgs) / cores();
  }

  /** The probe runs the search may still make and their predicted seconds. */
  record Pending(int runs, double seconds) {}

  /**
   * From a report of the grid (and the probes stored): per searched parameter, group and budget
   * whose search is not finished, the bisection steps its bracket still needs (at most what is
   * left of max_probes; the doubling beyond the grid's largest message count or the throughput
   * ceiling's largest rate: all of it), each
   * priced as a run at the bracket's upper end (message counts) or the group's costliest point.
   */
  Pending pendingSearch(SensitivityReport snap) {
    List<SensitivityReport.NumericParam> params = new ArrayList<>();
    if (snap.msgs() != null) {
      params.add(snap.msgs());
    }
    params.addAll(snap.numeric());
    int cap = plan.spec().maxProbes();
    int reps = plan.spec().replicates();
    int runs = 0;
    double seconds = 0;
    for (SensitivityReport.NumericParam p : params) {
      if (!p.virtual() && plan.spec().zip() && plan.params().size() > 1) {
        continue; // no search between zipped grid points
      }
      boolean msgs = p.path().equals(SweepPlan.MSGS);
      boolean whole = msgs || p.kind() == ParamKind.INTEGER;
      for (SensitivityReport.NumericGroup g : p.groups()) {
        List<SweepPlan.Cell> cells = new ArrayList<>();
        for (SweepPlan.Cell c : plan.cells()) {
          if (c.labels().entrySet().containsAll(g.fixed().entrySet())) {
            cells.add(c);
          }
        }
        if (cells.isEmpty()) {
          continue;
        }
        double costliest = 0;
        for (SweepPlan.Cell c : cells) {
          costliest = Math.max(costliest, seconds(c.points().get(0).scenario()));
        }
        var scenario = cells.get(0).points().get(0).scenario();
        for (SensitivityReport.BudgetFit f : g.budgets()) {
          Double lo = f.bracketLow();
          Double hi = f.bracketHigh();
          int steps = 0;
          Long at = null;
          if (f.bound() == Bound.NO_SEARCH && lo != null && hi != null) {
            steps = bisections(lo, hi, whole);
            at = msgs ? Math.round(hi) : null;
          } else if ((msgs || p.throughput()) && f.bound() == Bound.BEYOND_GRID && lo != null) {
            steps = cap; // doubled beyond the grid (a rate's probe priced as the costliest point)
            at = msgs ? Math.round(4 * lo) : null;
          } else if (msgs && f.bound() == Bound.BELOW_GRID && hi != null) {
            steps = bisections(0, hi, true);
            at = Math.round(hi);
          }
          steps = Math.max(0, Math.min(steps, cap - f.probes()));
          runs += steps * reps;
          seconds += steps * reps * (at != null ? seconds(scenario, at) : costliest);
        }
      }
    }
    return new Pending(runs, seconds);
  }

  /**
   * Bisection steps from a bracket to one apart (whole numbers) or within 1%: 1% of the smaller
   * end, since the bracket may close at it (1% of the larger would undercount, 7 instead of 9
   * steps from 50..400 tx/s to 111..112).
   */
  private static int bisections(double lo, double hi, boolean whole) {
    double gap = Math.abs(hi - lo);
    double smaller = Math.min(Math.abs(lo), Math.abs(hi));
    double end = whole ? 1 : 0.01 * (smaller > 0 ? smaller : Math.max(Math.abs(lo), Math.abs(hi)));
    if (!(gap > end) || !(end > 0)) {
      return 0;
    }
    return (int) Math.ceil(Math.log(gap / end) / Math.log(2));
  }

  private static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }
}
