package dev.tdsim.crypto.cggmp21;

import java.util.OptionalInt;

/**
 * A CGGMP21 run stopped because a message failed its check. With identifiable abort (the paper's
 * title) the culprit is the party whose message failed; {@link #culprit()} is empty only where
 * this implementation stops without identifying (documented in docs/CRYPTO.md: an inconsistent δ
 * or χ in presigning, whose identification needs the paper's extra proofs).
 */
public final class ProtocolAbort extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int culprit;

  private ProtocolAbort(int culprit, String message) {
    super(message);
    this.culprit = culprit;
  }

  /** Party {@code culprit} sent a message that failed {@code check}. */
  public static ProtocolAbort blame(int culprit, String phase, String check) {
    return new ProtocolAbort(culprit, phase + ": party " + culprit + " sent " + check);
  }

  /** The run failed a check that does not name a party here. */
  public static ProtocolAbort unidentified(String phase, String problem) {
    return new ProtocolAbort(-1, phase + ": " + problem + " (culprit not identified)");
  }

  public OptionalInt culprit() {
    return culprit < 0 ? OptionalInt.empty() : OptionalInt.of(culprit);
  }
}
