package dev.tdsim.timing;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The cost model checked against the real calls of a run: under {@code timing: model} every real
 * crypto call still runs and reports its CPU time, so each one is also a measurement of the
 * model. Per operation this keeps measured / predicted (both single-core nanoseconds: the
 * measured CPU time on min({@code threadsHere}, the call's {@link CryptoOp#parallelUnits}) threads
 * is divided by the operation's calibrated CPU ratio at that thread count, {@link
 * Scaling#singleCoreNanos}) and summarises the median.
 *
 * <p>Not thread-safe; feed it from the event loop. No logging: the summary goes into the report.
 */
public final class CostCheck {
  /** A median ratio further than this from 1 is a warning (the model is off for this machine). */
  public static final double TOLERANCE = 0.15;
  /**
   * Operations whose median call (measured or predicted) is shorter than this (1 ms, as the
   * calibration's fit floor) are reported but never warned about: their time does not matter
   * against network delays and block times, and timer noise makes their ratios wide.
   */
  public static final long WARN_FLOOR_NANOS = 1_000_000;

  private final CostModel costs;
  private final String design;
  private final int threadsHere;
  private final Map<CryptoOp, List<double[]>> calls = new EnumMap<>(CryptoOp.class);

  /**
   * @param costs the run's cost model
   * @param design the run's design (a Ferveo variant or a one-share-per-block design)
   * @param threadsHere threads the real calls run on in this process
   */
  public CostCheck(CostModel costs, String design, int threadsHere) {
    if (threadsHere < 1) {
      throw new IllegalArgumentException("threadsHere must be >= 1, got " + threadsHere);
    }
    this.costs = costs;
    this.design = design;
    this.threadsHere = threadsHere;
  }

  /**
   * One real call: its operation, size and the CPU nanoseconds it took here (as passed to
   * {@link TimingModel#durationNanos}). Calls the model predicts at 0 ns (operations the design
   * does not have) are skipped.
   */
  public void record(CryptoOp op, OpSize size, long measuredCpuNanos) {
    double predicted = costs.cpuNanos(design, op, size);
    if (predicted <= 0 || measuredCpuNanos < 0) {
      return;
    }
    double measured = costs.scaling(design, op).singleCoreNanos(measuredCpuNanos,
        Math.min(threadsHere, op.parallelUnits(size)));
    calls.computeIfAbsent(op, o -> new ArrayList<>()).add(new double[] {measured, predicted});
  }

  /**
   * One operation's check.
   *
   * @param medianRatio median of measured / predicted over its calls
   * @param p10Ratio 10th percentile of the ratio
   * @param p90Ratio 90th percentile of the ratio
   * @param calls real calls compared
   * @param medianMeasuredNanos median measured single-core nanoseconds per call
   * @param medianPredictedNanos median predicted single-core nanoseconds per call
   * @param flagged whether this operation is off by more than {@link #TOLERANCE}
   */
  public record OpCheck(double medianRatio, double p10Ratio, double p90Ratio, int calls,
      long medianMeasuredNanos, long medianPredictedNanos, boolean flagged) {}

  /**
   * What the check found.
   *
   * @param byOp per operation, in operation order
   * @param threadsHere threads the real calls ran on
   * @param warning one line naming every flagged operation, if any
   */
  public record Summary(Map<CryptoOp, OpCheck> byOp, int threadsHere,
      Optional<String> warning) {
    /**
     * The form of summary.json's {@code cost_check}: {@code {threads_here, tolerance, ops: {OP:
     * {median_ratio, p10_ratio, p90_ratio, calls, median_measured_ms, median_predicted_ms,
     * flagged}}, warning}} (warning only when there is one).
     */
    public Map<String, Object> toMap() {
      Map<String, Object> ops = new LinkedHashMap<>();
      byOp.forEach((op, c) -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("median_ratio", c.medianRatio());
        m.put("p10_ratio", c.p10Ratio());
        m.put("p90_ratio", c.p90Ratio());
        m.put("calls", c.calls());
        m.put("median_measured_ms", Math.round(c.medianMeasuredNanos() / 1e3) / 1e3);
        m.put("median_predicted_ms", Math.round(c.medianPredictedNanos() / 1e3) / 1e3);
        m.put("flagged", c.flagged());
        ops.put(op.name(), m);
      });
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("threads_here", threadsHere);
      out.put("tolerance", TOLERANCE);
      out.put("ops", ops);
      warning.ifPresent(w -> out.put("warning", w));
      return out;
    }
  }

  public Summary summary() {
    Map<CryptoOp, OpCheck> out = new EnumMap<>(CryptoOp.class);
    List<String> off = new ArrayList<>();
    calls.forEach((op, list) -> {
      double[] ratios = list.stream().mapToDouble(c -> c[0] / c[1]).sorted().toArray();
      double[] measured = list.stream().mapToDouble(c -> c[0]).sorted().toArray();
      double[] predicted = list.stream().mapToDouble(c -> c[1]).sorted().toArray();
      double median = quantile(ratios, 0.5);
      long mMeasured = Math.round(quantile(measured, 0.5));
      long mPredicted = Math.round(quantile(predicted, 0.5));
      boolean flagged = Math.abs(median - 1) > TOLERANCE
          && Math.max(mMeasured, mPredicted) >= WARN_FLOOR_NANOS;
      out.put(op, new OpCheck(round4(median), round4(quantile(ratios, 0.1)),
          round4(quantile(ratios, 0.9)), ratios.length, mMeasured, mPredicted, flagged));
      if (flagged) {
        off.add(String.format(Locale.ROOT, "%s %+.0f%% (%d calls, median %.1f ms measured vs"
            + " %.1f ms predicted)", op, 100 * (median - 1), ratios.length, mMeasured / 1e6,
            mPredicted / 1e6));
      }
    });
    Optional<String> warning = off.isEmpty() ? Optional.empty()
        : Optional.of(String.format(Locale.ROOT, "cost model %s is off for this machine by more"
            + " than %.0f%% (median measured/predicted of the real calls, single-core): %s;"
            + " run 'tdsim calibrate' on an idle machine, or use 'timing: measured'",
            costs.origin(), 100 * TOLERANCE, String.join(", ", off)));
    return new Summary(out, threadsHere, warning);
  }

  /** Linear-interpolated quantile of sorted values. */
  static double quantile(double[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    double pos = q * (sorted.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
  }

  private static double round4(double x) {
    return Math.round(x * 1e4) / 1e4;
  }
}
