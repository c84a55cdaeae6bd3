package dev.tdsim.random;

import java.util.Objects;
import java.util.SplittableRandom;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * A Commons Math {@link RandomGenerator} drawing from a {@link SplittableRandom} stream, so that
 * Commons Math distributions ({@code new LogNormalDistribution(rng, ...)}) take their draws from a
 * {@link RandomStreams} stream instead of their own, unseeded, generator.
 *
 * <p>Reseeding is refused: a stream's seed is fixed by its key, and reseeding would break the
 * reproducibility that {@link RandomStreams} exists for. {@link #nextGaussian()} uses the inverse
 * normal CDF on one uniform draw, so it consumes exactly one draw and its output is the same on
 * every JVM (unlike {@link java.util.Random#nextGaussian()}, which caches a second value, or the
 * JDK 17 {@code RandomGenerator.nextGaussian()} default, whose algorithm is not specified).
 *
 * <p>The inverse CDF is Peter J. Acklam's rational approximation ("An algorithm for computing the
 * inverse normal cumulative distribution function", web note, c. 2000-2003; relative error below
 * 1.15e-9), chosen over Commons Math's {@code Erf.erfInv} because it is several times faster (one
 * message = one normal draw, millions per simulated block) and, in the far tail, more accurate.
 * Only {@code StrictMath} is used, whose results are specified bit for bit (fdlibm), so the draws
 * are the same on every JVM.
 */
public final class CommonsMathRandom implements RandomGenerator {

  private static final double TWO_POW_MINUS_53 = 0x1.0p-53;

  private final SplittableRandom stream;

  public CommonsMathRandom(SplittableRandom stream) {
    this.stream = Objects.requireNonNull(stream, "stream");
  }

  /** A uniform double in the open interval (0, 1): safe for inverse CDFs and logarithms. */
  public static double openUnit(SplittableRandom rng) {
    return ((rng.nextLong() >>> 11) + 0.5) * TWO_POW_MINUS_53;
  }

  /** A standard normal draw by the inverse CDF of one open-interval uniform. */
  public static double standardNormal(SplittableRandom rng) {
    return inverseNormalCdf(openUnit(rng));
  }

  /**
   * Acklam's approximation of the standard normal quantile for p in (0, 1): a rational function
   * of p - 0.5 in the centre, of sqrt(-2 ln p) in the tails.
   */
  public static double inverseNormalCdf(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("p must be in (0, 1), got " + p);
    }
    if (p < P_LOW) {
      return tail(StrictMath.sqrt(-2 * StrictMath.log(p)));
    }
    if (p > 1 - P_LOW) {
      return -tail(StrictMath.sqrt(-2 * StrictMath.log1p(-p)));
    }
    double q = p - 0.5;
    double r = q * q;
    return (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
        / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
  }

  private static double tail(double q) {
    return (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
        / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
  }

  private static final double P_LOW = 0.02425;
  private static final double[] A = {-3.969683028665376e+01, 2.209460984245205e+02,
      -2.759285104469687e+02, 1.383577518672690e+02, -3.066479806614716e+01,
      2.506628277459239e+00};
  private static final double[] B = {-5.447609879822406e+01, 1.615858368580409e+02,
      -1.556989798598866e+02, 6.680131188771972e+01, -1.328068155288572e+01};
  private static final double[] C = {-7.784894002430293e-03, -3.223964580411365e-01,
      -2.400758277161838e+00, -2.549732539343734e+00, 4.374664141464968e+00,
      2.938163982698783e+00};
  private static final double[] D = {7.784695709041462e-03, 3.224671290700398e-01,
      2.445134137142996e+00, 3.754408661907416e+00};

  @Override
  public void setSeed(int seed) {
    throw reseed();
  }

  @Override
  public void setSeed(int[] seed) {
    throw reseed();
  }

  @Override
  public void setSeed(long seed) {
    throw reseed();
  }

  private static UnsupportedOperationException reseed() {
    return new UnsupportedOperationException(
        "streams from RandomStreams are keyed by (seed, component, index); request another key");
  }

  @Override
  public void nextBytes(byte[] bytes) {
    stream.nextBytes(bytes);
  }

  @Override
  public int nextInt() {
    return stream.nextInt();
  }

  @Override
  public int nextInt(int n) {
    return stream.nextInt(n);
  }

  @Override
  public long nextLong() {
    return stream.nextLong();
  }

  @Override
  public boolean nextBoolean() {
    return stream.nextBoolean();
  }

  @Override
  public float nextFloat() {
    return (stream.nextInt() >>> 8) * 0x1.0p-24f;
  }

  @Override
  public double nextDouble() {
    return stream.nextDouble();
  }

  @Override
  public double nextGaussian() {
    return standardNormal(stream);
  }
}
