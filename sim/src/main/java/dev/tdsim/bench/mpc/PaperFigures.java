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
