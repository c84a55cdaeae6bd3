package dev.tdsim.crypto.variant;

/**
 * {@code batch} (batch_share_combine): the shares of {@code simple}, but the whole block's
 * ciphertexts are validity-checked in one weighted pairing product first and the messages are
 * combined in parallel on all worker threads.
 */
final class BatchVariant extends SimpleVariant {
  @Override
  public String name() {
    return "batch";
  }

  @Override
  public String description() {
    return "simple's GT shares plus one batched ciphertext validity check per block, combines in"
        + " parallel (batch_share_combine)";
  }

  @Override
  public boolean checksCiphertextValidity() {
    return true;
  }

  @Override
  public boolean parallel() {
    return true;
  }
}
