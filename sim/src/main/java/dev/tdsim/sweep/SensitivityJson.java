package dev.tdsim.sweep;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.tdsim.sweep.SensitivityReport.Bottleneck;
import dev.tdsim.sweep.SensitivityReport.BudgetFit;
import dev.tdsim.sweep.SensitivityReport.CategoricalGroup;
import dev.tdsim.sweep.SensitivityReport.CategoricalParam;
import dev.tdsim.sweep.SensitivityReport.CategoryValue;
import dev.tdsim.sweep.SensitivityReport.Direction;
import dev.tdsim.sweep.SensitivityReport.NumericGroup;
import dev.tdsim.sweep.SensitivityReport.NumericParam;
import dev.tdsim.sweep.SensitivityReport.PointFit;
import dev.tdsim.sweep.SensitivityReport.Sample;
import dev.tdsim.sweep.SensitivityReport.TornadoBar;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The form of {@code sensitivity.json} (docs/SWEEPS.md): a {@link SensitivityReport} written by
 * Jackson through this serializer (bound to the record by {@code @JsonSerialize}), field names in
 * snake_case. The form depends on the parameter: the message count's values are whole numbers
 * named {@code max_msgs_fitting}, {@code msgs}, {@code base_msgs}; the throughput ceiling's
 * (the arrival rate with a mempool) {@code max_rate_sustained}; other parameters' are
 * {@code max_value_fitting} (or {@code min_value_fitting} when the latency falls as the value
 * grows) with their scenario text. Numbers are rounded to 6 decimals; NaN and infinities are null.
 */
final class SensitivityJson extends StdSerializer<SensitivityReport> {
  static final String FITS_RULE = "a value fits a budget when every replicate fits it (at least"
      + " 95% of heights within the budget, judged as consensus + decryption latency, or the"
      + " slower of the two when pipelined)";
  /** The rule with a mempool: fitting needs the load sustained too. */
  static final String FITS_RULE_MEMPOOL = FITS_RULE + " and kept up with its clients (the"
      + " mempool's sustained: nothing refused by a full mempool, the later half of the heights'"
      + " transactions no slower than 1.5x the earlier half, no more waiting at the end than in"
      + " flight)";
  /** What the throughput ceiling's value is, in its parameter's entry. */
  static final String THROUGHPUT = "the throughput ceiling: the largest rate sustained within"
      + " each budget (doubled beyond the grid while sustained, then bisected to within 1%)";

  SensitivityJson() {
    super(SensitivityReport.class);
  }

  @Override
  public void serialize(SensitivityReport r, JsonGenerator g, SerializerProvider sp)
      throws IOException {
    g.writeStartObject();
    g.writeFieldName("headline");
    headline(r, g, sp);
    sp.defaultSerializeField("base", r.base(), g);
    g.writeStringField("base_point", r.baseCell());
    number(g, "base_p95_ms", r.baseP95Ms());
    sp.defaultSerializeField("budgets_ms", r.budgetsMs(), g);
    g.writeNumberField("max_probes", r.maxProbes());
    g.writeNumberField("probe_runs", r.probeRuns());
    g.writeStringField("fits_rule", r.mempool() ? FITS_RULE_MEMPOOL : FITS_RULE);
    if (r.msgs() != null) {
      g.writeFieldName("msgs_per_block");
      numeric(r.msgs(), true, g, sp);
    }
    g.writeArrayFieldStart("parameters");
    for (NumericParam p : r.numeric()) {
      numeric(p, false, g, sp);
    }
    for (CategoricalParam p : r.categorical()) {
      categorical(p, r.budgetsMs(), g, sp);
    }
    g.writeEndArray();
    g.writeArrayFieldStart("tornado");
    for (TornadoBar t : r.tornado()) {
      g.writeStartObject();
      g.writeStringField("path", t.path());
      g.writeStringField("low_value", t.lowLabel());
      g.writeStringField("high_value", t.highLabel());
      number(g, "low_p95_ms", t.lowP95Ms());
      number(g, "high_p95_ms", t.highP95Ms());
      number(g, "base_p95_ms", t.baseP95Ms());
      g.writeEndObject();
    }
    g.writeEndArray();
    sp.defaultSerializeField("notes", r.notes(), g);
    g.writeEndObject();
  }

