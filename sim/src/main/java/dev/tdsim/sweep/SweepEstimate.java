package dev.tdsim.sweep;

import dev.tdsim.scenario.Scenario;
import dev.tdsim.sweep.SensitivityReport.Bound;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a sweep will run and how long it should take, said before it runs: the plan lines, the
 * predicted seconds of each run ({@link RunCost} spread over every core, plus a fixed overhead),
 * and once the grid is done, the probe runs the search may still make.
 */
final class SweepEstimate {
  private final SweepPlan plan;
  private final int parallel;
  /** Probes per round of the search. */
  private final int width;
  private final RunCost cost = new RunCost();

  SweepEstimate(SweepPlan plan, int parallel, int width) {
    this.plan = plan;
    this.parallel = parallel;
    this.width = width;
  }

  /**
   * What will run and how long it should take, printed before anything runs: the grid, the most
   * probe runs the search may make, the cost model's estimate, and a warning when the search
   * runs measured crypto.
   */
  List<String> planLines(int points, int toRun, int probeBound, double gridSeconds,
      double searchSeconds) {
    return planLines(points, toRun, probeBound, gridSeconds, searchSeconds, false, null);
  }

  /**
   * The same; {@code replayed}: the plan replayed the grid ({@code Sweep#replayForPlan}), so the
   * grid's seconds are priced at the blocks that replay found, and {@code placed} (null without
   * a search) is the probes its brackets need instead of the rule of thumb.
   */
  List<String> planLines(int points, int toRun, int probeBound, double gridSeconds,
      double searchSeconds, boolean replayed, Pending placed) {
    List<String> lines = new ArrayList<>();
    int reps = plan.spec().replicates();
    lines.add(String.format(Locale.ROOT, "plan: %d grid point%s (%d x %d replicate%s), %d done"
        + " earlier, %d to run, %d at a time; %s", points, points == 1 ? "" : "s",
        plan.cells().size(), reps, reps == 1 ? "" : "s", points - toRun, toRun,
        parallel, probeBound == 0
            ? (plan.spec().search() ? "no search" : "no search (search off: probes an earlier"
                + " sweep stored are used)")
            : "then the search: at most " + probeBound + " probe runs (" + plan.spec().maxProbes()
                + " rounds per searched parameter, group and budget" + (width > 1 ? ", up to "
                + width + " probes a round run at once" : "") + ", x " + reps + " replicate"
                + (reps == 1 ? "" : "s") + "; probes shared between budgets run once)"));
    if (plan.sampledRealCrypto()) {
      lines.add("sampling: grid points and probes run the real crypto at 1 sampled height"
          + " (crypto.timing: model, so every latency comes from the cost model; --set"
          + " crypto.sample_heights=N runs it at N heights)");
    }
    lines.add(String.format(Locale.ROOT, "estimate (cost model of the real crypto calls%s, %d"
        + " core%s): grid %s%s", replayed ? " at the blocks a replay of the grid found" : "",
        cores(), cores() == 1 ? "" : "s",
        dev.tdsim.format.Durations.eta(gridSeconds), probeBound == 0 ? ""
            : placed != null ? String.format(Locale.ROOT, ", search about %s (%d probe run%s"
                + " from the replayed grid's brackets, priced like its points; at most %s)",
                dev.tdsim.format.Durations.eta(placed.seconds()), placed.runs(),
                placed.runs() == 1 ? "" : "s", dev.tdsim.format.Durations.eta(searchSeconds))
            : ", search about " + dev.tdsim.format.Durations.eta(expectedSearchSeconds())
                + (width > 1 ? " (per budget half the bisections of the grid's widest gap, probes"
                    + " priced at the grid's geometric middle" : " (bisection per budget")
                + ", at most " + dev.tdsim.format.Durations.eta(searchSeconds)
                + ": every probe priced as the costliest grid point"
                + "; repriced from the grid's measured run times once it is done)"));
    if (probeBound > 0 && plan.anyMeasured()) {
      lines.add("warning: the search runs measured crypto (crypto.timing: measured): every probe"
          + " is a full run timed for real, one at a time; --no-search skips it, --set"
          + " crypto.timing=model makes it reproducible and lets probes run on every core");
    }
    return lines;
  }

  /**
   * Predicted seconds of a run on this machine: its crypto CPU time spread over every core, a
   * signing committee's serial time, plus a fixed overhead per run.
   */
  double seconds(Scenario s) {
    return seconds(s, null);
  }

