package dev.tdsim.sweep;

import dev.tdsim.random.Seeds;
import dev.tdsim.registry.DidYouMean;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioKeys;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Every point of a sweep, resolved and validated before anything runs: the cells (one combination
 * of varied values), each with its replicates (one scenario and seed each), and the varied
 * parameters with their kinds.
 *
 * <p>A point's scenario is the file with the {@code --set} overrides, then the point's values as
 * further overrides, and an empty {@code sweep:} section (so that editing the sweep does not change
 * the points' scenario hashes), then the replicate's seed.
 */
public final class SweepPlan {
  /** Loads the scenario file with overrides ({@code PATH=VALUE}). */
  @FunctionalInterface
  public interface Source {
    Scenario load(List<String> overrides);
  }

  public static final String MSGS = "workload.msgs_per_block";
  /** Paths a scenario has that a sweep cannot vary (every point is judged by every budget). */
  private static final String BUDGETS = "budgets";
  private static final String REPLICATES = "replicates";

  /**
   * One combination of varied values.
   *
   * @param id stable folder name derived from the values ({@code msgs_per_block-100__variant-fast})
   * @param texts path to the override text of its value
   * @param labels path to the canonical value (what the resolved scenario says), for tables
   * @param points its replicates, in order
   */
  public record Cell(String id, Map<String, String> texts, Map<String, String> labels,
      List<Point> points) {}

  /** One run: a cell's replicate. */
  public record Point(String id, String cellId, int replicate, Scenario scenario) {}

  /**
   * A varied (or searched) parameter.
   *
   * @param values canonical labels in grid order
   * @param numbers label to number in the kind's base unit (numeric kinds only)
   * @param virtual true for the message count of {@code --max-msgs-search} when it is not varied
   */
  public record Param(String path, ParamKind kind, List<String> values,
      Map<String, Double> numbers, boolean virtual) {}

  private final Source source;
  private final List<String> sets;
  private final Scenario base;
  private final SweepSpec spec;
  private final List<Cell> cells;
  private final List<Param> params;
  private final Param msgs;
  /** Whether grid points run the real crypto at a sampled height ({@link #samplesRealCrypto}). */
  private final boolean sampledGrid;

  private SweepPlan(Source source, List<String> sets, Scenario base, SweepSpec spec,
      List<Cell> cells, List<Param> params, Param msgs, boolean sampledGrid) {
    this.sampledGrid = sampledGrid;
    this.source = source;
    this.sets = List.copyOf(sets);
    this.base = base;
    this.spec = spec;
    this.cells = List.copyOf(cells);
    this.params = List.copyOf(params);
    this.msgs = msgs;
  }

  /** The base scenario (file + {@code --set}), or a one-line error. */
  public static Scenario loadBase(Source source, List<String> sets) {
    try {
      return source.load(sets);
    } catch (ScenarioException e) {
      throw new SweepException(e.getMessage(), e);
    }
  }

  /**
   * Builds and validates every point: each path must be a scenario path, each point's scenario
   * must load. A problem of the paths or options is a {@link SweepException} naming it; points
   * that do not load are one {@link SweepException} whose {@link SweepException#errors()} name
   * every distinct problem (a bad value is named once, at the first point that has it), in grid
   * order.
   */
  public static SweepPlan build(Source source, List<String> sets, Scenario base, SweepSpec spec) {
    List<String> setPaths = new ArrayList<>();
    for (String s : sets) {
      int eq = s.indexOf('=');
      setPaths.add(eq < 0 ? s.strip() : s.substring(0, eq).strip());
    }
    List<Axis> axes = spec.axes();
    for (Axis a : axes) {
      checkPath(a.path());
      if (a.values().isEmpty()) {
        throw new SweepException("--vary " + a.path() + ": no values");
      }
      if (setPaths.contains(a.path())) {
        throw new SweepException("--vary " + a.path() + ": the path is also given with --set;"
            + " drop one of them");
      }
      // zipped, a value may come back on one path as long as the points differ (checked below)
      for (int i = 0; i < a.values().size() && !(spec.zip() && axes.size() > 1); i++) {
        for (int j = 0; j < i; j++) {
          if (a.values().get(i).equals(a.values().get(j))) {
            throw new SweepException("--vary " + a.path() + ": value '" + a.values().get(i)
                + "' is given twice");
          }
        }
      }
    }
    if (spec.replicates() < 1 || spec.replicates() > Scenario.MAX_REPLICATES) {
      throw new SweepException("--replicates: must be in [1, " + Scenario.MAX_REPLICATES
          + "], got " + spec.replicates());
    }
    if (spec.maxProbes() < 1) {
      throw new SweepException("--max-probes: must be at least 1, got " + spec.maxProbes());
    }
    if (axes.isEmpty() && !spec.maxMsgsSearch()) {
      throw new SweepException("nothing to vary: give --vary PATH=V1,V2,... (e.g. --vary "
          + MSGS + "=10,100,1000), a sweep: vary: section in the scenario, or --max-msgs-search");
    }
    if (spec.zip() && !axes.isEmpty()) {
      int n = axes.get(0).values().size();
      for (Axis a : axes) {
        if (a.values().size() != n) {
          StringBuilder counts = new StringBuilder();
          for (Axis b : axes) {
            counts.append(counts.length() == 0 ? "" : ", ").append(b.path()).append(" has ")
                .append(b.values().size());
          }
          throw new SweepException("--zip: every varied path needs the same number of values ("
              + counts + ")");
        }
      }
    }
    List<Map<String, String>> combos = combinations(axes, spec.zip());
    for (int i = 0; i < combos.size(); i++) {
      int first = combos.indexOf(combos.get(i));
      if (first < i) {
        throw new SweepException("--zip: points " + (first + 1) + " and " + (i + 1)
            + " are the same (" + combos.get(i) + "); every zipped point must differ");
      }
    }
    List<Cell> cells = new ArrayList<>();
    Map<String, Map<String, Object>> resolvedByText = new LinkedHashMap<>();
    for (Axis a : axes) {
      resolvedByText.put(a.path(), new LinkedHashMap<>());
    }
    PlanBuilder pb = new PlanBuilder(source, sets, spec.replicates());
    Map<String, String> pointErrors = new LinkedHashMap<>(); // problem -> its first point's line
    for (Map<String, String> combo : combos) {
      Cell c;
      try {
        c = pb.cell(combo);
      } catch (SweepException e) {
        String prefix = describe(combo) + ": ";
        String problem = e.getMessage().startsWith(prefix)
            ? e.getMessage().substring(prefix.length()) : e.getMessage();
        pointErrors.putIfAbsent(problem, e.getMessage());
        continue;
      }
      for (Axis a : axes) {
        resolvedByText.get(a.path()).putIfAbsent(a.values().get(a.values().indexOf(
            combo.get(a.path()))), YamlValues.resolved(c.points().get(0).scenario(), a.path()));
      }
      cells.add(c);
    }
    if (!pointErrors.isEmpty()) {
      throw new SweepException(List.copyOf(pointErrors.values()));
    }
    List<Param> params = new ArrayList<>();
    for (Axis a : axes) {
      Map<String, Object> resolved = resolvedByText.get(a.path());
      List<String> labels = new ArrayList<>();
      List<Object> objects = new ArrayList<>();
      for (String text : new java.util.LinkedHashSet<>(a.values())) {
        Object r = resolved.get(text);
        String label = YamlValues.label(r);
        int dup = labels.indexOf(label);
        if (dup >= 0) {
          throw new SweepException("--vary " + a.path() + ": values '" + a.values().get(dup)
              + "' and '" + text + "' are the same value (" + label + ")");
        }
        labels.add(label);
        objects.add(r);
      }
      ParamKind kind = ParamKind.of(a.path(), objects);
      Map<String, Double> numbers = new LinkedHashMap<>();
      if (kind.numeric()) {
        for (int i = 0; i < labels.size(); i++) {
          numbers.put(labels.get(i), ParamKind.number(kind, objects.get(i)));
        }
      }
      params.add(new Param(a.path(), kind, labels, numbers, false));
    }
    Param msgs = null;
    for (Param p : params) {
      if (p.path().equals(MSGS) && p.kind() == ParamKind.INTEGER) {
        msgs = p;
      }
    }
    if (msgs == null && spec.maxMsgsSearch()) {
      boolean varied = axes.stream().anyMatch(a -> a.path().equals(MSGS));
      if (varied) {
        throw new SweepException("--max-msgs-search: " + MSGS + " is varied with a value that is"
            + " not a number (auto?); the search needs a number of messages per block");
      }
      Integer m = base.workload().msgsPerBlock();
      if (m == null) {
        throw new SweepException("--max-msgs-search: the scenario has " + MSGS + ": auto; give"
            + " a number (e.g. --set " + MSGS + "=100) to start the search from");
      }
      msgs = new Param(MSGS, ParamKind.INTEGER, List.of(Integer.toString(m)),
          Map.of(Integer.toString(m), m.doubleValue()), true);
    }
    return new SweepPlan(source, sets, base, spec, cells, params, msgs, pb.sampled);
  }

  private static void checkPath(String path) {
    if (path.equals(BUDGETS)) {
      throw new SweepException("--vary " + path + ": every point is judged against every budget"
          + " listed in budgets; write them all there (e.g. --set 'budgets=[100 ms, 1 s, 2 s]')");
    }
    if (path.equals(REPLICATES)) {
      throw new SweepException("--vary " + path + ": a sweep runs its points' replicates with"
          + " --replicates N (or sweep.replicates), not as a varied path");
    }
    List<String> known = ScenarioKeys.paths();
    if (ScenarioKeys.isPath(path)) {
      return;
    }
    if (path.equals(ScenarioKeys.SWEEP) || path.startsWith(ScenarioKeys.SWEEP + ".")) {
      throw new SweepException("--vary " + path + ": the sweep section cannot be varied");
    }
    String best = null;
    int bestD = Integer.MAX_VALUE;
    for (String k : known) { // a path the given one is the start of (workload.msgs) wins
      if (k.startsWith(path) || (section(k).equals(section(path))
          && last(k).startsWith(last(path)))) {
        if (best == null || k.length() < best.length()) {
          best = k;
          bestD = 0;
        }
      }
    }
    for (String k : bestD == 0 ? List.<String>of() : known) {
      int d = Math.min(DidYouMean.distance(path, k),
          DidYouMean.distance(last(path), last(k)) + 1);
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    String hint = best != null && bestD <= Math.max(3, path.length() / 3)
        ? "; did you mean " + best + "?" : "";
    throw new SweepException("--vary " + path + ": unknown scenario path" + hint
        + " (paths: see docs/SCENARIOS.md, e.g. " + MSGS + ", crypto.design, keys.shares)");
  }

  private static String section(String path) {
    int dot = path.indexOf('.');
    return dot < 0 ? "" : path.substring(0, dot);
  }

  private static String last(String path) {
    return path.substring(path.lastIndexOf('.') + 1);
  }

  private static List<Map<String, String>> combinations(List<Axis> axes, boolean zip) {
    List<Map<String, String>> out = new ArrayList<>();
    if (axes.isEmpty()) {
      out.add(new LinkedHashMap<>());
      return out;
    }
    if (zip) {
      for (int i = 0; i < axes.get(0).values().size(); i++) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Axis a : axes) {
          m.put(a.path(), a.values().get(i));
        }
        out.add(m);
      }
      return out;
    }
    out.add(new LinkedHashMap<>());
    for (Axis a : axes) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> prefix : out) {
        for (String v : a.values()) {
          Map<String, String> m = new LinkedHashMap<>(prefix);
          m.put(a.path(), v);
          next.add(m);
        }
      }
      out = next;
    }
    return out;
  }

  /** Loads cells (grid points and probes) and names them. */
  /** What a point or probe under model timing adds to its overrides ({@link #samplesRealCrypto}). */
  static final String SAMPLE_ONE_HEIGHT = "crypto.sample_heights=1";

  private static final class PlanBuilder {
    private final Source source;
    private final List<String> sets;
    private final int replicates;
    /** Whether a cell was given a sampled height ({@link #samplesRealCrypto}). */
    private boolean sampled;

    PlanBuilder(Source source, List<String> sets, int replicates) {
      this.source = source;
      this.sets = sets;
      this.replicates = replicates;
    }

    Cell cell(Map<String, String> texts) {
      List<String> overrides = new ArrayList<>(sets);
      for (Map.Entry<String, String> e : texts.entrySet()) {
        overrides.add(e.getKey() + "=" + e.getValue());
      }
      overrides.add(ScenarioKeys.SWEEP + "={}");
      Scenario s;
      try {
        s = source.load(overrides);
        if (samplesRealCrypto(s)) {
          overrides.add(overrides.size() - 1, SAMPLE_ONE_HEIGHT);
          sampled = true;
          s = source.load(overrides);
        }
      } catch (ScenarioException e) {
        throw new SweepException(describe(texts) + ": " + located(e, texts), e);
      }
      Map<String, String> labels = new LinkedHashMap<>();
      for (String path : texts.keySet()) {
        labels.put(path, YamlValues.label(YamlValues.resolved(s, path)));
      }
      String id = cellId(labels);
      List<Point> points = new ArrayList<>();
      for (int r = 0; r < replicates; r++) {
        points.add(new Point(id + "__r" + r, id, r, s.withSeed(Seeds.derive(s.seed(), r))));
      }
      return new Cell(id, Collections.unmodifiableMap(new LinkedHashMap<>(texts)),
          Collections.unmodifiableMap(labels), List.copyOf(points));
    }

    private static String located(ScenarioException e, Map<String, String> texts) {
      if (e.isOverride()) {
        return (e.getField() == null ? "" : e.getField() + ": ") + e.getProblem();
      }
      return e.getMessage();
    }
  }

  /** {@code point (workload.msgs_per_block=abc, crypto.variant=fast)}. */
  static String describe(Map<String, String> texts) {
    if (texts.isEmpty()) {
      return "base point";
    }
    StringBuilder sb = new StringBuilder("point (");
    boolean first = true;
    for (Map.Entry<String, String> e : texts.entrySet()) {
      sb.append(first ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
      first = false;
    }
    return sb.append(')').toString();
  }

  /**
   * The stable folder name of a combination: {@code LASTKEY-VALUE} joined by {@code __}, from the
   * canonical values (so {@code 1000 ms} and {@code 1 s} name the same folder); spaces dropped;
   * when other characters had to be replaced, or the name is long, a short hash of the exact
   * values is appended. The empty combination is {@code base}.
   */
  static String cellId(Map<String, String> labels) {
    if (labels.isEmpty()) {
      return "base";
    }
    StringBuilder id = new StringBuilder();
    StringBuilder exact = new StringBuilder();
    boolean lossy = false;
    for (Map.Entry<String, String> e : labels.entrySet()) {
      String key = e.getKey().substring(e.getKey().lastIndexOf('.') + 1);
      String v = e.getValue().replace(" ", "");
      String clean = v.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-+|-+$", "");
      if (!clean.equals(v) || clean.isEmpty()) {
        lossy = true;
      }
      id.append(id.length() == 0 ? "" : "__").append(key).append('-').append(clean);
      exact.append(e.getKey()).append('=').append(e.getValue()).append('\n');
    }
    if (lossy || id.length() > 120) {
      String prefix = id.length() > 120 ? id.substring(0, 120) : id.toString();
      return prefix + "-" + sha(exact.toString()).substring(0, 8);
    }
    return id.toString();
  }

  private static String sha(String s) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A cell outside the grid (a probe of the search): the given values as overrides; throws
   * {@link SweepException} when the values do not make a valid scenario.
   */
  public Cell probeCell(Map<String, String> texts) {
    return new PlanBuilder(source, sets, spec.replicates()).cell(texts);
  }

  /**
   * Whether a grid point or probe of this scenario runs the real crypto at one sampled height
   * only ({@code crypto.sample_heights: 1}; the rule: {@link
   * dev.tdsim.runner.CryptoSampling#oneHeightSuffices}).
   */
  public static boolean samplesRealCrypto(Scenario s) {
    return dev.tdsim.runner.CryptoSampling.oneHeightSuffices(s);
  }

  /**
   * Whether the sweep's grid points (and so its probes, by the same rule) run the real crypto at
   * a sampled height ({@link #samplesRealCrypto}).
   */
  public boolean sampledRealCrypto() {
    return sampledGrid;
  }

  public Scenario base() {
    return base;
  }

  public SweepSpec spec() {
    return spec;
  }

  public List<Cell> cells() {
    return cells;
  }

  public List<Param> params() {
    return params;
  }

  /** The message-count parameter to search, or null (not varied as a number, no search asked). */
  public Param msgsParam() {
    return msgs;
  }

  /** Every point of the grid, cell by cell. */
  public List<Point> points() {
    List<Point> out = new ArrayList<>();
    for (Cell c : cells) {
      out.addAll(c.points());
    }
    return out;
  }

  /** Whether any point charges measured CPU time (then points should not run concurrently). */
  public boolean anyMeasured() {
    for (Cell c : cells) {
      if (!dev.tdsim.timing.TimingModels.fromCostModel(
          c.points().get(0).scenario().crypto().timing())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether any point simulates a mempool (a {@code mempool:} section): its runs then fit a budget
   * only when they kept up with their clients ({@link FitRule#fits}).
   */
  /** Whether some point has a signing committee (sweep.csv then has its columns). */
  public boolean anySigning() {
    for (Cell c : cells) {
      if (c.points().get(0).scenario().signing().isPresent()) {
        return true;
      }
    }
    return false;
  }

  public boolean anyMempool() {
    for (Cell c : cells) {
      if (c.points().get(0).scenario().mempool().isPresent()) {
        return true;
      }
    }
    return false;
  }

  public List<String> sets() {
    return sets;
  }

  /** The cell of the given labels, or null. */
  public Cell cellByLabels(Map<String, String> labels) {
    for (Cell c : cells) {
      if (Objects.equals(c.labels(), labels)) {
        return c;
      }
    }
    return null;
  }
}
