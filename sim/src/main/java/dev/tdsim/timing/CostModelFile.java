package dev.tdsim.timing;

import dev.tdsim.input.InputFiles;
import dev.tdsim.timing.CostModel.Coefficients;
import dev.tdsim.timing.CostModel.Fit;
import dev.tdsim.timing.CostModel.OpCosts;
import dev.tdsim.timing.CostModel.VoteCost;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * The cost-model file (YAML), read and written: {@code format: tdsim-cost-model/1}, a {@code
 * machine} description, and {@code variants: {NAME: {OP: {const, msgs, validators,
 * msgs_validators, shares, msgs_shares, msg_bytes, msgs_log_msgs, fit, scaling}}}} (a term a
 * file lacks is 0; NAME is a design: a Ferveo variant or a one-share-per-block design). {@code
 * fit: {r2, max_rel_err, points}} is the fit quality that {@code tdsim calibrate} records next
 * to the coefficients; it is kept but not used for predictions. {@code scaling: {serial,
 * serial_se, points, cpu_ratio}} is the operation's parallel efficiency ({@link Scaling});
 * files written before it existed have none. The key setup's operations are kept once, in a
 * {@code key_setup: {OP: {terms..., fit, scaling}}} section beside {@code variants}, and each
 * vote signature scheme's costs in {@code votes: {SCHEME: {sign, verify}}}; each aggregating
 * commit certificate scheme's in {@code certificates: {SCHEME: {OP: {const, validators, shares,
 * fit}}}} (every {@link CertificateCost.Op}; validators are the call's signers, shares their key
 * points). Any other key, a
 * non-number or a negative coefficient makes the file malformed: the error names the file, the
 * key path and what is wrong, on one line.
 */
public final class CostModelFile {
  public static final String FORMAT = "tdsim-cost-model/1";

  private CostModelFile() {}