  /**
   * The answer at a glance: per design (the other varied values) and budget the largest value of
   * the searched parameter fitting (the message count when it is searched) and the bottleneck;
   * per grid point its fits when nothing numeric is varied.
   */
  private static void headline(SensitivityReport r, JsonGenerator g, SerializerProvider sp)
      throws IOException {
    NumericParam p = r.headlineParam();
    g.writeStartObject();
    g.writeStringField("parameter", p == null ? null : p.path());
    g.writeArrayFieldStart("designs");
    for (NumericGroup group : p == null ? List.<NumericGroup>of() : p.groups()) {
      g.writeStartObject();
      sp.defaultSerializeField("design", group.fixed(), g);
      g.writeArrayFieldStart("budgets");
      boolean msgs = p.path().equals(SweepPlan.MSGS);
      for (BudgetFit f : group.budgets()) {
        g.writeStartObject();
        g.writeNumberField("block_time_ms", f.blockTimeMs());
        String name = fittingName(msgs, p.throughput(), group.direction());
        fitting(g, name, f.value(), msgs);
        if (!msgs) {
          g.writeStringField(name + "_text", f.label());
        }
        g.writeStringField("bound", f.bound().label());
        if (f.firstMiss() != null) {
          g.writeStringField("first_miss", f.firstMiss());
        }
        g.writeFieldName("bottleneck");
        bottleneck(f.bottleneck(), g);
        if (f.addedP95Ms() != null) {
          number(g, "added_p95_ms", f.addedP95Ms());
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    if (p == null) {
      g.writeArrayFieldStart("points");
      for (PointFit f : r.points()) {
        g.writeStartObject();
        sp.defaultSerializeField("point", f.labels(), g);
        sp.defaultSerializeField("fits", fits(r.budgetsMs(), f.fits()), g);
        g.writeFieldName("bottleneck");
        bottleneck(f.bottleneck(), g);
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  /** A numeric parameter; {@code msgs}: the message count, with its own field names. */
  private static void numeric(NumericParam p, boolean msgs, JsonGenerator g,
      SerializerProvider sp) throws IOException {
    g.writeStartObject();
    g.writeStringField("path", p.path());
    g.writeStringField("kind", p.kind().label());
    if (!p.unit().isEmpty()) {
      g.writeStringField("unit", p.unit());
    }
    if (msgs) {
      g.writeStringField("searched_from",
          p.virtual() ? "the base value (--max-msgs-search)" : "the grid");
    }
    if (p.throughput()) {
      g.writeStringField("searched_as", THROUGHPUT);
    }
    g.writeArrayFieldStart("groups");
    for (NumericGroup group : p.groups()) {
      g.writeStartObject();
      sp.defaultSerializeField("fixed", group.fixed(), g);
      g.writeStringField("direction", group.direction().label());
      g.writeBooleanField("monotone", group.monotone());
      g.writeArrayFieldStart("budgets");
      for (BudgetFit f : group.budgets()) {
        budget(f, msgs, fittingName(msgs, p.throughput(), group.direction()), g);
      }
      g.writeEndArray();
      number(g, msgs ? "cost_per_extra_msg_ms" : "slope_ms_per_unit", group.slopeMsPerUnit());
      number(g, "intercept_ms", group.interceptMs());
      number(g, "r_squared", group.rSquared());
      valueOrMsgs(g, msgs ? "base_msgs" : "base_value", group.baseValue(), msgs);
      number(g, "elasticity", group.elasticity());
      g.writeArrayFieldStart("samples");
      for (Sample s : group.samples()) {
        sample(s, msgs, g);
      }
      g.writeEndArray();
      if (!group.notes().isEmpty()) {
        sp.defaultSerializeField("notes", group.notes(), g);
      }
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** One budget of a group; {@code name} the value fitting's field ({@link #fittingName}). */
  private static void budget(BudgetFit f, boolean msgs, String name, JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    g.writeNumberField("block_time_ms", f.blockTimeMs());
    fitting(g, name, f.value(), msgs);
    if (!msgs && f.label() != null) {
      g.writeStringField(name + "_text", f.label());
    }
    g.writeStringField("bound", f.bound().label());
    g.writeArrayFieldStart("bracket");
    valueOrMsgs(g, null, f.bracketLow(), msgs);
    valueOrMsgs(g, null, f.bracketHigh(), msgs);
    g.writeEndArray();
    g.writeNumberField("probes", f.probes());
    if (f.bottleneck() != null) {
      g.writeFieldName("bottleneck");
      bottleneck(f.bottleneck(), g);
    }
    if (f.note() != null) {
      g.writeStringField("note", f.note());
    }
    if (f.firstMiss() != null) {
      g.writeStringField("first_miss", f.firstMiss());
    }
    g.writeEndObject();
  }

  private static void sample(Sample s, boolean msgs, JsonGenerator g) throws IOException {
    g.writeStartObject();
    valueOrMsgs(g, msgs ? "msgs" : "value", s.value(), msgs);
    if (!msgs) {
      g.writeStringField("text", s.label());
    }
    g.writeBooleanField("probe", s.probe());
    number(g, "p50_ms", s.p50Ms());
    number(g, "p95_ms", s.p95Ms());
    number(g, "p99_ms", s.p99Ms());
    number(g, "judged_p95_ms", s.judgedP95Ms());
    g.writeNumberField("replicates", s.p95PerReplicate().size());
    g.writeEndObject();
  }

  private static void categorical(CategoricalParam p, List<Double> budgetsMs, JsonGenerator g,
      SerializerProvider sp) throws IOException {
    g.writeStartObject();
    g.writeStringField("path", p.path());
    g.writeStringField("kind", ParamKind.CATEGORICAL.label());
    g.writeArrayFieldStart("groups");
    for (CategoricalGroup group : p.groups()) {
      g.writeStartObject();
      sp.defaultSerializeField("fixed", group.fixed(), g);
      g.writeArrayFieldStart("values");
      for (CategoryValue v : group.values()) {
        g.writeStartObject();
        g.writeStringField("value", v.value());
        number(g, "p50_ms", v.p50Ms());
        number(g, "p95_ms", v.p95Ms());
        number(g, "p99_ms", v.p99Ms());
        number(g, "judged_p95_ms", v.judgedP95Ms());
        sp.defaultSerializeField("fits", fits(budgetsMs, v.fits()), g);
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void bottleneck(Bottleneck b, JsonGenerator g) throws IOException {
    if (b == null) {
      g.writeNull();
      return;
    }
    g.writeStartObject();
    g.writeStringField("phase", b.phase());
    number(g, "ms", b.ms());
    number(g, "share", b.share());
    g.writeStringField("at", b.at());
    if (!b.pathMs().isEmpty()) {
      g.writeObjectFieldStart("critical_path_ms");
      for (Map.Entry<String, Double> e : b.pathMs().entrySet()) {
        number(g, e.getKey(), e.getValue());
      }
      g.writeEndObject();
    }
    if (b.shareBytes() != null) {
      g.writeNumberField("share_bytes_per_validator_per_block", Math.round(b.shareBytes()));
    }
    g.writeEndObject();
  }

  /**
   * The value fitting's field: {@code max_msgs_fitting} (the block-size ceiling), {@code
   * max_rate_sustained} (the throughput ceiling), else {@code max_value_fitting} or {@code
   * min_value_fitting} when the latency falls as the value grows.
   */
  private static String fittingName(boolean msgs, boolean throughput, Direction direction) {
    return msgs ? "max_msgs_fitting" : throughput ? "max_rate_sustained"
        : direction == Direction.DECREASING ? "min_value_fitting" : "max_value_fitting";
  }

  /** The value fitting: a whole number of messages, else rounded; null when none is known. */
  private static void fitting(JsonGenerator g, String name, Double value, boolean msgs)
      throws IOException {
    if (msgs && value != null) {
      g.writeNumberField(name, Math.round(value));
    } else {
      number(g, name, value);
    }
  }

  /**
   * A value of the parameter: a whole number (null when not finite) for the message count, else
   * rounded; {@code name} null writes an array element.
   */
  private static void valueOrMsgs(JsonGenerator g, String name, Double v, boolean msgs)
      throws IOException {
    if (name != null) {
      g.writeFieldName(name);
    }
    if (v == null || !Double.isFinite(v)) {
      g.writeNull();
    } else if (msgs) {
      g.writeNumber(Math.round(v));
    } else {
      g.writeNumber(round(v));
    }
  }

  /** A number rounded to 6 decimals; null when unknown, NaN or infinite. */
  private static void number(JsonGenerator g, String name, Double v) throws IOException {
    g.writeFieldName(name);
    if (v == null || !Double.isFinite(v)) {
      g.writeNull();
    } else {
      g.writeNumber(round(v));
    }
  }

  private static double round(double v) {
    return Math.round(v * 1e6) / 1e6;
  }

  /** Per budget ({@code 500ms}, {@code 1s}) whether it fits. */
  private static Map<String, Boolean> fits(List<Double> budgetsMs, List<Boolean> fits) {
    Map<String, Boolean> m = new LinkedHashMap<>();
    for (int i = 0; i < budgetsMs.size(); i++) {
      m.put(Sensitivity.fmtMs(budgetsMs.get(i)), fits.get(i));
    }
    return m;
  }
}
