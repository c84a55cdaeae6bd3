package dev.tdsim.pipeline;

/**
 * Whether a validator holds the key set of a height's key epoch yet (key epochs, issue 11): a
 * validator that committed a height before its epoch's DKG finished at it makes its decryption
 * shares only once it has the key. Consensus is not held back: blocks are proposed, voted on and
 * committed meanwhile, and their decryption waits.
 */
public interface KeyGate {
  /**
   * Runs {@code action} once {@code validator} holds the key of {@code height}'s epoch: returns
   * true (and does not run it) when it holds it now; otherwise keeps it and runs it, inside the
   * event that finishes the validator's DKG, and returns false.
   */
  boolean holdsOrWait(int validator, int height, Runnable action);

  /** Consensus committed {@code height} for the first time at {@code atNanos} (starts DKGs). */
  void firstCommit(int height, long atNanos);
}