  double seconds(Scenario s, Long msgs) {
    return SweepProgress.RUN_OVERHEAD_SECONDS + cost.cpuSeconds(s, msgs) / cores()
        + RunCost.committeeSeconds(s);
  }

  /**
   * Predicted seconds of a probe of a grid point's scenario at {@code msgs} messages (null: its
   * own), with the real crypto at 1 sampled height when the probe samples ({@link
   * SweepPlan#samplesRealCrypto}; a sampled grid point's scenario samples already).
   */
  double probeSeconds(Scenario s, Long msgs) {
    int sample = SweepPlan.samplesRealCrypto(s) ? 1 : s.crypto().sampleHeights();
    return SweepProgress.RUN_OVERHEAD_SECONDS + cost.cpuSeconds(s, msgs, sample) / cores()
        + RunCost.committeeSeconds(s);
  }

  /**
   * The search's upper bound before the grid ran: {@link Sensitivity#probeBound} runs, each
   * priced as the costliest grid point's probe (in the progress bar's seconds).
   */
  double searchBoundSeconds() {
    double costliest = 0;
    for (SweepPlan.Cell c : plan.cells()) {
      costliest = Math.max(costliest, probeSeconds(c.points().get(0).scenario(), null));
    }
    return Sensitivity.probeBound(plan, width) * costliest;
  }

  /**
   * Rounds the interpolated search (BracketSearch#predicted) expects for a bracket that plain
   * bisection closes in {@code bisections} steps: half of them. On a smooth judged time the
   * interpolation lands in about two rounds, but a judged p95 over a few heights is a step
   * function of the message count (a height gains a round or a share misses the combine), where
   * regula falsi gains little over bisection; measured on the shipped sweeps (docs/SWEEPS.md,
   * "Before it starts"): 4 to 10 probes per budget where bisection needs 10 or 11.
   */
  static int interpolatedRounds(int bisections) {
    return bisections <= 0 ? 0 : Math.max(1, (bisections + 1) / 2);
  }

  /**
   * The rounds of a whole-number search with a tolerance and K > 1, where the probes go to the
   * edges of the guessed boundary's bin (BracketSearch): two when the guess lands in the right
   * bin, three or four when the judged time bends or steps between the grid's values; three,
   * never more than {@link #interpolatedRounds}. Measured (docs/SWEEPS.md): 2 per budget on the
   * issue-22 sweep, 2 and 4 on sweep-msgs.yaml.
   */
  static int edgeRounds(int bisections) {
    return Math.min(3, interpolatedRounds(bisections));
  }

  /**
   * The search's expected wall seconds before the grid ran, for the plan: every budget of every
   * group of every searched parameter needs a search of its grid's widest gap, {@link
   * #interpolatedRounds} of that gap's bisections with K > 1 or all of them with K = 1 (at most
   * max_probes), each probe priced as the group's middle grid point's probe (sampled heights),
   * for the message count at the grid's geometric middle (grids of message counts are spaced on
   * a log axis, and the budgets' boundaries spread along it). An expectation, not a bound: a
   * budget that the grid settles needs one probe or none, a budget beyond the grid doubles past
   * it.
   */
  double expectedSearchSeconds() {
    if (!plan.spec().search() || (plan.spec().zip() && plan.params().size() > 1)) {
      return 0;
    }
    int budgets = plan.base().budgetsNanos().size();
    int reps = plan.spec().replicates();
    double work = 0;
    for (SweepPlan.Param p : plan.params()) {
      if (!p.kind().numeric()) {
        continue;
      }
      List<Double> values = new ArrayList<>(p.numbers().values());
      java.util.Collections.sort(values);
      double gapLo = 0;
      double gapHi = 2;
      for (int i = 1; i < values.size(); i++) {
        if (i == 1 || values.get(i) - values.get(i - 1) > gapHi - gapLo) {
          gapLo = values.get(i - 1);
          gapHi = values.get(i);
        }
      }
      boolean msgs = p.path().equals(SweepPlan.MSGS);
      int bisections = Math.max(1, bisections(gapLo, gapHi, msgs || p.kind() == ParamKind.INTEGER));
      double rounds = Math.min(plan.spec().maxProbes(),
          width > 1 ? interpolatedRounds(bisections) : bisections);
      int groups = Math.max(1, plan.cells().size() / Math.max(1, p.values().size()));
      SweepPlan.Cell middle = plan.cells().get(plan.cells().size() / 2);
      double least = values.isEmpty() ? 0 : values.get(0);
      double most = values.isEmpty() ? 0 : values.get(values.size() - 1);
      Long at = msgs && least > 0 ? Math.round(Math.sqrt(least * most)) : null;
      work += groups * budgets * rounds * reps * probeSeconds(middle.points().get(0).scenario(),
          at);
    }
    return work / Math.max(1, Math.min(parallel, width * reps));
  }

