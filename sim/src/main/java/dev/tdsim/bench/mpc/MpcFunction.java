package dev.tdsim.bench.mpc;

import dev.tdsim.registry.Registry;
import java.util.List;

/** The MPC functions of {@code tdsim bench} (issue 11 D), by the names users write. */
public enum MpcFunction {
  /** Distributed key generation: Pedersen/Feldman (t, n) rows and the weighted PVSS row. */
  DKG("dkg"),
  /** Threshold BLS signing: partials, sent to a combiner, combined and verified. */
  THRESHOLD_SIGN("threshold_sign"),
  /** FROST(Ed25519, SHA-512) signing (RFC 9591): two rounds to a coordinator, aggregated, verified. */
  FROST_SIGN("frost_sign"),
  /** CGGMP21 threshold ECDSA (issue 24): three-round presigning and one-round signing rows. */
  CGGMP21_SIGN("cggmp21_sign"),
  /**
   * The paper's overhead table: every signing scheme's single-key signature against its
   * threshold signing at the paper's compared row.
   */
  SIGN_OVERHEAD("sign_overhead");

  private final String cliName;

  MpcFunction(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  private static final Registry<MpcFunction> BY_NAME = Registry.<MpcFunction>builder(
      "function").matchingAnyCase().addAll(MpcFunction::cliName, List.of(values())).build();

  public static List<String> names() {
    return BY_NAME.names();
  }

  /** Whether {@code name} (trimmed, any case) names an MPC function. */
  public static boolean isName(String name) {
    return name != null && BY_NAME.contains(name);
  }

  /** The function of that name (any case, blanks ignored); unknown names list the known ones. */
  public static MpcFunction byName(String name) {
    return BY_NAME.get(name);
  }
}
