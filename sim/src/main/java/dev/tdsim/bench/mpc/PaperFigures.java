package dev.tdsim.bench.mpc;

import java.util.Optional;

/**
 * The published figures issue 11 quotes (an MPC paper's table: AMD EPYC 7763 nodes, 1 Gbps, about
 * 1 ms round trip, Go), by (t, n). Its communication column is n(n - 1) x 32 B for (2, 3) and
 * (3, 5) and n^2 x 32 B for the other rows: shares only, no commitments.
 */
public final class PaperFigures {
  private PaperFigures() {}

  /** One published row: latency, share or signature size, communication (0 when not given). */
  public record Figure(double latencyMillis, long sizeBytes, long communicationBytes) {}

  /**
   * One row of the paper's overhead table: a single-key signature against the threshold
   * signing row it compares (the MPC figure is that row's latency).
   *
   * @param singleKey what signs alone ("BLS", "EdDSA", "ECDSA")
   * @param singleKeyMicros the single-key signature's time
   * @param threshold t of the compared row
   * @param parties n of the compared row
   * @param mpcMillis the compared row's latency
   */
  public record Overhead(String singleKey, double singleKeyMicros, int threshold, int parties,
      double mpcMillis) {
    /** The paper's factor: the MPC latency over the single-key signature. */
    public double factor() {
      return mpcMillis * 1e3 / singleKeyMicros;
    }
  }

  /**
   * The overhead table by signing scheme (75x, 109x, 233x in the paper). Its BLS row compares
   * the (4, 5) threshold BLS figure (2.1 ms = 75 x 28 us: the paper has no (3, 5) BLS row), the
   * others their (3, 5) rows. Schemes the paper does not table have none.
   */
  private static final java.util.Map<String, Overhead> OVERHEAD = java.util.Map.of(
      "threshold-bls", new Overhead("BLS", 28, 4, 5, 2.1),
      "frost-ed25519", new Overhead("EdDSA", 22, 3, 5, 2.4),
      "cggmp21-ecdsa", new Overhead("ECDSA", 18, 3, 5, 4.2));

  public static Optional<Overhead> overhead(String scheme) {
    return Optional.ofNullable(OVERHEAD.get(scheme));
  }

  /** The DKG rows (t, n). */
  public static final int[][] DKG_ROWS = {{2, 3}, {3, 5}, {5, 7}, {7, 10}, {15, 21}};

  /** The threshold BLS rows (t, n). */
  public static final int[][] SIGN_ROWS = {{2, 3}, {4, 5}, {7, 10}};

  public static Optional<Figure> dkg(int t, int n) {
    return Optional.ofNullable(switch (t + "," + n) {
      case "2,3" -> new Figure(45, 32, 192);
      case "3,5" -> new Figure(112, 32, 640);
      case "5,7" -> new Figure(238, 32, 1_568);
      case "7,10" -> new Figure(520, 32, 3_200);
      case "15,21" -> new Figure(1_800, 32, 14_112);
      default -> null;
    });
  }

  public static Optional<Figure> thresholdSign(int t, int n) {
    return Optional.ofNullable(switch (t + "," + n) {
      case "2,3" -> new Figure(1.1, 48, 0);
      case "4,5" -> new Figure(2.1, 48, 0);
      case "7,10" -> new Figure(4.5, 48, 0);
      default -> null;
    });
  }

  /** The FROST(Ed25519) signing rows (t, n) issue 24 quotes: latency, 64-byte signature. */
  public static final int[][] FROST_SIGN_ROWS = {{2, 3}, {3, 5}, {5, 7}, {7, 10}};

  public static Optional<Figure> frostSign(int t, int n) {
    return Optional.ofNullable(switch (t + "," + n) {
      case "2,3" -> new Figure(1.5, 64, 0);
      case "3,5" -> new Figure(2.4, 64, 0);
      case "5,7" -> new Figure(6.8, 64, 0);
      case "7,10" -> new Figure(12.3, 64, 0);
      default -> null;
    });
  }

  /**
   * Issue 24's threshold ECDSA figures (a Go implementation, 1 Gbps, about 1 ms round trip; 65 B
   * signature), by (t, n); (1, 1) is its single-key ECDSA signing, 18 µs (64 B, r and s).
   */
  public static Optional<Figure> cggmp21Sign(int t, int n) {
    return Optional.ofNullable(switch (t + "," + n) {
      case "1,1" -> new Figure(0.018, 64, 0);
      case "2,3" -> new Figure(2.8, 65, 0);
      case "3,5" -> new Figure(4.2, 65, 0);
      case "7,10" -> new Figure(18.7, 65, 0);
      default -> null;
    });
  }
}
