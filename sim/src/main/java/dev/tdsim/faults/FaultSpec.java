package dev.tdsim.faults;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One entry of a scenario's {@code faults:} list, validated but not yet resolved against a
 * committee (validator ids and region names are checked by {@link FaultPlan#resolve}).
 *
 * @param kind what the fault does (from {@link FaultKinds})
 * @param target whom it hits
 * @param window when it is active
 * @param params the kind's own fields ({@link FaultKind#fields()}), every one present (defaults
 *     filled), in the kind's order; values of the field type's Java class
 */
public record FaultSpec(
    FaultKind kind, FaultTarget target, FaultWindow window, Map<String, Object> params) {

  public FaultSpec {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(window, "window");
    params = complete(kind, params == null ? Map.of() : params);
    if (!kind.takesTarget() && !(target instanceof FaultTarget.All)) {
      throw new FaultException(null, "a " + kind.name() + " fault takes no validators, region "
          + "or stake (" + kind.summary() + ")");
    }
    kind.check(new FaultSpecView(params));
  }

  /** A fault of {@code kind} on {@code target} for the whole run, with default parameters. */
  public static FaultSpec of(FaultKind kind, FaultTarget target) {
    return new FaultSpec(kind, target, FaultWindow.ALWAYS, Map.of());
  }

  /** A duration parameter, in nanoseconds. */
  public long durationNanos(String key) {
    return (Long) param(key, FaultField.Type.DURATION);
  }

  /** A probability or factor parameter. */
  public double real(String key) {
    Object v = params.get(key);
    if (!(v instanceof Double d)) {
      throw new IllegalArgumentException(kind.name() + " has no number field '" + key + "'");
    }
    return d;
  }

  /** A choice parameter. */
  public String choice(String key) {
    return (String) param(key, FaultField.Type.CHOICE);
  }

  /** A groups parameter: each group's members, validator ids as decimal strings or regions. */
  @SuppressWarnings("unchecked")
  public List<List<String>> groups(String key) {
    return (List<List<String>>) param(key, FaultField.Type.GROUPS);
  }

  private Object param(String key, FaultField.Type type) {
    for (FaultField f : kind.fields()) {
      if (f.key().equals(key) && f.type() == type) {
        return params.get(key);
      }
    }
    throw new IllegalArgumentException(
        kind.name() + " has no " + type.name().toLowerCase() + " field '" + key + "'");
  }

  private static Map<String, Object> complete(FaultKind kind, Map<String, Object> given) {
    for (String key : given.keySet()) {
      if (kind.fields().stream().noneMatch(f -> f.key().equals(key))) {
        throw new FaultException(key, "a " + kind.name() + " fault has no field '" + key + "'");
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (FaultField f : kind.fields()) {
      Object v = given.containsKey(f.key()) ? given.get(f.key()) : f.defaultValue();
      if (v == null) {
        throw new FaultException(null, "a " + kind.name() + " fault needs '" + f.key() + "' ("
            + f.doc() + ")");
      }
      out.put(f.key(), checkValue(f, v));
    }
    return Collections.unmodifiableMap(out);
  }

  private static Object checkValue(FaultField f, Object v) {
    switch (f.type()) {
      case DURATION -> {
        if (!(v instanceof Long n) || n < 0) {
          throw new FaultException(f.key(), "expected a duration >= 0, got " + v);
        }
        return v;
      }
      case PROBABILITY -> {
        if (!(v instanceof Double p) || !(p >= 0 && p <= 1)) {
          throw new FaultException(f.key(), "a probability is between 0 and 1 (or 0% and 100%),"
              + " got " + v);
        }
        return v;
      }
      case FACTOR -> {
        if (!(v instanceof Double x) || !(x >= 1) || !(x <= FaultField.MAX_FACTOR)) {
          throw new FaultException(f.key(), "a factor is a number from 1 (unchanged) to "
              + (long) FaultField.MAX_FACTOR + " (slower than that, a validator is down: use"
              + " crash), got " + v);
        }
        return v;
      }
      case CHOICE -> {
        if (!(v instanceof String s) || !f.choices().contains(s)) {
          throw new FaultException(f.key(), "'" + v + "' is not one of " + f.choices());
        }
        return v;
      }
      case GROUPS -> {
        if (!(v instanceof List<?> groups) || groups.size() < 2) {
          throw new FaultException(f.key(), "give at least two groups, e.g. [[0, 1], [2, 3]]");
        }
        List<List<String>> copy = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
          if (!(groups.get(g) instanceof List<?> members) || members.isEmpty()) {
            throw new FaultException(f.key() + "[" + g + "]",
                "a group is a non-empty list of validator ids or region names");
          }
          List<String> m = new ArrayList<>();
          for (Object o : members) {
            String s = String.valueOf(o);
            if (seen.contains(s)) {
              throw new FaultException(f.key() + "[" + g + "]", "'" + s + "' is in two groups");
            }
            seen.add(s);
            m.add(s);
          }
          copy.add(List.copyOf(m));
        }
        return List.copyOf(copy);
      }
      default -> throw new AssertionError(f.type());
    }
  }

  /** The parameters as a kind's check sees them. */
  public record FaultSpecView(Map<String, Object> params) {
    public long durationNanos(String key) {
      return (Long) params.get(key);
    }

    public double real(String key) {
      return (Double) params.get(key);
    }
  }
}