  /** The probe runs the search may still make and their predicted wall seconds. */
  record Pending(int runs, double seconds) {}

  /**
   * From a report of the grid (and the probes stored): per searched parameter, group and
   * distinct bracket still open (budgets with the same bracket share its probes until their
   * boundaries part, counted as half of its rounds for each budget beyond the first), the rounds
   * its search still needs ({@code width} probes split among the brackets; a w-ary round narrows a
   * bracket w + 1 times; a doubling beyond the grid's largest message count or rate is assumed to
   * miss within two doublings), at most what is left of max_probes. Each probe is priced from
   * what the grid measured: the wall time of the group's grid runs done in this process ({@code
   * wallSeconds} by point id), interpolated linearly by the message count at the bracket's
   * middle (beyond the grid: scaled by the cost model), times the cost model's ratio of a probe
   * (sampled heights) to a grid run; without a measured run, the cost model times {@code factor}
   * (measured / predicted so far) and the runs side by side. The wall time is the runs' total
   * over the runs the engine runs at once.
   */
  Pending pendingSearch(SensitivityReport snap, Map<String, Double> wallSeconds, double factor) {
    List<SensitivityReport.NumericParam> params = new ArrayList<>();
    if (snap.msgs() != null) {
      params.add(snap.msgs());
    }
    params.addAll(snap.numeric());
    int cap = plan.spec().maxProbes();
    int reps = plan.spec().replicates();
    int runs = 0;
    double work = 0;
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
        Prices prices = new Prices(cells, msgs, wallSeconds, factor);
        // distinct open brackets: {steps, price at, budgets sharing it}
        Map<List<Double>, double[]> open = new LinkedHashMap<>();
        for (SensitivityReport.BudgetFit f : g.budgets()) {
          Double lo = f.bracketLow();
          Double hi = f.bracketHigh();
          double steps = 0;
          double at = Double.NaN;
          if (f.bound() == Bound.NO_SEARCH && lo != null && hi != null) {
            steps = bisections(lo, hi, whole);
            at = (lo + hi) / 2;
          } else if ((msgs || p.throughput()) && f.bound() == Bound.BEYOND_GRID && lo != null) {
            steps = 2 + bisections(2 * lo, 4 * lo, whole);
            at = 3 * lo;
          } else if (msgs && f.bound() == Bound.BELOW_GRID && hi != null) {
            steps = bisections(0, hi, true);
            at = hi / 2;
          }
          if (width > 1 && steps > 0) {
            // BracketSearch places probes where the judged time crosses the budget: about half
            // the bisections a bracket (one when it starts at 0 messages: the one-message
            // probe), each budget with its own slots
            steps = f.bound() == Bound.BELOW_GRID ? 1
                : whole && plan.spec().tolerance() > 0 ? edgeRounds((int) steps)
                : interpolatedRounds((int) steps);
            at = f.bound() == Bound.BELOW_GRID ? 1 : at;
          }
          steps = Math.max(0, Math.min(steps, cap - f.probes()));
          if (steps > 0) {
            List<Double> key = width > 1 ? java.util.Arrays.asList(lo, hi, f.blockTimeMs())
                : java.util.Arrays.asList(lo, hi);
            open.computeIfAbsent(key, k -> new double[] {0, 0, 0});
            double[] o = open.get(key);
            o[0] = Math.max(o[0], steps);
            o[1] = at;
            o[2]++;
          }
        }
        int share = Math.max(1, width / Math.max(1, open.size()));
        for (double[] o : open.values()) {
          int rounds = width > 1 ? (int) o[0]
              : Math.min(cap, (int) Math.ceil(o[0] / (Math.log(share + 1) / Math.log(2))));
          // budgets sharing a bracket part ways inside it: about half of its rounds each
          int probes = (int) Math.ceil((rounds + (o[2] - 1) * rounds / 2.0) * share);
          runs += probes * reps;
          work += probes * reps * prices.wallAt(msgs ? o[1] : Double.NaN);
        }
      }
    }
    double atOnce = Math.max(1, Math.min(parallel, width * reps));
    return new Pending(runs, work / atOnce);
  }

  /** A probe's wall seconds in one group, from its grid runs' measured times. */
  private final class Prices {
    /** Per grid cell: {message count or NaN, measured wall seconds or NaN, cell index}. */
    private final List<double[]> measured = new ArrayList<>();
    private final List<SweepPlan.Cell> cells;
    private final double fallbackFactor;

    Prices(List<SweepPlan.Cell> cells, boolean msgs, Map<String, Double> wallSeconds,
        double factor) {
      this.cells = cells;
      this.fallbackFactor = factor * Math.max(1, Math.min(parallel, plan.points().size()));
      for (int i = 0; i < cells.size(); i++) {
        SweepPlan.Cell c = cells.get(i);
        double sum = 0;
        int n = 0;
        for (SweepPlan.Point pt : c.points()) {
          Double w = wallSeconds.get(pt.id());
          if (w != null) {
            sum += w;
            n++;
          }
        }
        Integer m = c.points().get(0).scenario().workload().msgsPerBlock();
        if (n > 0) {
          measured.add(new double[] {msgs && m != null ? m : Double.NaN, sum / n, i});
        }
      }
      measured.sort((a, b) -> Double.compare(a[0], b[0]));
    }

    /** Wall seconds of one probe at {@code msgs} messages (NaN: not the message count). */
    double wallAt(double msgs) {
      Long m = Double.isNaN(msgs) ? null : Math.max(1, Math.round(msgs));
      if (measured.isEmpty()) {
        double costliest = 0;
        for (SweepPlan.Cell c : cells) {
          costliest = Math.max(costliest, probeSeconds(c.points().get(0).scenario(), m));
        }
        return costliest * fallbackFactor;
      }
      if (m == null || Double.isNaN(measured.get(0)[0])) {
        double sum = 0;
        for (double[] e : measured) {
          sum += e[1] * ratio(cells.get((int) e[2]).points().get(0).scenario(), null);
        }
        return sum / measured.size();
      }
      double[] below = null;
      double[] above = null;
      for (double[] e : measured) {
        if (e[0] <= m) {
          below = e;
        }
        if (e[0] >= m && above == null) {
          above = e;
        }
      }
      double[] near = below == null ? above : above == null ? below : null;
      double wall;
      Scenario s;
      if (near != null) {
        s = cells.get((int) near[2]).points().get(0).scenario();
        wall = near[1] * seconds(s, m) / seconds(s, Math.round(near[0]));
      } else {
        s = cells.get((int) below[2]).points().get(0).scenario();
        double t = above[0] == below[0] ? 0 : (m - below[0]) / (above[0] - below[0]);
        wall = below[1] + t * (above[1] - below[1]);
      }
      return wall * ratio(s, m);
    }

    /** A probe's predicted seconds over a grid run's, at the same message count. */
    private double ratio(Scenario s, Long m) {
      return probeSeconds(s, m) / seconds(s, m);
    }
  }

  /**
   * Bisection steps from a bracket to one apart (whole numbers) or within 1%: 1% of the smaller
   * end, since the bracket may close at it (1% of the larger would undercount, 7 instead of 9
   * steps from 50..400 tx/s to 111..112). With the sweep's tolerance t the bracket closes once it
   * lies in one bin (1 + t)^k wide: expected when it is about half a bin wide, t / 2 of the
   * smaller end (sweep-msgs.yaml at 5%: 22 probes, where one apart needs 30).
   */
  private int bisections(double lo, double hi, boolean whole) {
    double gap = Math.abs(hi - lo);
    double smaller = Math.min(Math.abs(lo), Math.abs(hi));
    double end = whole ? 1 : 0.01 * (smaller > 0 ? smaller : Math.max(Math.abs(lo), Math.abs(hi)));
    end = Math.max(end, plan.spec().tolerance() / 2 * smaller);
    if (!(gap > end) || !(end > 0)) {
      return 0;
    }
    return (int) Math.ceil(Math.log(gap / end) / Math.log(2));
  }

  private static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }
}
