package dev.tdsim.signing;

import dev.tdsim.crypto.random.StrongRandom;

/**
 * A threshold signing protocol that a committee of validators runs for each block (the scenario's
 * {@code signing} section, {@code tdsim bench}'s signing rows), chosen by name from {@link
 * SigningSchemes}. Each scheme runs its real code: keys are really dealt, every party really
 * computes its messages, the signature is really combined and checked by the scheme's standard
 * verifier; the parties' CPU times and the messages' sizes are what {@link RoundSchedule} puts on
 * a network.
 */
public interface SigningScheme {
  /** The name users write ({@code signing.scheme}, {@code --functions}). */
  String name();

  /** One line for {@code tdsim keys} and reports. */
  String description();

  /** The signature's size on the wire, bytes. */
  int signatureBytes();

  /**
   * The smallest threshold the scheme signs with (a scenario's {@code signing.threshold} is
   * checked against it when the scenario is read): 1 unless the scheme says otherwise.
   */
  default int minThreshold() {
    return 1;
  }

  /**
   * Keys for a committee of {@code parties} of which any {@code threshold} sign (1 <= threshold
   * <= parties), dealt from {@code random}.
   *
   * @throws IllegalArgumentException for a threshold or committee size the scheme cannot take
   */
  SigningCommittee committee(int threshold, int parties, StrongRandom random);

  /**
   * Roughly how many CPU seconds one signing of a t-of-n committee takes on a machine like this
   * project's, all parties together, from the scheme's measured costs (docs/PERFORMANCE.md): what
   * a sweep's plan prices a committee at before anything runs. Not used for any result.
   */
  double estimatedSignCpuSeconds(int threshold, int parties);

  /** The same for the committee's key setup, once per run. */
  double estimatedSetupCpuSeconds(int threshold, int parties);

  /**
   * The scheme's single-key counterpart with a fresh key from {@code random}: the same signature
   * form signed alone (the overhead of threshold signing is measured against it).
   */
  SingleKeySigner singleKey(StrongRandom random);

  /** A plain signer with one key. */
  interface SingleKeySigner {
    /** What it is, for tables ("BLS", "Ed25519", "ECDSA secp256k1"). */
    String name();

    /** One signature of {@code message}. */
    byte[] sign(byte[] message);
  }
}
