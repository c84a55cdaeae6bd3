package dev.tdsim.crypto.variant;

/**
 * How a variant's work grows with the key set, which is what a cost model of its calls must fit
 * (docs/CRYPTO.md): per key-share point, or per validator.
 */
public enum ShareWork {
  /**
   * One GT share per key-share point: share creation pays Miller lines per point and one
   * pairing per point and message; decoding and combining grow with the points
   * ({@code simple}, {@code batch}).
   */
  PER_POINT,
  /**
   * One G1 share per validator and message from a precomputed blinded key: one inversion, then
   * one G1 multiplication per message ({@code fast}).
   */
  PER_VALIDATOR,
  /**
   * One share per validator and message from the validator's points folded once per signer set
   * ({@code folded}: a scalar fold, then one G1 multiplication per message; {@code precomputed}:
   * a G2 MSM over the points, then one pairing per message).
   */
  PER_VALIDATOR_FOLDED
}
