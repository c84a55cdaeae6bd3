package dev.tdsim.consensus;

/**
 * CPU time one validator spent on consensus processing during one height, by kind: all of it is
 * on that validator's critical path (its consensus work is serial, as CometBFT's receive routine).
 *
 * @param validationNanos block validation: the ciphertexts' validity checks (ProcessProposal)
 *     and the block's checks including its LastCommit's signatures (ValidateBlock)
 * @param signatureNanos signing own votes and verifying received ones
 * @param walNanos fsyncs of the write-ahead log and of the signer's state
 */
public record ProcessingTime(long validationNanos, long signatureNanos, long walNanos) {
  public static final ProcessingTime NONE = new ProcessingTime(0, 0, 0);

  public long totalNanos() {
    return validationNanos + signatureNanos + walNanos;
  }
}
