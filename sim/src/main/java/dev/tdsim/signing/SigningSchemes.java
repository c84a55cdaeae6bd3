package dev.tdsim.signing;

import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.registry.Registry;
import java.util.List;

/** The signing schemes by name: each knows its own protocol, sizes and verifier. */
public final class SigningSchemes {
  private SigningSchemes() {}

  private static final Registry<SigningScheme> BY_NAME = Registry.of("signing scheme",
      SigningScheme::name, List.of(new ThresholdBlsSigning(), new FrostSigning()));

  public static List<String> names() {
    return BY_NAME.names();
  }

  /**
   * Threshold BLS keys over a weighted key committee (several points per validator), of whose
   * validators the first {@code signers} sign: the weighted rows of {@code tdsim bench}.
   */
  public static SigningCommittee thresholdBls(Committee committee, int signers,
      StrongRandom random) {
    return ThresholdBlsSigning.keys(committee, signers, random);
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static SigningScheme byName(String name) {
    return BY_NAME.get(name);
  }
}
