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

/**
 * Single-core CPU cost of each real crypto call, per variant, as a linear function of the call's
 * size: nanos = const + msgs*a + msgs*validators*b + shares*c + msgs*shares*d + msgBytes*e. Fitted by
 * {@code tdsim calibrate} on this machine; a built-in set (measured while building tdsim, see
 * docs/PERFORMANCE.md) is used until then.
 *
 * <p>File format (YAML): {@code format: tdsim-cost-model/1}, a {@code machine} description, and
 * {@code variants: {NAME: {OP: {const, msgs, msgs_validators, shares, msgs_shares,
 * msg_bytes}}}}.
 */
public final class CostModel {
  public static final String FORMAT = "tdsim-cost-model/1";
  /** The term names, in the order of {@link Coefficients}. */
  public static final List<String> TERMS =
      List.of("const", "msgs", "msgs_validators", "shares", "msgs_shares", "msg_bytes");

  /** The coefficients of one (variant, operation), nanoseconds per unit of each term. */
  public record Coefficients(
      double constNanos,
      double perMsgNanos,
      double perMsgValidatorNanos,
      double perShareNanos,
      double perMsgShareNanos,
      double perMsgByteNanos) {
    public double predict(OpSize s) {
      double v = constNanos
          + perMsgNanos * s.msgs()
          + perMsgValidatorNanos * (double) s.msgs() * s.validators()
          + perShareNanos * s.shares()
          + perMsgShareNanos * (double) s.msgs() * s.shares()
          + perMsgByteNanos * s.msgBytes();
      return Math.max(0, v);
    }

    static Coefficients of(Map<?, ?> m) {
      return new Coefficients(num(m, "const"), num(m, "msgs"), num(m, "msgs_validators"),
          num(m, "shares"), num(m, "msgs_shares"), num(m, "msg_bytes"));
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("const", constNanos);
      m.put("msgs", perMsgNanos);
      m.put("msgs_validators", perMsgValidatorNanos);
      m.put("shares", perShareNanos);
      m.put("msgs_shares", perMsgShareNanos);
      m.put("msg_bytes", perMsgByteNanos);
      return m;
    }

    private static double num(Map<?, ?> m, String key) {
      Object v = m.get(key);
      return v == null ? 0 : ((Number) v).doubleValue();
    }
  }

  private final Map<String, Map<CryptoOp, Coefficients>> byVariant;
  private final Map<String, Object> machine;
  private final String origin;

  public CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byVariant, Map<String, Object> machine,
      String origin) {
    this.byVariant = byVariant;
    this.machine = machine;
    this.origin = origin;
  }

  /** The built-in model shipped with tdsim. */
  public static CostModel builtin() {
    try (InputStream in = CostModel.class.getResourceAsStream("/builtin-cost-model.yaml")) {
      return parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
          "builtin");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads a calibration file; a malformed or foreign file fails with the reason. */
  public static CostModel read(Path file) throws IOException {
    return parse(Files.readString(file), file.toString());
  }

  @SuppressWarnings("unchecked")
  static CostModel parse(String yaml, String origin) {
    Object root = new Load(LoadSettings.builder().build()).loadFromString(yaml);
    if (!(root instanceof Map<?, ?> map) || !FORMAT.equals(map.get("format"))) {
      throw new IllegalArgumentException(
          origin + ": not a tdsim cost model (expected 'format: " + FORMAT + "')");
    }
    Map<String, Map<CryptoOp, Coefficients>> out = new LinkedHashMap<>();
    Object variants = map.get("variants");
    if (!(variants instanceof Map<?, ?> vm)) {
      throw new IllegalArgumentException(origin + ": missing 'variants'");
    }
    for (Map.Entry<?, ?> v : vm.entrySet()) {
      Map<CryptoOp, Coefficients> ops = new EnumMap<>(CryptoOp.class);
      for (Map.Entry<?, ?> op : ((Map<?, ?>) v.getValue()).entrySet()) {
        ops.put(CryptoOp.valueOf(String.valueOf(op.getKey())),
            Coefficients.of((Map<?, ?>) op.getValue()));
      }
      out.put(String.valueOf(v.getKey()), ops);
    }
    Object machine = map.get("machine");
    return new CostModel(out,
        machine instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of(), origin);
  }

  /** Predicted single-core CPU nanoseconds; an operation the variant does not have costs 0. */
  public long cpuNanos(String variant, CryptoOp op, OpSize size) {
    Map<CryptoOp, Coefficients> ops = byVariant.get(variant);
    if (ops == null) {
      throw new IllegalArgumentException(
          "cost model " + origin + " has no variant '" + variant + "'; it has "
              + byVariant.keySet());
    }
    Coefficients c = ops.get(op);
    return c == null ? 0 : Math.round(c.predict(size));
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

  /** The YAML form, as read by {@link #read}. */
  public String toYaml() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", FORMAT);
    root.put("machine", machine);
    Map<String, Object> variants = new LinkedHashMap<>();
    byVariant.forEach((v, ops) -> {
      Map<String, Object> o = new LinkedHashMap<>();
      ops.forEach((op, c) -> o.put(op.name(), c.toMap()));
      variants.put(v, o);
    });
    root.put("variants", variants);
    return new org.snakeyaml.engine.v2.api.Dump(
        org.snakeyaml.engine.v2.api.DumpSettings.builder().build()).dumpToString(root);
  }
}
