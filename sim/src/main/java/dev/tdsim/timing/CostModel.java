package dev.tdsim.timing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * Single-core CPU cost of each real crypto call, per variant, as a linear function of the call's
 * size: nanos = const + msgs*a + validators*b + msgs*validators*c + shares*d + msgs*shares*e
 * + msgBytes*f. Fitted by
 * {@code tdsim calibrate} on this machine; a built-in set (measured while building tdsim, see
 * docs/PERFORMANCE.md) is used until then.
 *
 * <p>File format (YAML): {@code format: tdsim-cost-model/1}, a {@code machine} description, and
 * {@code variants: {NAME: {OP: {const, msgs, validators, msgs_validators, shares,
 * msgs_shares, msg_bytes, msgs_log_msgs, fit, scaling}}}}} (a term a file lacks is 0). {@code fit: {r2, max_rel_err, points}} is the fit quality that {@code tdsim
 * calibrate} records next to the coefficients; it is kept but not used for predictions.
 * {@code scaling: {serial, serial_se, points, cpu_ratio}} is the operation's parallel
 * efficiency ({@link Scaling}: Amdahl's serial fraction and the CPU-time ratio per thread count);
 * files written before it existed have none, and then {@link #scaling} takes the builtin
 * model's (measured on the project's machine kind) and {@link #notes} says so. Any other
 * key, a non-number or a negative coefficient makes the file malformed.
 *
 * <p>The key setup's operations ({@link CryptoOp#keySetup}: the PVSS DKG's deal, verification,
 * aggregation and own check) cost the same whatever the variant, so they are kept once, in a
 * {@code key_setup: {OP: {terms..., fit, scaling}}} section beside {@code variants}, and read
 * for any variant; a scenario needs them only when its keys come from a DKG ({@link
 * #missingKeySetupOps}).
 */
public final class CostModel {
  public static final String FORMAT = "tdsim-cost-model/1";
  /** The term names, in the order of {@link Coefficients}. */
  public static final List<String> TERMS =
      List.of("const", "msgs", "validators", "msgs_validators", "shares", "msgs_shares",
          "msg_bytes", "msgs_log_msgs");

  /** The coefficients of one (variant, operation), nanoseconds per unit of each term. */
  public record Coefficients(
      double constNanos,
      double perMsgNanos,
      double perValidatorNanos,
      double perMsgValidatorNanos,
      double perShareNanos,
      double perMsgShareNanos,
      double perMsgByteNanos,
      double perMsgLogMsgNanos) {
    /** Without the msgs x log2(msgs) term (the models written before it existed). */
    public Coefficients(double constNanos, double perMsgNanos, double perValidatorNanos,
        double perMsgValidatorNanos, double perShareNanos, double perMsgShareNanos,
        double perMsgByteNanos) {
      this(constNanos, perMsgNanos, perValidatorNanos, perMsgValidatorNanos, perShareNanos,
          perMsgShareNanos, perMsgByteNanos, 0);
    }

    /** msgs x log2(msgs): FFT-shaped work over the block (FK20's openings), 0 below 2 msgs. */
    public static double msgsLogMsgs(int msgs) {
      return msgs < 2 ? 0 : msgs * (Math.log(msgs) / Math.log(2));
    }

    public double predict(OpSize s) {
      double v = constNanos
          + perMsgNanos * s.msgs()
          + perValidatorNanos * s.validators()
          + perMsgValidatorNanos * (double) s.msgs() * s.validators()
          + perShareNanos * s.shares()
          + perMsgShareNanos * (double) s.msgs() * s.shares()
          + perMsgByteNanos * s.msgBytes()
          + perMsgLogMsgNanos * msgsLogMsgs(s.msgs());
      return Math.max(0, v);
    }

    /** The coefficients in the order of {@link #TERMS}. */
    public double[] toArray() {
      return new double[] {constNanos, perMsgNanos, perValidatorNanos, perMsgValidatorNanos,
          perShareNanos, perMsgShareNanos, perMsgByteNanos, perMsgLogMsgNanos};
    }

    /** From coefficients in the order of {@link #TERMS}. */
    public static Coefficients ofArray(double[] c) {
      if (c.length != TERMS.size()) {
        throw new IllegalArgumentException("expected " + TERMS.size() + " coefficients");
      }
      return new Coefficients(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
    }

    static Coefficients of(Map<?, ?> m) {
      return new Coefficients(num(m, "const"), num(m, "msgs"), num(m, "validators"),
          num(m, "msgs_validators"), num(m, "shares"), num(m, "msgs_shares"),
          num(m, "msg_bytes"), num(m, "msgs_log_msgs"));
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("const", constNanos);
      m.put("msgs", perMsgNanos);
      m.put("validators", perValidatorNanos);
      m.put("msgs_validators", perMsgValidatorNanos);
      m.put("shares", perShareNanos);
      m.put("msgs_shares", perMsgShareNanos);
      m.put("msg_bytes", perMsgByteNanos);
      m.put("msgs_log_msgs", perMsgLogMsgNanos);
      return m;
    }

    private static double num(Map<?, ?> m, String key) {
      Object v = m.get(key);
      return v == null ? 0 : ((Number) v).doubleValue();
    }
  }

  /**
   * How well a fitted (variant, operation) matched its measurements.
   *
   * @param r2 coefficient of determination on the calibration grid (NaN if undefined)
   * @param maxRelErr largest |predicted - measured| / measured over the grid points
   * @param points grid points the fit used
   */
  public record Fit(double r2, double maxRelErr, int points) {
    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("r2", r2);
      m.put("max_rel_err", maxRelErr);
      m.put("points", points);
      return m;
    }
  }

  /**
   * The costs of a set of operations: coefficients, and the fit quality and parallel scaling of
   * those that have them (the key setup's section of a file).
   */
  public record OpCosts(Map<CryptoOp, Coefficients> coefficients, Map<CryptoOp, Fit> fits,
      Map<CryptoOp, Scaling> scalings) {
    public static final OpCosts NONE = new OpCosts(Map.of(), Map.of(), Map.of());

    public OpCosts {
      coefficients = java.util.Collections.unmodifiableMap(enumMap(coefficients));
      fits = java.util.Collections.unmodifiableMap(enumMap(fits));
      scalings = java.util.Collections.unmodifiableMap(enumMap(scalings));
    }

    public boolean isEmpty() {
      return coefficients.isEmpty();
    }
  }

  /** An operation-ordered copy. */
  private static <V> Map<CryptoOp, V> enumMap(Map<CryptoOp, V> source) {
    Map<CryptoOp, V> out = new EnumMap<>(CryptoOp.class);
    out.putAll(source);
    return out;
  }

  private final Map<String, Map<CryptoOp, Coefficients>> byVariant;
  /** The key setup's operations, the same for every variant. */
  private final OpCosts keySetup;
  private final Map<String, Map<CryptoOp, Fit>> fits;
  private final Map<String, Map<CryptoOp, Scaling>> scalings;
  private final Map<String, Object> machine;
  private final String origin;
  /** Single-core sign and verify times of each vote signature scheme, by scheme name. */
  private final Map<String, VoteCost> votes;

  /**
   * One vote signature scheme's measured single-core costs (median per call).
   *
   * @param signNanos signing one CometBFT vote
   * @param verifyNanos verifying one
   */
  public record VoteCost(long signNanos, long verifyNanos) {
    public VoteCost {
      if (signNanos <= 0 || verifyNanos <= 0) {
        throw new IllegalArgumentException("vote costs must be > 0 ns");
      }
    }
  }

  public CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byVariant, Map<String, Object> machine,
      String origin) {
    this(byVariant, Map.of(), machine, origin);
  }

  /** A model with the fit quality of each (variant, operation) that has one. */
  public CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byVariant, Map<String, Map<CryptoOp, Fit>> fits,
      Map<String, Object> machine, String origin) {
    this(byVariant, fits, Map.of(), machine, origin);
  }

  /** A model with fit quality and the parallel scaling of each (variant, operation) measured. */
  public CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byVariant, Map<String, Map<CryptoOp, Fit>> fits,
      Map<String, Map<CryptoOp, Scaling>> scalings, Map<String, Object> machine, String origin) {
    this(byVariant, fits, scalings, machine, origin, Map.of(), OpCosts.NONE);
  }

  private CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byVariant, Map<String, Map<CryptoOp, Fit>> fits,
      Map<String, Map<CryptoOp, Scaling>> scalings, Map<String, Object> machine, String origin,
      Map<String, VoteCost> votes, OpCosts keySetup) {
    this.byVariant = byVariant;
    this.keySetup = keySetup;
    this.fits = fits;
    this.scalings = scalings;
    this.machine = machine;
    this.origin = origin;
    this.votes = Map.copyOf(votes);
  }

  /** The same model with the vote signature costs measured by the same calibration. */
  public CostModel withVotes(Map<String, VoteCost> voteCosts) {
    return new CostModel(byVariant, fits, scalings, machine, origin, voteCosts, keySetup);
  }

  /** The same model with the key setup's operations (as measured by the same calibration). */
  public CostModel withKeySetup(OpCosts costs) {
    for (CryptoOp op : costs.coefficients().keySet()) {
      if (!op.keySetup()) {
        throw new IllegalArgumentException(op + " is not a key-setup operation");
      }
    }
    return new CostModel(byVariant, fits, scalings, machine, origin, votes, costs);
  }

  /** The key setup's operations (the DKG's), the same for every variant; empty if none. */
  public OpCosts keySetup() {
    return keySetup;
  }

  /** The calibrated costs of a vote signature scheme, if this file has them. */
  public java.util.Optional<VoteCost> voteCost(String scheme) {
    return java.util.Optional.ofNullable(votes.get(scheme));
  }

  /** The builtin model, parsed once (the fallback scaling of files without one). */
  private static final class Builtin {
    static final CostModel MODEL = load();

    private static CostModel load() {
      try (InputStream in = CostModel.class.getResourceAsStream("/builtin-cost-model.yaml")) {
        return parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
            "builtin");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The built-in model shipped with tdsim. */
  public static CostModel builtin() {
    return Builtin.MODEL;
  }

  /** Reads a calibration file; a malformed or foreign file fails with the reason. */
  public static CostModel read(Path file) throws IOException {
    String text;
    try {
      text = dev.tdsim.input.InputFiles.readText(file, "calibration file");
    } catch (dev.tdsim.input.InputFiles.InputProblem e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
    return parse(text, file.toString());
  }

  /**
   * Parses the YAML form; every problem is an {@link IllegalArgumentException} whose message is
   * one line: the origin, the key path and what is wrong.
   */
  @SuppressWarnings("unchecked")
  static CostModel parse(String yaml, String origin) {
    Object root;
    try {
      dev.tdsim.input.InputFiles.checkYaml(yaml);
    } catch (dev.tdsim.input.InputFiles.InputProblem e) {
      throw new IllegalArgumentException(origin + (e.line() > 0 ? ":" + e.line() : "") + ": "
          + e.getMessage(), e);
    }
    try {
      root = new Load(LoadSettings.builder().build()).loadFromString(yaml);
    } catch (YamlEngineException e) {
      throw new IllegalArgumentException(origin + ": invalid YAML: "
          + String.valueOf(e.getMessage()).strip().replaceAll("\\s*\\R\\s*", " "), e);
    }
    if (!(root instanceof Map<?, ?> map) || !FORMAT.equals(map.get("format"))) {
      throw new IllegalArgumentException(
          origin + ": not a tdsim cost model (expected 'format: " + FORMAT + "')");
    }
    Map<String, Map<CryptoOp, Coefficients>> out = new LinkedHashMap<>();
    Map<String, Map<CryptoOp, Fit>> fits = new LinkedHashMap<>();
    Map<String, Map<CryptoOp, Scaling>> scalings = new LinkedHashMap<>();
    Object variants = map.get("variants");
    Object keySetupSection = map.get("key_setup");
    if (variants == null && keySetupSection instanceof Map<?, ?>) {
      variants = Map.of(); // a file of the key setup's costs only
    }
    if (!(variants instanceof Map<?, ?> vm)
        || (vm.isEmpty() && !(keySetupSection instanceof Map<?, ?>))) {
      throw new IllegalArgumentException(origin + ": missing 'variants' (a mapping of variant"
          + " names to operations)");
    }
    for (Map.Entry<?, ?> v : vm.entrySet()) {
      String variant = String.valueOf(v.getKey());
      if (!(v.getValue() instanceof Map<?, ?> opsMap)) {
        throw new IllegalArgumentException(origin + ": variants." + variant
            + ": expected a mapping of operations (" + opNames(false) + ")");
      }
      OpCosts ops = ops(origin + ": variants." + variant, opsMap, false);
      out.put(variant, enumMap(ops.coefficients()));
      if (!ops.fits().isEmpty()) {
        fits.put(variant, enumMap(ops.fits()));
      }
      if (!ops.scalings().isEmpty()) {
        scalings.put(variant, enumMap(ops.scalings()));
      }
    }
    OpCosts keySetup = OpCosts.NONE;
    if (keySetupSection != null) {
      if (!(keySetupSection instanceof Map<?, ?> ks)) {
        throw new IllegalArgumentException(origin + ": key_setup: expected a mapping of"
            + " operations (" + opNames(true) + ")");
      }
      keySetup = ops(origin + ": key_setup", ks, true);
    }
    Object machine = map.get("machine");
    if (machine != null && !(machine instanceof Map<?, ?>)) {
      throw new IllegalArgumentException(origin + ": machine: expected a mapping");
    }
    Map<String, VoteCost> voteCosts = new LinkedHashMap<>();
    Object votes = map.get("votes");
    if (votes != null) {
      if (!(votes instanceof Map<?, ?> vs)) {
        throw new IllegalArgumentException(origin + ": votes: expected a mapping of signature"
            + " schemes to {sign, verify}");
      }
      for (Map.Entry<?, ?> e : vs.entrySet()) {
        String where = origin + ": votes." + e.getKey();
        if (!(e.getValue() instanceof Map<?, ?> sv)) {
          throw new IllegalArgumentException(where + ": expected {sign, verify} in nanoseconds");
        }
        double sign = coefficient(where + ".sign", sv.get("sign"));
        double verify = coefficient(where + ".verify", sv.get("verify"));
        if (sign <= 0 || verify <= 0) {
          throw new IllegalArgumentException(where + ": sign and verify must be > 0");
        }
        voteCosts.put(String.valueOf(e.getKey()),
            new VoteCost(Math.round(sign), Math.round(verify)));
      }
    }
    return new CostModel(out, fits, scalings,
        machine instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of(), origin, voteCosts,
        keySetup);
  }

  /**
   * One section's operations: a variant's ({@code keySetup} false: the design's operations) or
   * the key setup's ({@code keySetup} true: {@link CryptoOp#keySetup} operations only).
   */
  private static OpCosts ops(String section, Map<?, ?> opsMap, boolean keySetup) {
    Map<CryptoOp, Coefficients> ops = new EnumMap<>(CryptoOp.class);
    Map<CryptoOp, Fit> opFits = new EnumMap<>(CryptoOp.class);
    Map<CryptoOp, Scaling> opScalings = new EnumMap<>(CryptoOp.class);
    for (Map.Entry<?, ?> op : opsMap.entrySet()) {
      String where = section + "." + op.getKey();
      CryptoOp cryptoOp;
      try {
        cryptoOp = CryptoOp.valueOf(String.valueOf(op.getKey()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": unknown operation; known: "
            + opNames(keySetup), e);
      }
      if (cryptoOp.keySetup() != keySetup) {
        throw new IllegalArgumentException(where + ": " + (keySetup
            ? "not a key-setup operation (it belongs under variants.NAME); key_setup has "
            : "a key-setup operation, the same for every variant: it belongs under key_setup;"
                + " a variant has ") + opNames(keySetup));
      }
      if (!(op.getValue() instanceof Map<?, ?> terms)) {
        throw new IllegalArgumentException(where + ": expected a mapping of terms ("
            + String.join(", ", TERMS) + ")");
      }
      for (Map.Entry<?, ?> term : terms.entrySet()) {
        String key = String.valueOf(term.getKey());
        if (key.equals("fit")) {
          opFits.put(cryptoOp, fitOf(where + ".fit", term.getValue()));
        } else if (key.equals("scaling")) {
          opScalings.put(cryptoOp, Scaling.of(where + ".scaling", term.getValue()));
        } else if (!TERMS.contains(key)) {
          throw new IllegalArgumentException(where + ": unknown key '" + key + "'; known: "
              + String.join(", ", TERMS) + ", fit, scaling");
        } else {
          coefficient(where + "." + key, term.getValue());
        }
      }
      ops.put(cryptoOp, Coefficients.of(terms));
    }
    return new OpCosts(ops, opFits, opScalings);
  }

  private static String opNames(boolean keySetup) {
    return java.util.Arrays.stream(CryptoOp.values()).filter(op -> op.keySetup() == keySetup)
        .map(Enum::name).collect(java.util.stream.Collectors.joining(", "));
  }

  private static double coefficient(String where, Object value) {
    if (!(value instanceof Number n) || !Double.isFinite(n.doubleValue())) {
      throw new IllegalArgumentException(where + ": expected a number (nanoseconds), got '"
          + value + "'");
    }
    if (n.doubleValue() < 0) {
      throw new IllegalArgumentException(where + ": must be >= 0, got " + value);
    }
    return n.doubleValue();
  }

  private static Fit fitOf(String where, Object value) {
    if (!(value instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(where + ": expected {r2, max_rel_err, points}");
    }
    return new Fit(fitNumber(m.get("r2")), fitNumber(m.get("max_rel_err")),
        m.get("points") instanceof Number p ? p.intValue() : 0);
  }

  private static double fitNumber(Object v) {
    return v instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  /**
   * Predicted single-core CPU nanoseconds; an operation the variant does not have costs 0. A
   * key-setup operation ({@link CryptoOp#keySetup}) is read from the key setup's section,
   * whatever the variant.
   */
  public long cpuNanos(String variant, CryptoOp op, OpSize size) {
    if (op.keySetup()) {
      Coefficients c = keySetup.coefficients().get(op);
      return c == null ? 0 : Math.round(c.predict(size));
    }
    Map<CryptoOp, Coefficients> ops = byVariant.get(variant);
    if (ops == null) {
      throw new IllegalArgumentException(
          "cost model " + origin + " has no variant '" + variant + "'; it has "
              + byVariant.keySet());
    }
    Coefficients c = ops.get(op);
    return c == null ? 0 : Math.round(c.predict(size));
  }

  /**
   * The operations {@code variant} uses that this model has no cost for (which would be charged
   * 0): the ones the builtin model has for the variant, since {@code tdsim calibrate} measures
   * exactly the operations a variant's code runs. Empty for the builtin model itself and for a
   * variant the builtin model does not know.
   */
  public List<CryptoOp> missingOps(String variant) {
    Map<CryptoOp, Coefficients> used = Builtin.MODEL.byVariant.get(variant);
    Map<CryptoOp, Coefficients> have = byVariant.getOrDefault(variant, Map.of());
    if (used == null || this == Builtin.MODEL) {
      return List.of();
    }
    return used.keySet().stream().filter(op -> !have.containsKey(op)).toList();
  }

  /**
   * The key-setup operations (the DKG's) a scenario whose keys come from a DKG uses and this
   * model has no cost for: the ones the builtin model has. Empty for the builtin model itself.
   */
  public List<CryptoOp> missingKeySetupOps() {
    if (this == Builtin.MODEL) {
      return List.of();
    }
    return Builtin.MODEL.keySetup.coefficients().keySet().stream()
        .filter(op -> !keySetup.coefficients().containsKey(op)).toList();
  }

  /**
   * The parallel scaling of one (variant, operation): this file's; for a file without one (made
   * before calibrations measured it) the builtin model's; {@link Scaling#LINEAR} where neither
   * has it (an operation never calibrated, e.g. BLAME). Never null.
   */
  public Scaling scaling(String variant, CryptoOp op) {
    if (op.keySetup()) {
      Scaling s = keySetup.scalings().get(op);
      if (s != null) {
        return s;
      }
      return keySetup.scalings().isEmpty() && this != Builtin.MODEL
          ? Builtin.MODEL.scaling(variant, op) : Scaling.LINEAR;
    }
    Scaling s = scalings.getOrDefault(variant, Map.of()).get(op);
    if (s != null) {
      return s;
    }
    if (scalings.isEmpty() && this != Builtin.MODEL) {
      return Builtin.MODEL.scaling(variant, op);
    }
    return Scaling.LINEAR;
  }

  /** Whether this file has measured parallel scaling (files before it read with defaults). */
  public boolean hasScaling() {
    return !scalings.isEmpty() || !keySetup.scalings().isEmpty();
  }

  /** The most threads any operation's scaling was measured at (1 when none was). */
  public int measuredThreads() {
    return java.util.stream.Stream.concat(
            scalings.values().stream().flatMap(m -> m.values().stream()),
            keySetup.scalings().values().stream())
        .mapToInt(Scaling::measuredThreads).max().orElse(1);
  }

  /**
   * Notes a run should show about this model: a file without parallel scaling reads with the
   * builtin model's serial fractions.
   */
  public List<String> notes() {
    if (hasScaling() || this == Builtin.MODEL) {
      return List.of();
    }
    return List.of("cost model " + origin + " has no parallel scaling (it predates 'tdsim"
        + " calibrate' measuring it): crypto time on several cores uses the builtin model's"
        + " serial fractions (Amdahl); run 'tdsim calibrate' for this machine's");
  }

  public Map<String, Object> machine() {
    return machine;
  }

  public String origin() {
    return origin;
  }

  public Map<String, Map<CryptoOp, Coefficients>> coefficients() {
    return byVariant;
  }

  /** The recorded fit quality of one (variant, operation), if the file has one. */
  public java.util.Optional<Fit> fit(String variant, CryptoOp op) {
    if (op.keySetup()) {
      return java.util.Optional.ofNullable(keySetup.fits().get(op));
    }
    return java.util.Optional.ofNullable(fits.getOrDefault(variant, Map.of()).get(op));
  }

  /**
   * The YAML form, as read by {@link #read}: the machine as a block, each operation's terms (and
   * fit) on one line.
   */
  public String toYaml() {
    org.snakeyaml.engine.v2.api.Dump block = new org.snakeyaml.engine.v2.api.Dump(
        org.snakeyaml.engine.v2.api.DumpSettings.builder()
            .setDefaultFlowStyle(org.snakeyaml.engine.v2.common.FlowStyle.BLOCK).build());
    org.snakeyaml.engine.v2.api.Dump flow = new org.snakeyaml.engine.v2.api.Dump(
        org.snakeyaml.engine.v2.api.DumpSettings.builder()
            .setDefaultFlowStyle(org.snakeyaml.engine.v2.common.FlowStyle.FLOW)
            .setWidth(Integer.MAX_VALUE).build());
    Map<String, Object> head = new LinkedHashMap<>();
    head.put("format", FORMAT);
    head.put("machine", machine);
    StringBuilder out = new StringBuilder(block.dumpToString(head));
    out.append("variants:\n");
    byVariant.forEach((v, ops) -> {
      out.append("  ").append(flow.dumpToString(v).strip()).append(":\n");
      ops.forEach((op, c) -> {
        Map<String, Object> terms = c.toMap();
        fit(v, op).ifPresent(f -> terms.put("fit", f.toMap()));
        Scaling sc = scalings.getOrDefault(v, Map.of()).get(op);
        if (sc != null) {
          terms.put("scaling", sc.toMap());
        }
        out.append("    ").append(op.name()).append(": ")
            .append(flow.dumpToString(terms).strip()).append('\n');
      });
    });
    if (!keySetup.isEmpty()) {
      out.append("key_setup:\n");
      keySetup.coefficients().forEach((op, c) -> {
        Map<String, Object> terms = c.toMap();
        java.util.Optional.ofNullable(keySetup.fits().get(op))
            .ifPresent(f -> terms.put("fit", f.toMap()));
        Scaling sc = keySetup.scalings().get(op);
        if (sc != null) {
          terms.put("scaling", sc.toMap());
        }
        out.append("  ").append(op.name()).append(": ")
            .append(flow.dumpToString(terms).strip()).append('\n');
      });
    }
    if (!votes.isEmpty()) {
      out.append("votes:\n");
      votes.forEach((scheme, c) -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sign", c.signNanos());
        m.put("verify", c.verifyNanos());
        out.append("  ").append(scheme).append(": ").append(flow.dumpToString(m).strip())
            .append('\n');
      });
    }
    return out.toString();
  }
}
