package dev.tdsim.consensus;

import dev.tdsim.workload.TxPool;
import java.util.Optional;

/**
 * Where the blocks come from (the encrypted mempool) and what a block costs a validator to check.
 * Protocol-neutral: any protocol that proposes blocks asks it.
 */
public interface BlockSource {
  /** The block of {@code height} as proposed by {@code proposer} in {@code round}. */
  Block blockFor(int height, int round, int proposer);

  /**
   * Calls {@code propose} once {@code proposer} may propose {@code height} (for example after the
   * previous block's payloads are decrypted); at once if nothing holds it back.
   */
  void whenMayPropose(int proposer, int height, Runnable propose);

  /**
   * Simulated CPU nanoseconds {@code validator} spends validating the proposed block of
   * {@code height} before it may prevote for it (for an encrypted mempool: each ciphertext's
   * validity check, really run and timed).
   */
  long validationNanos(int height, int validator);

  /**
   * Whether {@code validator} accepts the proposal {@code proposer} made for {@code height} in
   * {@code round} once it validated it (else it prevotes nil, as CometBFT's ProcessProposal
   * REJECT: for example a forged digest). True unless a source says otherwise.
   */
  default boolean accepts(int height, int round, int proposer, int validator) {
    return true;
  }

  /**
   * The transactions of {@code height}'s block before anyone proposes it, for a protocol that
   * spreads them ahead of the proposal (Jolteon's Quorum Store batches): the block {@link
   * #blockFor} gives later carries these same transactions, its bytes theirs plus what the
   * proposal adds (header, a design's digest).
   *
   * @throws UnsupportedOperationException from a source that cannot tell them in advance
   */
  default Transactions pendingTransactions(int height) {
    throw new UnsupportedOperationException("this block source cannot give a height's"
        + " transactions before its proposal");
  }

  /**
   * The validators' mempools, when transactions wait there: a protocol that spreads them ahead of
   * proposals pulls them into batches and names the batches each block carries, instead of
   * asking {@link #pendingTransactions}; empty otherwise.
   */
  default Optional<TxPool> pool() {
    return Optional.empty();
  }

  /**
   * A height's transactions.
   *
   * @param count how many, >= 0
   * @param bytes their encoded bytes, >= 0
   */
  record Transactions(int count, long bytes) {}
}
