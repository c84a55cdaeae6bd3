package dev.tdsim.consensus;

import java.util.Arrays;
import java.util.Collection;

/**
 * What a commit certificate's combiner needs beyond +2/3 of the stake: its signers must hold
 * {@link #needed} key points together ({@code threshold-bls}: t of the signing key set's points,
 * split over the validators by stake in whole chunks, so +2/3 of the stake can hold a point or
 * two fewer than t). {@link #NONE} when a stake quorum is enough.
 */
public final class PointQuorum {
  public static final PointQuorum NONE = new PointQuorum(new int[0], 0);

  private final int[] pointsByValidator;
  private final int needed;

  private PointQuorum(int[] pointsByValidator, int needed) {
    this.pointsByValidator = pointsByValidator;
    this.needed = needed;
  }

  /**
   * @param pointsByValidator each validator's key points (copied)
   * @param needed the points a certificate's signers must hold together (0: none)
   */
  public static PointQuorum of(int[] pointsByValidator, int needed) {
    if (needed < 0) {
      throw new IllegalArgumentException("points needed must be >= 0, got " + needed);
    }
    if (needed == 0) {
      return NONE;
    }
    if (Arrays.stream(pointsByValidator).asLongStream().sum() < needed) {
      throw new IllegalArgumentException("the validators hold fewer than the " + needed
          + " points a certificate needs");
    }
    return new PointQuorum(pointsByValidator.clone(), needed);
  }

  /** Whether a certificate needs more than a stake quorum. */
  public boolean required() {
    return needed > 0;
  }

  public int needed() {
    return needed;
  }

  public int pointsOf(int validator) {
    return pointsByValidator[validator];
  }

  /** Whether these signers hold the points needed (always true when none are). */
  public boolean heldBy(Collection<Integer> signers) {
    if (needed == 0) {
      return true;
    }
    long held = 0;
    for (int v : signers) {
      held += pointsByValidator[v];
    }
    return held >= needed;
  }
}
