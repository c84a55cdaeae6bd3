package dev.tdsim.crypto.variant;

/**
 * {@code batch} (batch_share_combine): the shares of {@code simple}, combined in parallel on all
 * worker threads. The benchmark's one weighted validity check per block is now done by
 * {@link BlockProposer} for every variant.
 */
final class BatchVariant extends SimpleVariant {
  @Override
  public String name() {
    return "batch";
  }

  @Override
  public String description() {
    return "simple's GT shares, combined in parallel (batch_share_combine; its batched validity"
        + " check is now done for every variant)";
  }

  @Override
  public boolean parallel() {
    return true;
  }
}
