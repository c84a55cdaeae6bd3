package dev.tdsim.crypto.cert;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The certificate schemes by the names users write in {@code consensus.certificate}. */
public final class CertificateSchemes {
  /** CometBFT's own: the commit carries the individual votes. */
  public static final String DEFAULT = VotesCertificates.NAME;

  private static final Map<String, CertificateScheme> SCHEMES = new LinkedHashMap<>();

  static {
    register(new VotesCertificates());
    register(new BlsAggregateCertificates());
    register(new ThresholdBlsCertificates());
  }

  private CertificateSchemes() {}

  private static void register(CertificateScheme scheme) {
    SCHEMES.put(scheme.name(), scheme);
  }

  /**
   * The scheme of that name (any case, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the known schemes, for an unknown name
   */
  public static CertificateScheme byName(String name) {
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    CertificateScheme scheme = SCHEMES.get(key);
    if (scheme == null) {
      throw new IllegalArgumentException("unknown certificate scheme '" + name + "'; known: "
          + String.join(", ", names()));
    }
    return scheme;
  }

  public static List<String> names() {
    return List.copyOf(SCHEMES.keySet());
  }
}
