package dev.tdsim.faults;

/**
 * What a faulty validator (or, for {@link #COLLUDING_ENCRYPTOR}, a client with a validator) does
 * to the decryption shares of a height. The decryption pipeline implements the behaviour; this
 * package only says who does what when ({@link FaultPlan#shareFault}).
 */
public enum ShareFaultType {
  /** Sends a share that is a valid group element with a wrong value (kind {@code bad-share}). */
  BAD_VALUE,
  /** Sends bytes that do not decode as a share (kind {@code malformed-share}). */
  MALFORMED,
  /** Sends no share at all (kind {@code withhold-share}). */
  WITHHELD,
  /** Sends different shares to different combiners (kind {@code equivocate-share}). */
  EQUIVOCATED,
  /**
   * A client submits a payload whose key collides with another's, with this validator's help
   * (kind {@code colluding-encryptor}).
   */
  COLLUDING_ENCRYPTOR,
  /**
   * As proposer, publishes a forged digest ({@link ProposerForgery}, kind {@code
   * forging-proposer}); its shares are honest.
   */
  FORGING_PROPOSER
}
