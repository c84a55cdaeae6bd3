package dev.tdsim.signing;

import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.registry.Registry;
import java.util.List;

/** The signing schemes by name: each knows its own protocol, sizes and verifier. */
public final class SigningSchemes {
  private SigningSchemes() {}

  private static final Registry<SigningScheme> BY_NAME = Registry.of("signing scheme",
      SigningScheme::name, List.of(new ThresholdBlsSigning(), new FrostSigning(),
          new Cggmp21Signing()));

  public static List<String> names() {
    return BY_NAME.names();
  }

  /** The least thresholds in words, for docs and help: {@code 1; frost-ed25519, ...: 2}. */
  public static String minThresholdWords() {
    java.util.Map<Integer, List<String>> byLeast = new java.util.TreeMap<>();
    for (SigningScheme s : BY_NAME.all()) {
      byLeast.computeIfAbsent(s.minThreshold(), k -> new java.util.ArrayList<>()).add(s.name());
    }
    StringBuilder b = new StringBuilder();
    for (var e : byLeast.entrySet()) {
      if (b.length() == 0 && e.getKey() == 1) {
        b.append("1");
        continue;
      }
      b.append(b.length() == 0 ? "" : "; ").append("`")
          .append(String.join("`, `", e.getValue())).append("`: ").append(e.getKey());
    }
    return b.toString();
  }

  /**
   * Threshold BLS keys over a weighted key committee (several points per validator), of whose
   * validators the first {@code signers} sign: the weighted rows of {@code tdsim bench}.
   */
  public static SigningCommittee thresholdBls(Committee committee, int signers,
      StrongRandom random) {
    return ThresholdBlsSigning.keys(committee, signers, random);
  }

  /**
   * CGGMP21 keys for t of n from given Paillier keys (party i: {@code paillier.get(i)}) under
   * {@code params}: the bench's rows share one set of Paillier keys.
   */
  public static SigningCommittee cggmp21(int threshold, int parties,
      dev.tdsim.crypto.cggmp21.SecurityParams params,
      List<dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey> paillier, StrongRandom random) {
    return Cggmp21Signing.committee(threshold, parties, params, paillier, random);
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static SigningScheme byName(String name) {
    return BY_NAME.get(name);
  }
}
