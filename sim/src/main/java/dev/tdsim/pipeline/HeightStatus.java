package dev.tdsim.pipeline;

import java.util.Locale;

/**
 * What became of one height's payloads, the {@code status} column of heights.csv: a height that
 * was committed (or proposed) keeps its row whatever happened to its decryption.
 */
public enum HeightStatus {
  /** Every payload opened, each to what its client sent (or the real crypto did not run). */
  DECRYPTED,
  /**
   * The combiner finished but left some payloads unopened, correctly (too few honest shares, a
   * key-colliding payload refused, a key that opened nothing): not an error.
   */
  REFUSED,
  /** Some payload opened to a plaintext its client did not send: a bug of tdsim. */
  OPENED_WRONG,
  /** Committed, but its plaintexts were not ready when the run ended. */
  NOT_DECRYPTED,
  /** Proposed, but never committed before the run ended (the chain halted). */
  NOT_COMMITTED;

  /** Whether the height's plaintexts were ready (its timings are those of a decryption). */
  public boolean plaintextsReady() {
    return this == DECRYPTED || this == REFUSED || this == OPENED_WRONG;
  }

  /** As heights.csv writes it: {@code decrypted}, {@code not-decrypted}, ... */
  public String csvName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
