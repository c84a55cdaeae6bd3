package dev.tdsim.sweep;

/**
 * A bad sweep definition (an unknown path, a bad value at some point, unequal zip lengths, a bad
 * {@code sweep:} entry): found before anything runs. The message is one line naming the path and,
 * where it applies, the point.
 */
public final class SweepException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SweepException(String message) {
    super(message);
  }

  public SweepException(String message, Throwable cause) {
    super(message, cause);
  }
}