  /** The built-in model shipped with tdsim (a resource of the jar). */
  static CostModel readBuiltin() {
    try (InputStream in = CostModelFile.class.getResourceAsStream("/builtin-cost-model.yaml")) {
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "builtin");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads a calibration file; a malformed or foreign file fails with the reason. */
  public static CostModel read(Path file) throws IOException {
    String text;
    try {
      text = InputFiles.readText(file, "calibration file");
    } catch (InputFiles.InputProblem e) {
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
      InputFiles.checkYaml(yaml);
    } catch (InputFiles.InputProblem e) {
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
    boolean otherSections = keySetupSection instanceof Map<?, ?>
        || map.get("certificates") instanceof Map<?, ?>;
    if (variants == null && otherSections) {
      variants = Map.of(); // a file of the key setup's or the certificates' costs only
    }
    if (!(variants instanceof Map<?, ?> vm) || (vm.isEmpty() && !otherSections)) {
      throw new IllegalArgumentException(origin + ": missing 'variants' (a mapping of variant"
          + " names to operations)");
    }
    for (Map.Entry<?, ?> v : vm.entrySet()) {
      String design = String.valueOf(v.getKey());
      if (!(v.getValue() instanceof Map<?, ?> opsMap)) {
        throw new IllegalArgumentException(origin + ": variants." + design
            + ": expected a mapping of operations (" + opNames(false) + ")");
      }
      OpCosts ops = ops(origin + ": variants." + design, opsMap, false);
      out.put(design, CostModel.enumMap(ops.coefficients()));
      if (!ops.fits().isEmpty()) {
        fits.put(design, CostModel.enumMap(ops.fits()));
      }
      if (!ops.scalings().isEmpty()) {
        scalings.put(design, CostModel.enumMap(ops.scalings()));
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
        keySetup, certificates(origin, map.get("certificates")));
  }

  private static Map<String, CertificateCost> certificates(String origin, Object section) {
    Map<String, CertificateCost> out = new LinkedHashMap<>();
    if (section == null) {
      return out;
    }
    String ops = Arrays.stream(CertificateCost.Op.values()).map(Enum::name)
        .collect(Collectors.joining(", "));
    if (!(section instanceof Map<?, ?> schemes)) {
      throw new IllegalArgumentException(origin + ": certificates: expected a mapping of"
          + " certificate schemes to their operations (" + ops + ")");
    }
    for (Map.Entry<?, ?> scheme : schemes.entrySet()) {
      String where = origin + ": certificates." + scheme.getKey();
      if (!(scheme.getValue() instanceof Map<?, ?> opsMap)) {
        throw new IllegalArgumentException(where + ": expected a mapping of operations ("
            + ops + ")");
      }
      Map<CertificateCost.Op, Coefficients> coefficients = new EnumMap<>(CertificateCost.Op.class);
      Map<CertificateCost.Op, Fit> opFits = new EnumMap<>(CertificateCost.Op.class);
      for (Map.Entry<?, ?> op : opsMap.entrySet()) {
        String at = where + "." + op.getKey();
        CertificateCost.Op certOp;
        try {
          certOp = CertificateCost.Op.valueOf(String.valueOf(op.getKey()));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(at + ": unknown operation; known: " + ops, e);
        }
        if (!(op.getValue() instanceof Map<?, ?> terms)) {
          throw new IllegalArgumentException(at + ": expected a mapping of terms ("
              + String.join(", ", CostModel.TERMS) + ")");
        }
        terms(at, terms, false).ifPresent(f -> opFits.put(certOp, f));
        coefficients.put(certOp, coefficientsOf(terms));
      }
      if (coefficients.size() != CertificateCost.Op.values().length) {
        throw new IllegalArgumentException(where + ": needs every operation (" + ops + "), has "
            + coefficients.keySet());
      }
      out.put(String.valueOf(scheme.getKey()), new CertificateCost(coefficients, opFits));
    }
    return out;
  }

  /**
   * Checks one operation's keys (terms, fit, and scaling where {@code withScaling}) and returns
   * its fit, if it has one.
   */
  private static Optional<Fit> terms(String where, Map<?, ?> terms, boolean withScaling) {
    Fit fit = null;
    for (Map.Entry<?, ?> term : terms.entrySet()) {
      String key = String.valueOf(term.getKey());
      if (key.equals("fit")) {
        fit = fitOf(where + ".fit", term.getValue());
      } else if (withScaling && key.equals("scaling")) {
        continue; // read by the caller
      } else if (!CostModel.TERMS.contains(key)) {
        throw new IllegalArgumentException(where + ": unknown key '" + key + "'; known: "
            + String.join(", ", CostModel.TERMS) + ", fit" + (withScaling ? ", scaling" : ""));
      } else {
        coefficient(where + "." + key, term.getValue());
      }
    }
    return Optional.ofNullable(fit);
  }

  /**
   * One section's operations: a design's ({@code keySetup} false: the design's operations) or
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
            + String.join(", ", CostModel.TERMS) + ")");
      }
      terms(where, terms, true).ifPresent(f -> opFits.put(cryptoOp, f));
      if (terms.containsKey("scaling")) {
        opScalings.put(cryptoOp, Scaling.of(where + ".scaling", terms.get("scaling")));
      }
      ops.put(cryptoOp, coefficientsOf(terms));
    }
    return new OpCosts(ops, opFits, opScalings);
  }

  private static String opNames(boolean keySetup) {
    return Arrays.stream(CryptoOp.values()).filter(op -> op.keySetup() == keySetup)
        .map(Enum::name).collect(Collectors.joining(", "));
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

  private static Coefficients coefficientsOf(Map<?, ?> terms) {
    double[] c = new double[CostModel.TERMS.size()];
    for (int i = 0; i < c.length; i++) {
      Object v = terms.get(CostModel.TERMS.get(i));
      c[i] = v == null ? 0 : ((Number) v).doubleValue();
    }
    return Coefficients.ofArray(c);
  }

  /**
   * The YAML form, as read by {@link #read}: the machine as a block, each operation's terms (and
   * fit and scaling) on one line.
   */
  public static String toYaml(CostModel model) {
    Dump block = new Dump(DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK).build());
    Dump flow = new Dump(DumpSettings.builder().setDefaultFlowStyle(FlowStyle.FLOW)
        .setWidth(Integer.MAX_VALUE).build());
    Map<String, Object> head = new LinkedHashMap<>();
    head.put("format", FORMAT);
    head.put("machine", model.machine());
    StringBuilder out = new StringBuilder(block.dumpToString(head));
    out.append("variants:\n");
    model.coefficients().forEach((design, ops) -> {
      out.append("  ").append(flow.dumpToString(design).strip()).append(":\n");
      Map<CryptoOp, Scaling> scalings = model.scalings().getOrDefault(design, Map.of());
      ops.forEach((op, c) -> out.append("    ").append(op.name()).append(": ")
          .append(opLine(flow, c, model.fit(design, op), scalings.get(op))).append('\n'));
    });
    OpCosts keySetup = model.keySetup();
    if (!keySetup.isEmpty()) {
      out.append("key_setup:\n");
      keySetup.coefficients().forEach((op, c) -> out.append("  ").append(op.name()).append(": ")
          .append(opLine(flow, c, Optional.ofNullable(keySetup.fits().get(op)),
              keySetup.scalings().get(op))).append('\n'));
    }
    if (!model.votes().isEmpty()) {
      out.append("votes:\n");
      model.votes().forEach((scheme, c) -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sign", c.signNanos());
        m.put("verify", c.verifyNanos());
        out.append("  ").append(scheme).append(": ").append(flow.dumpToString(m).strip())
            .append('\n');
      });
    }
    if (!model.certificates().isEmpty()) {
      out.append("certificates:\n");
      model.certificates().forEach((scheme, cost) -> {
        out.append("  ").append(flow.dumpToString(scheme).strip()).append(":\n");
        cost.coefficients().forEach((op, c) -> out.append("    ").append(op.name()).append(": ")
            .append(opLine(flow, c, cost.fit(op), null)).append('\n'));
      });
    }
    return out.toString();
  }

  /** One operation's terms, and its fit and scaling where it has them, as a flow mapping. */
  private static String opLine(Dump flow, Coefficients c, Optional<Fit> fit, Scaling scaling) {
    Map<String, Object> terms = new LinkedHashMap<>();
    double[] a = c.toArray();
    for (int i = 0; i < a.length; i++) {
      terms.put(CostModel.TERMS.get(i), a[i]);
    }
    fit.ifPresent(f -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("r2", f.r2());
      m.put("max_rel_err", f.maxRelErr());
      m.put("points", f.points());
      terms.put("fit", m);
    });
    if (scaling != null) {
      terms.put("scaling", scaling.toMap());
    }
    return flow.dumpToString(terms).strip();
  }
}
