package dev.tdsim.sweep;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything in {@code sensitivity.json} ({@link Sensitivity} computes it, {@link SensitivityJson}
 * writes it): per searched parameter and group of the other varied values the value fitting each
 * budget, the slope and elasticity of the latency, the latencies of categorical values, the tornado
 * and, when nothing numeric is varied, each grid point's fits.
 *
 * @param base per varied path the base point's value (scenario text)
 * @param baseCell the base point's cell id, or null when it is not on the grid
 * @param baseP95Ms p95 decryption latency at the base point (median over the grid without one)
 * @param msgs the message count's analysis, or null when it is not searched
 * @param numeric every other numeric varied parameter
 * @param probeRuns runs of the search (replicates of probes)
 * @param points every finished grid point's fits (the headline when nothing numeric is varied)
 * @param mempool whether the sweep's points simulate a mempool: a run then fits only when it
 *     also kept up with its clients ({@link FitRule#fits})
 */
@JsonSerialize(using = SensitivityJson.class)
public record SensitivityReport(Map<String, String> base, String baseCell, double baseP95Ms,
    List<Double> budgetsMs, NumericParam msgs, List<NumericParam> numeric,
    List<CategoricalParam> categorical, List<TornadoBar> tornado, int probeRuns, int maxProbes,
    List<String> notes, List<PointFit> points, boolean mempool) {
  /** How a note about consensus going wrong starts (the answer repeats such notes). */
  public static final String CONSENSUS_TROUBLE = "consensus trouble";
  /** How the note of a sweep whose varied paths change together starts. */
  static final String ZIPPED = "zip mode:";


  /** A report of a sweep without a mempool. */
  public SensitivityReport(Map<String, String> base, String baseCell, double baseP95Ms,
      List<Double> budgetsMs, NumericParam msgs, List<NumericParam> numeric,
      List<CategoricalParam> categorical, List<TornadoBar> tornado, int probeRuns, int maxProbes,
      List<String> notes, List<PointFit> points) {
    this(base, baseCell, baseP95Ms, budgetsMs, msgs, numeric, categorical, tornado, probeRuns,
        maxProbes, notes, points, false);
  }

  /** The same report with other notes. */
  SensitivityReport withNotes(List<String> otherNotes) {
    return new SensitivityReport(base, baseCell, baseP95Ms, budgetsMs, msgs, numeric, categorical,
        tornado, probeRuns, maxProbes, otherNotes, points, mempool);
  }

  /**
   * The parameter the headline answers for: the message count, else the first number; none when
   * the varied paths change together (zip mode), where no one parameter's value fits a budget and
   * the headline lists the points instead. A message count searched at every point ({@code
   * --max-msgs-search} without varying it) still answers: it is searched with the others fixed.
   */
  public NumericParam headlineParam() {
    if (msgs != null && (msgs.virtual() || !zipped())) {
      return msgs;
    }
    return numeric.isEmpty() || zipped() ? null : numeric.get(0);
  }

  /** Whether several varied paths change together (zip mode). */
  public boolean zipped() {
    return notes.stream().anyMatch(n -> n.startsWith(ZIPPED));
  }

  /** Per design and budget the value fitting and the bottleneck (empty: nothing numeric). */
  public List<HeadlineRow> headline() {
    List<HeadlineRow> rows = new ArrayList<>();
    NumericParam p = headlineParam();
    if (p == null) {
      return rows;
    }
    for (NumericGroup g : p.groups()) {
      for (BudgetFit f : g.budgets()) {
        rows.add(new HeadlineRow(g.fixed(), f.blockTimeMs(), f.value(), f.label(), f.bound(),
            f.bracketHigh(), f.bottleneck(), f.addedP95Ms()));
      }
    }
    return rows;
  }

  /**
   * How to read a value fitting a budget ({@code bound} in sensitivity.json, written as its
   * {@link #label()}).
   */
  public enum Bound {
    /** The bracket closed to one apart: the value is the largest (smallest) whole one fitting. */
    EXACT,
    /** The bracket closed to within 1% (quantities that are not whole numbers). */
    WITHIN_1PCT,
    /** The bracket closed to within the sweep's tolerance ({@code sweep.tolerance}). */
    WITHIN_TOLERANCE,
    /** The search stopped after max_probes steps: the answer is inside the bracket. */
    PROBE_CAP,
    /** The most messages a block may carry fits. */
    LIMIT,
    /** Every value tried fits; the answer may be beyond the grid. */
    BEYOND_GRID,
    /** Not even one message per block fits. */
    NONE_FITS,
    /** No grid value fits and nothing below the grid was tried. */
    BELOW_GRID,
    /** Fits and misses alternate along the parameter. */
    NOT_MONOTONE,
    /** Read off the grid (and stored probes) with the search off. */
    NO_SEARCH,
    /** A probe's value is not a valid scenario: the search stopped there. */
    INVALID_PROBE;

    /** The name in sensitivity.json and the console table, e.g. {@code within_1pct}. */
    @JsonValue
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The label in words, e.g. {@code below grid}. */
    public String words() {
      return label().replace('_', ' ');
    }

    /** Whether the search closed the bracket (the value needs no qualifier). */
    public boolean converged() {
      return this == EXACT || this == WITHIN_1PCT || this == WITHIN_TOLERANCE;
    }

    @Override
    public String toString() {
      return label();
    }
  }

  /** How the judged p95 latency moves as a numeric parameter grows over the grid. */
  public enum Direction {
    INCREASING,
    DECREASING,
    /** Within the tolerance both ways. */
    FLAT,
    NOT_MONOTONE;

    /**
     * @param rising the message count or the throughput ceiling's rate (more load never makes a
     *     block faster nor a mempool emptier), taken as increasing whatever the grid says
     * @param up whether the latency never falls (beyond the tolerance) along the grid
     * @param down whether it never rises
     */
    static Direction of(boolean rising, boolean up, boolean down) {
      if (rising) {
        return INCREASING;
      }
      if (up && down) {
        return FLAT;
      }
      return up ? INCREASING : down ? DECREASING : NOT_MONOTONE;
    }

    /** The name in sensitivity.json and report.html, e.g. {@code not_monotone}. */
    @JsonValue
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
      return label();
    }
  }

  /** One value of a numeric parameter that was run (grid point or probe), means over replicates. */
  public record Sample(double value, String label, double p50Ms, double p95Ms, double p99Ms,
      double judgedP95Ms, boolean probe, List<Boolean> fits, List<Double> p95PerReplicate) {}

  /**
   * The largest (or smallest) fitting value for one budget.
   *
   * @param value in the parameter's display unit; null when nothing can be said
   * @param label the value as scenario text ({@code 137}, {@code 80 ms})
   * @param bound how to read value
   * @param bracketLow the last fitting value known (display unit), or null
   * @param bracketHigh the first non-fitting value known, or null
   * @param probes bisection (and doubling) steps taken for this budget
   * @param addedP95Ms at the value fitting, what decryption adds to a block's time to execution
   *     at this budget, p95 (mean over its runs); null when nothing fits or its runs predate it
   * @param firstMiss why the bracket's upper end misses, with a mempool ({@code 400 tx/s: not
   *     sustained: full mempools refused 1717 of 9000 submissions at their entry validator}, or {@code over budget: ...});
   *     null without a mempool or an upper end
   */
  public record BudgetFit(double blockTimeMs, Double value, String label, Bound bound,
      Double bracketLow, Double bracketHigh, int probes, String note, Bottleneck bottleneck,
      Double addedP95Ms, String firstMiss) {

    /** Without a first miss (no mempool). */
    public BudgetFit(double blockTimeMs, Double value, String label, Bound bound,
        Double bracketLow, Double bracketHigh, int probes, String note, Bottleneck bottleneck,
        Double addedP95Ms) {
      this(blockTimeMs, value, label, bound, bracketLow, bracketHigh, probes, note, bottleneck,
          addedP95Ms, null);
    }

    /** Without the added latency (not known). */
    public BudgetFit(double blockTimeMs, Double value, String label, Bound bound,
        Double bracketLow, Double bracketHigh, int probes, String note, Bottleneck bottleneck) {
      this(blockTimeMs, value, label, bound, bracketLow, bracketHigh, probes, note, bottleneck,
          null);
    }
  }

  /**
   * The phase of the critical path that takes the largest share of a height (mean over heights
   * and replicates) at the value reported fitting (at the smallest value run when none fits),
   * with the whole critical path there and the bytes of shares each validator sends per block.
   *
   * @param at the value (scenario text) whose runs it is taken from
   * @param share of the sum of the critical path's phases, 0..1
   * @param pathMs the critical path's phases (consensus, share creation, share gossip, combine,
   *     decrypt), mean ms, in that order; empty when unknown
   * @param shareBytes bytes of decryption shares one validator sends per block there (mean over
   *     the runs; null for runs written before tdsim recorded it)
   */
  public record Bottleneck(String phase, double ms, double share, String at,
      Map<String, Double> pathMs, Double shareBytes) {
    public Bottleneck {
      pathMs = pathMs == null ? Map.of()
          : Collections.unmodifiableMap(new LinkedHashMap<>(pathMs));
    }

    public Bottleneck(String phase, double ms, double share, String at) {
      this(phase, ms, share, at, Map.of(), null);
    }

    /**
     * The critical path and share bytes in one line, e.g. {@code consensus 420 | share creation 1
     * | share gossip 300 | combine 30 | decrypt 3 ms; shares 96 B/validator/block}.
     */
    public String pathText() {
      StringBuilder b = new StringBuilder();
      pathMs.forEach((phase, v) -> b.append(b.length() == 0 ? "" : " | ").append(phase)
          .append(' ').append(String.format(Locale.ROOT, v < 10 ? "%.1f" : "%.0f", v)));
      if (b.length() > 0) {
        b.append(" ms");
      }
      if (shareBytes != null) {
        b.append(b.length() == 0 ? "" : "; ").append("shares ")
            .append(dev.tdsim.scenario.Units.formatSize(Math.round(shareBytes)))
            .append("/validator/block");
      }
      return b.toString();
    }
  }

  /**
   * The answer at a glance for one design (one combination of the values varied besides the
   * searched parameter, e.g. {@code crypto.variant=folded}) and budget: the largest (smallest
   * when the latency falls with it) value of the searched parameter that fits, and the bottleneck.
   */
  public record HeadlineRow(Map<String, String> design, double blockTimeMs, Double value,
      String label, Bound bound, Double bracketHigh, Bottleneck bottleneck, Double addedP95Ms) {

    /** Without the added latency (not known). */
    public HeadlineRow(Map<String, String> design, double blockTimeMs, Double value,
        String label, Bound bound, Double bracketHigh, Bottleneck bottleneck) {
      this(design, blockTimeMs, value, label, bound, bracketHigh, bottleneck, null);
    }

    /**
     * The mean consensus time of the critical path where the bottleneck was read (for a budget
     * that nothing fits, the smallest value run), or null when unknown: a budget it exceeds is
     * missed by consensus alone, whatever decryption does.
     */
    public Double consensusAloneMs() {
      return bottleneck == null ? null : bottleneck.pathMs().get("consensus");
    }

    /** {@code , adds 173 ms p95 to execution} when known, else empty. */
    public String addedText() {
      return addedP95Ms == null || !Double.isFinite(addedP95Ms) ? ""
          : ", adds " + dev.tdsim.format.Durations.roundedMs(addedP95Ms) + " p95 to execution";
    }


    /**
     * The value run nearest the bound that misses, as the scenario writes it ({@code 0%}, {@code
     * 20 ms}): the bottleneck's when known (taken there when nothing fits), else the number.
     */
    private String smallestRunText() {
      return bottleneck != null && bottleneck.at() != null ? bottleneck.at()
          : SweepText.num(bracketHigh);
    }

    /**
     * The value as a reader wants it: {@code 137 msgs}, {@code none fits} (not even one message),
     * {@code < 10 (below grid)} (the smallest value run misses, nothing smaller was tried;
     * {@code none up to 0% (below grid)} for another parameter),
     * {@code 1000 msgs (beyond grid)}; the bound is named unless the value is exact.
     */
    public String valueText(boolean msgs) {
      if (bound == Bound.NONE_FITS) {
        Double consensus = consensusAloneMs();
        if (msgs && consensus != null && consensus >= blockTimeMs) {
          return "none fits: consensus alone takes "
              + dev.tdsim.format.Durations.roundedMs(consensus) + " (mean, at 1 msg)";
        }
        return msgs ? "none fits (not even 1 msg)" : "none fits";
      }
      if (value == null) {
        String below = bracketHigh == null ? "none fits"
            : (msgs ? "< " + Math.round(bracketHigh) : "none up to " + smallestRunText());
        return below + " (" + bound.words() + ")";
      }
      String v = msgs ? Math.round(value) + " msgs" : label;
      return bound.converged() ? v : v + " (" + bound.words() + ")";
    }
  }

  /** A numeric parameter's analysis within one combination of the other varied values. */
  public record NumericGroup(Map<String, String> fixed, Direction direction, boolean monotone,
      List<Sample> samples, Double slopeMsPerUnit, Double interceptMs, Double rSquared,
      Double baseValue, Double elasticity, List<BudgetFit> budgets, List<String> notes) {}

  /**
   * @param unit the display unit ({@code ms}, {@code Mbps}, ...; empty for plain numbers)
   * @param virtual the message count searched from the scenario's value ({@code
   *     --max-msgs-search}), not varied on the grid
   * @param throughput the throughput ceiling: {@code workload.rate} with a mempool, whose value
   *     fitting is the largest rate sustained ({@code max_rate_sustained})
   */
  public record NumericParam(String path, ParamKind kind, String unit, boolean virtual,
      List<NumericGroup> groups, boolean throughput) {

    /** Not the throughput ceiling. */
    public NumericParam(String path, ParamKind kind, String unit, boolean virtual,
        List<NumericGroup> groups) {
      this(path, kind, unit, virtual, groups, false);
    }
  }

  public record CategoryValue(String value, double p50Ms, double p95Ms, double p99Ms,
      double judgedP95Ms, List<Boolean> fits) {}

  public record CategoricalGroup(Map<String, String> fixed, List<CategoryValue> values) {}

  public record CategoricalParam(String path, List<CategoricalGroup> groups) {}

  /** p95 decryption latency at a parameter's lowest and highest value, others at the base. */
  public record TornadoBar(String path, String lowLabel, String highLabel, double lowP95Ms,
      double highP95Ms, double baseP95Ms) {}

  /**
   * A grid point's answer, the headline of a sweep that varies no number (e.g. only a variant
   * or a fault's stake written as a percentage): which budgets it fits, and its bottleneck.
   */
  public record PointFit(Map<String, String> labels, List<Boolean> fits, Bottleneck bottleneck) {}
}
