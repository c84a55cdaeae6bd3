package dev.tdsim.crypto.dkg;

/**
 * How a party deviates from the protocol as a dealer (tests and simulated faults). {@code victim}
 * is the party that gets a bad share, where the kind has one.
 */
public record FeldmanFault(Kind kind, int victim) {
  public enum Kind {
    HONEST,
    /** Never broadcasts a dealing (a crashed or silent dealer); still takes part as a recipient. */
    NO_DEALING,
    /** Sends the victim a wrong share, and answers its complaint with the right one (stays in). */
    BAD_SHARE_FIXED_ON_COMPLAINT,
    /** Sends the victim a wrong share and answers its complaint with the same wrong share. */
    BAD_SHARE_REPEATED_ON_COMPLAINT,
    /** Sends the victim a wrong share and does not answer its complaint. */
    BAD_SHARE_SILENT_ON_COMPLAINT,
    /** Broadcasts a commitment that does not match its polynomial: every share fails. */
    BAD_COMMITMENT
  }

  public static final FeldmanFault HONEST = new FeldmanFault(Kind.HONEST, -1);

  public static FeldmanFault of(Kind kind, int victim) {
    return new FeldmanFault(kind, victim);
  }

  boolean badShareTo(int party) {
    return party == victim
        && (kind == Kind.BAD_SHARE_FIXED_ON_COMPLAINT
            || kind == Kind.BAD_SHARE_REPEATED_ON_COMPLAINT
            || kind == Kind.BAD_SHARE_SILENT_ON_COMPLAINT);
  }
}
