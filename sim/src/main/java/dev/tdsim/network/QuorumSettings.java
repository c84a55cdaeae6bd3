package dev.tdsim.network;

import java.util.Objects;

/**
 * Cost controls of {@link QuorumArrival#forAllReceivers}.
 *
 * @param method exact, aggregate or automatic
 * @param exactMaxValidators under {@link QuorumMethod#AUTO}, the largest V computed exactly (the
 *     exact path costs V^2 delay draws and V sorts of V arrivals)
 * @param representativesPerRegion under aggregation, receivers computed exactly per region, >= 1
 */
public record QuorumSettings(QuorumMethod method, int exactMaxValidators,
    int representativesPerRegion) {

  /** Exact up to 512 validators (~0.3 M draws), else 16 representatives per region. */
  public static final QuorumSettings DEFAULT = new QuorumSettings(QuorumMethod.AUTO, 512, 16);

  public QuorumSettings {
    Objects.requireNonNull(method, "method");
    if (exactMaxValidators < 1) {
      throw new IllegalArgumentException(
          "exactMaxValidators must be >= 1, got " + exactMaxValidators);
    }
    if (representativesPerRegion < 1) {
      throw new IllegalArgumentException(
          "representativesPerRegion must be >= 1, got " + representativesPerRegion);
    }
  }

  /** The method used for {@code validators} validators: never {@link QuorumMethod#AUTO}. */
  public QuorumMethod resolve(int validators) {
    if (method != QuorumMethod.AUTO) {
      return method;
    }
    return validators <= exactMaxValidators ? QuorumMethod.EXACT : QuorumMethod.AGGREGATE;
  }
}
