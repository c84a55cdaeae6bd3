package dev.tdsim.timing;

/**
 * The size of one crypto call, the inputs of a cost model.
 *
 * @param msgs ciphertexts in the call
 * @param validators validators whose shares are involved (signers)
 * @param shares key-share points of those validators
 * @param msgBytes total payload bytes of the call's ciphertexts
 */
public record OpSize(int msgs, int validators, int shares, long msgBytes) {
  public OpSize {
    if (msgs < 0 || validators < 0 || shares < 0 || msgBytes < 0) {
      throw new IllegalArgumentException("sizes must be >= 0");
    }
  }
}
