package dev.tdsim.scenario;

import dev.tdsim.signing.SigningSchemes;
import dev.tdsim.signing.SigningStart;

/**
 * A threshold signing committee among the validators (YAML section {@code signing}): at every
 * height, the first {@code parties} validators (one region after the other) run
 * {@code scheme}'s real protocol, {@code threshold} of them signing the block, and the signature
 * joins the block's critical path as decryption does.
 *
 * @param scheme a name of {@link SigningSchemes}
 * @param threshold t: signers a signature needs, the scheme's least ({@link
 *     dev.tdsim.signing.SigningScheme#minThreshold}) ..
 *     parties
 * @param parties n: the committee's size, 1 .. validators.count
 * @param start a name of {@link SigningStart}: when the committee starts
 */
public record SigningConfig(String scheme, int threshold, int parties, String start) {
  public static final String DEFAULT_SCHEME = "threshold-bls";
  /** The MPC paper's middle row, (3, 5). */
  public static final int DEFAULT_THRESHOLD = 3;
  public static final int DEFAULT_PARTIES = 5;
  public static final String DEFAULT_START = "commit";

  public SigningConfig {
    Checks.oneOf("signing.scheme", scheme, SigningSchemes.names());
    Checks.oneOf("signing.start", start, SigningStart.names());
    Checks.atLeast("signing.parties", parties, 1);
    int least = SigningSchemes.byName(scheme).minThreshold();
    if (threshold < least || threshold > parties) {
      throw new ScenarioException("signing.threshold", "must be in [" + least
          + (least > 1 ? " (" + scheme + "'s least)" : "") + ", signing.parties = " + parties
          + "], got " + threshold, "signing.parties");
    }
  }

  static SigningConfig defaults() {
    return new SigningConfig(DEFAULT_SCHEME, DEFAULT_THRESHOLD, DEFAULT_PARTIES, DEFAULT_START);
  }

  /** The start, resolved. */
  public SigningStart when() {
    return SigningStart.byName(start);
  }
}
