package dev.tdsim.faults;

/**
 * When a fault is active: from {@code fromNanos} (inclusive) until {@code untilNanos} (exclusive,
 * the recovery or healing time) of simulated time, and from height {@code fromHeight} (inclusive)
 * until height {@code untilHeight} (exclusive). Both conditions must hold; the defaults make
 * either one always true. YAML keys {@code from}, {@code until}, {@code from_height}, {@code
 * until_height}.
 *
 * <p>Heights of network and node faults are the chain's height: height h begins when the first
 * validator commits h - 1 (height 1 at the start). Share faults are asked about the height whose
 * shares are made.
 */
public record FaultWindow(long fromNanos, long untilNanos, int fromHeight, int untilHeight) {

  /** {@code untilNanos} of a fault that never ends. */
  public static final long FOREVER_NANOS = Long.MAX_VALUE;
  /** {@code untilHeight} of a fault that never ends. */
  public static final int NO_LAST_HEIGHT = Integer.MAX_VALUE;
  /** The whole run. */
  public static final FaultWindow ALWAYS = new FaultWindow(0, FOREVER_NANOS, 1, NO_LAST_HEIGHT);

  public FaultWindow {
    if (fromNanos < 0) {
      throw new FaultException("from", "must be >= 0");
    }
    if (untilNanos <= fromNanos) {
      throw new FaultException("until", "must be after from");
    }
    if (fromHeight < 1) {
      throw new FaultException("from_height", "heights start at 1, got " + fromHeight);
    }
    if (untilHeight <= fromHeight) {
      throw new FaultException("until_height", "must be above from_height (" + fromHeight
          + "); until_height is the first height without the fault");
    }
  }

  /** Whether the fault is active at chain height {@code height} and time {@code atNanos}. */
  public boolean active(int height, long atNanos) {
    return atNanos >= fromNanos && atNanos < untilNanos
        && height >= fromHeight && height < untilHeight;
  }

  /** Whether the fault is active at some time of [startNanos, endNanos] at height {@code h}. */
  public boolean overlaps(int height, long startNanos, long endNanos) {
    return height >= fromHeight && height < untilHeight
        && fromNanos <= endNanos && untilNanos > startNanos;
  }

  public boolean hasFrom() {
    return fromNanos != 0;
  }

  public boolean hasUntil() {
    return untilNanos != FOREVER_NANOS;
  }

  public boolean hasFromHeight() {
    return fromHeight != 1;
  }

  public boolean hasUntilHeight() {
    return untilHeight != NO_LAST_HEIGHT;
  }
}
