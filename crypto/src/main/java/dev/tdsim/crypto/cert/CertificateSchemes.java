package dev.tdsim.crypto.cert;

import dev.tdsim.registry.Registry;
import java.util.List;

/** The certificate schemes by the names users write in {@code consensus.certificate}. */
public final class CertificateSchemes {
  /** CometBFT's own: the commit carries the individual votes. */
  public static final String DEFAULT = VotesCertificates.NAME;

  private static final Registry<CertificateScheme> SCHEMES =
      Registry.<CertificateScheme>builder("certificate scheme").matchingAnyCase()
          .addAll(CertificateScheme::name, List.of(new VotesCertificates(),
              new BlsAggregateCertificates(), new ThresholdBlsCertificates()))
          .build();

  private CertificateSchemes() {}

  /**
   * The scheme of that name (any case, surrounding blanks ignored).
   *
   * @throws IllegalArgumentException naming the known schemes, for an unknown name
   */
  public static CertificateScheme byName(String name) {
    return SCHEMES.get(name);
  }

  public static List<String> names() {
    return SCHEMES.names();
  }
}
