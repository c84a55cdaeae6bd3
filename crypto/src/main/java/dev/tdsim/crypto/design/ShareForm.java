package dev.tdsim.crypto.design;

import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.tpke.Committee;

/**
 * How a one-share-per-block design's validators send their key shares: folded for the commit's
 * signer set (one G1 point, but a lost signer means a reshare) or one G1 point per key-share
 * point, combined by interpolation in the exponent ({@link PointShares}; FPTX's and Shutter's
 * form: no signer set to announce, any t points do).
 */
public enum ShareForm {
  /** One point [sum_k lambda_k f(omega^k)] X per validator, for a known signer set. */
  FOLDED(""),
  /** One point [f(omega^k)] X per key-share point k, in one message per validator. */
  PER_POINT("-points");

  private final String suffix;

  ShareForm(String suffix) {
    this.suffix = suffix;
  }

  /** The design's registered name in this form ("" for folded, "-points" for per point). */
  public String name(String base) {
    return base + suffix;
  }

  public boolean dependsOnSigners() {
    return this == FOLDED;
  }

  /** Bytes of validator {@code validator}'s one message: 96, or 96 per point it holds. */
  public long wireBytes(Committee committee, int validator) {
    return this == FOLDED ? G1Point.UNCOMPRESSED_BYTES
        : PointShares.wireBytes(committee, validator);
  }
}
