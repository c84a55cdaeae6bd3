package dev.tdsim.signing;

import dev.tdsim.crypto.random.StrongRandom;

/** A committee's keys, ready to sign one message after another. */
public interface SigningCommittee {
  /** How many parties hold keys. */
  int parties();

  /** How many of them a signature needs. */
  int threshold();

  /**
   * Signs {@code message} once with the real protocol, every party's computation timed on this
   * thread's CPU clock, and checks the signature with the scheme's standard verifier.
   *
   * @throws IllegalStateException when the honest run does not give a valid signature (a bug)
   */
  SigningRun sign(byte[] message, StrongRandom random);
}
