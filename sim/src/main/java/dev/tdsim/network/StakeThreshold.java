package dev.tdsim.network;

/**
 * A stake fraction a receiver must hold messages from: {@code stake / total >= n/d} or, strict,
 * {@code > n/d}. Exact integer arithmetic (128-bit products), because Tendermint's quorum is
 * "more than 2/3" and with stakes that divide evenly (V = 3k equal validators) a floating-point
 * 2/3 would put the boundary on the wrong side.
 *
 * @param numerator n, in [0, d]
 * @param denominator d, > 0
 * @param strict whether the stake must exceed the fraction rather than reach it
 */
public record StakeThreshold(long numerator, long denominator, boolean strict) {

  /** Tendermint's "+2/3" precommit/prevote quorum: more than two thirds of the voting power. */
  public static final StakeThreshold TENDERMINT_QUORUM = moreThan(2, 3);

  public StakeThreshold {
    if (denominator <= 0 || numerator < 0 || numerator > denominator) {
      throw new IllegalArgumentException("stake fraction must be n/d with 0 <= n <= d and d > 0, got "
          + numerator + "/" + denominator);
    }
    if (!strict && numerator == 0) {
      throw new IllegalArgumentException("'at least 0' is reached without any message; use >= 1/d "
          + "or strict 'more than 0'");
    }
    if (strict && numerator == denominator) {
      throw new IllegalArgumentException("'more than all' the stake can never be reached");
    }
  }

  public static StakeThreshold moreThan(long numerator, long denominator) {
    return new StakeThreshold(numerator, denominator, true);
  }

  public static StakeThreshold atLeast(long numerator, long denominator) {
    return new StakeThreshold(numerator, denominator, false);
  }

  /** Whether {@code stake} out of {@code totalStake} meets the threshold; both >= 0. */
  public boolean reachedBy(long stake, long totalStake) {
    int c = compareProducts(stake, denominator, numerator, totalStake);
    return strict ? c > 0 : c >= 0;
  }

  /** Sign of a*b - c*d for non-negative longs, exact. */
  private static int compareProducts(long a, long b, long c, long d) {
    long hi1 = Math.multiplyHigh(a, b);
    long hi2 = Math.multiplyHigh(c, d);
    if (hi1 != hi2) {
      return Long.compare(hi1, hi2);
    }
    return Long.compareUnsigned(a * b, c * d);
  }

  @Override
  public String toString() {
    return (strict ? "> " : ">= ") + numerator + "/" + denominator;
  }
}
