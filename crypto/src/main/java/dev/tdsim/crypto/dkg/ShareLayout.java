package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.tpke.Committee;
import java.util.Arrays;

/**
 * Who holds which evaluation points of the shared polynomial: n parties, a threshold t (the
 * number of points that determine the polynomial, which has degree t - 1), and for each party the
 * indices k of its points omega^k on the domain of size N (a power of two).
 *
 * <p>Two shapes: {@link #of(Committee)} covers the whole domain, possibly weighted by stake (the
 * layout that {@link dev.tdsim.crypto.tpke.KeySet#fromDkg} turns into a TPKE key set), and {@link
 * #unweighted(int, int)}, one point per party as in the usual (t, n) DKG, where the points beyond
 * n are held by nobody (such a result has no TPKE key set, only a public key and shares).
 */
public final class ShareLayout {
  private final Domain domain;
  private final int threshold;
  private final int[][] points;
  private final Committee committee;

  private ShareLayout(Domain domain, int threshold, int[][] points, Committee committee) {
    this.domain = domain;
    this.threshold = threshold;
    this.points = points;
    this.committee = committee;
  }

  /** The committee's layout: validator i holds its chunk of the N points, threshold t points. */
  public static ShareLayout of(Committee committee) {
    int[][] points = new int[committee.validators()][];
    for (int v = 0; v < points.length; v++) {
      points[v] = new int[committee.pointsOf(v)];
      for (int j = 0; j < points[v].length; j++) {
        points[v][j] = committee.firstPointOf(v) + j;
      }
    }
    return new ShareLayout(
        Domain.of(committee.shares()), committee.threshold(), points, committee);
  }

  /**
   * n parties with one point each (party i at omega^i on the smallest power-of-two domain holding
   * n points) and threshold t: any t parties can reconstruct, t - 1 learn nothing.
   */
  public static ShareLayout unweighted(int threshold, int parties) {
    if (parties < 1 || threshold < 1 || threshold > parties) {
      throw new CryptoException("DKG layout",
          "need 1 <= t <= n, got t=" + threshold + ", n=" + parties);
    }
    int n = Integer.highestOneBit(parties) == parties ? parties : Integer.highestOneBit(parties) << 1;
    int[][] points = new int[parties][];
    for (int i = 0; i < parties; i++) {
      points[i] = new int[] {i};
    }
    Committee covering = n == parties ? new Committee(n, threshold, cumulative(parties)) : null;
    return new ShareLayout(Domain.of(Math.max(2, n)), threshold, points, covering);
  }

  private static int[] cumulative(int parties) {
    int[] first = new int[parties + 1];
    for (int i = 0; i <= parties; i++) {
      first[i] = i;
    }
    return first;
  }

  public int parties() {
    return points.length;
  }

  public int threshold() {
    return threshold;
  }

  public Domain domain() {
    return domain;
  }

  /** The domain indices of party i's points, ascending (a copy). */
  public int[] pointsOf(int party) {
    return points[party].clone();
  }

  int pointCount(int party) {
    return points[party].length;
  }

  int point(int party, int j) {
    return points[party][j];
  }

  /** omega^k for each point of party i. */
  Fr[] abscissae(int party) {
    Fr[] xs = new Fr[points[party].length];
    for (int j = 0; j < xs.length; j++) {
      xs[j] = domain.element(points[party][j]);
    }
    return xs;
  }

  /** The committee when the parties' points cover the domain (else null: no TPKE key set). */
  public Committee committee() {
    return committee;
  }

  @Override
  public String toString() {
    return "ShareLayout[parties=" + parties() + ", threshold=" + threshold + ", domain="
        + domain.size() + ", points=" + Arrays.stream(points).mapToInt(p -> p.length).sum() + "]";
  }
}
