package dev.tdsim.bench.mpc;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Settings of the MPC table ({@code tdsim bench --functions dkg,threshold_sign}).
 *
 * @param functions dkg and/or threshold_sign, in order
 * @param extended whether to add the larger rows: (100, 150) and {@code shares} weighted shares
 *     over {@code validators} validators (scale "all"), or only the paper's rows (scale "paper")
 * @param shares weighted rows: key-share points, a power of two
 * @param validators weighted rows: validators
 * @param threads cores of each simulated validator for the weighted PVSS row's compute
 * @param reps repetitions per row; the median latency is reported
 * @param seed seed of keys and randomness
 * @param network the simulated network
 * @param out the CSV file
 */
public record MpcSettings(List<MpcFunction> functions, boolean extended, int shares,
    int validators, int threads, int reps, long seed, MpcNetwork network, Path out) {
  public static final List<String> SCALES = List.of("paper", "all");
  public static final int MAX_REPS = 1000;

  public MpcSettings {
    functions = List.copyOf(functions);
    Objects.requireNonNull(network, "network");
    Objects.requireNonNull(out, "out");
    if (functions.isEmpty()) {
      throw new IllegalArgumentException("--functions: none given");
    }
    if (reps < 1 || reps > MAX_REPS) {
      throw new IllegalArgumentException("--reps must be in [1, " + MAX_REPS + "], got " + reps);
    }
    if (threads < 1 || threads > 4096) {
      throw new IllegalArgumentException("--threads must be in [1, 4096], got " + threads);
    }
    if (extended) {
      if (shares < 2 || Integer.bitCount(shares) != 1) {
        throw new IllegalArgumentException("--shares must be a power of two >= 2, got " + shares);
      }
      if (validators < 2 || validators > shares) {
        throw new IllegalArgumentException("--validators must be in [2, shares=" + shares
            + "], got " + validators);
      }
    }
  }

  /** "paper" (false) or "all" (true); anything else fails naming the choices. */
  public static boolean extendedScale(String scale) {
    String s = scale == null ? "" : scale.trim().toLowerCase(Locale.ROOT);
    if (!SCALES.contains(s)) {
      throw new IllegalArgumentException("--mpc-rows: unknown value '" + scale + "'; known: "
          + String.join(", ", SCALES));
    }
    return s.equals("all");
  }
}
