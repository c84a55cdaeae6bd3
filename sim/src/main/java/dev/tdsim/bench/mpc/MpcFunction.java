package dev.tdsim.bench.mpc;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The MPC functions of {@code tdsim bench} (issue 11 D), by the names users write. */
public enum MpcFunction {
  /** Distributed key generation: Pedersen/Feldman (t, n) rows and the weighted PVSS row. */
  DKG("dkg"),
  /** Threshold BLS signing: partials, sent to a combiner, combined and verified. */
  THRESHOLD_SIGN("threshold_sign");

  private final String cliName;

  MpcFunction(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  public static List<String> names() {
    return Arrays.stream(values()).map(MpcFunction::cliName).toList();
  }

  /** Whether {@code name} (trimmed, any case) names an MPC function. */
  public static boolean isName(String name) {
    return name != null && names().contains(name.trim().toLowerCase(Locale.ROOT));
  }

  /** The function of that name; unknown names fail with the list of known ones. */
  public static MpcFunction byName(String name) {
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (MpcFunction f : values()) {
      if (f.cliName.equals(key)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "unknown function '" + name + "'; known: " + String.join(", ", names()));
  }
}
