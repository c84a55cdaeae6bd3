package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.NodeFaults;

/** Faults that answer as {@code inner} does: a test overrides what it watches. */
class ForwardingFaults implements NodeFaults {
  private final NodeFaults inner;

  ForwardingFaults(NodeFaults inner) {
    this.inner = inner;
  }

  @Override
  public boolean isCrashed(int validator, long atNanos) {
    return inner.isCrashed(validator, atNanos);
  }

  @Override
  public boolean isSilentProposer(int validator, long atNanos) {
    return inner.isSilentProposer(validator, atNanos);
  }

  @Override
  public boolean equivocatesAsProposer(int validator, long atNanos) {
    return inner.equivocatesAsProposer(validator, atNanos);
  }

  @Override
  public boolean equivocatesAsVoter(int validator, long atNanos) {
    return inner.equivocatesAsVoter(validator, atNanos);
  }

  @Override
  public double cpuFactor(int validator, long atNanos) {
    return inner.cpuFactor(validator, atNanos);
  }

  @Override
  public long[] changeTimesNanos() {
    return inner.changeTimesNanos();
  }

  @Override
  public boolean any() {
    return inner.any();
  }

  @Override
  public void onEvidence(int detector, int culprit, int height, int round) {
    inner.onEvidence(detector, culprit, height, round);
  }

  @Override
  public void onConflictingCommit(int height) {
    inner.onConflictingCommit(height);
  }
}
