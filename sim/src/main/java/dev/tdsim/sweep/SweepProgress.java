package dev.tdsim.sweep;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress of a whole sweep on stderr, grid and search together, one line per finished run:
 * {@code [#####...............] 6/6 grid, 3/<=120 probe runs, 7%, <= 3m 10s left - label}.
 * Runs of the search count against their upper bound ({@link Sensitivity#probeBound}) until it
 * ends; the time left is the cost model's prediction of the runs left ({@link RunCost}, probes
 * at the price of the costliest grid point) scaled by measured / predicted time of the runs done
 * so far in this process. Thread-safe.
 */
final class SweepProgress {
  private static final int WIDTH = 20;

  private final PrintWriter out;
  private final long startNanos = System.nanoTime();
  private final int gridTotal;
  private int gridDone;
  private double gridLeftSeconds;
  private int probeBound;
  private int probesDone;
  private final double probeSeconds;
  private double predictedDoneSeconds;

  /**
   * @param out where lines go, or null for none
   * @param gridDone grid runs read back from an earlier sweep
   * @param gridLeftSeconds predicted machine seconds of the grid runs still to do
   * @param probeBound the most probe runs the search may make
   * @param probeSeconds predicted machine seconds of one probe run (an upper estimate)
   */
  SweepProgress(PrintWriter out, int gridTotal, int gridDone, double gridLeftSeconds,
      int probeBound, double probeSeconds) {
    this.out = out;
    this.gridTotal = gridTotal;
    this.gridDone = gridDone;
    this.gridLeftSeconds = gridLeftSeconds;
    this.probeBound = probeBound;
    this.probeSeconds = probeSeconds;
  }

  /** A grid run finished (predicted machine seconds of it) in this process. */
  synchronized void gridRun(double predictedSeconds, String label) {
    gridDone = Math.min(gridTotal, gridDone + 1);
    gridLeftSeconds = Math.max(0, gridLeftSeconds - predictedSeconds);
    predictedDoneSeconds += predictedSeconds;
    print(label);
  }

  /** A probe run finished; {@code reused}: read back from an earlier sweep (took no time). */
  synchronized void probeRun(double predictedSeconds, boolean reused, String label) {
    probesDone++;
    probeBound = Math.max(probeBound, probesDone);
    if (!reused) {
      predictedDoneSeconds += predictedSeconds;
    }
    print(label);
  }

  /** The search ended: the bound becomes the count. */
  synchronized void searchDone() {
    if (probeBound != probesDone) {
      probeBound = probesDone;
      print("search done");
    }
  }

  /** Predicted seconds left at the rate measured so far (the model's own before any run). */
  synchronized double secondsLeft() {
    double elapsed = (System.nanoTime() - startNanos) / 1e9;
    double factor = predictedDoneSeconds > 0 ? elapsed / predictedDoneSeconds : 1;
    return factor * (gridLeftSeconds + (probeBound - probesDone) * probeSeconds);
  }

  private void print(String label) {
    if (out == null) {
      return;
    }
    int total = Math.max(1, gridTotal + probeBound);
    int done = gridDone + probesDone;
    int filled = (int) Math.round((double) WIDTH * done / total);
    String probes = probeBound == 0 && probesDone == 0 ? ""
        : String.format(Locale.ROOT, ", %d/%s%d probe runs", probesDone,
            probesDone < probeBound ? "<=" : "", probeBound);
    boolean bounded = probesDone < probeBound;
    out.printf(Locale.ROOT, "[%s%s] %d/%d grid points%s, %d%%, %s%s left%s%n",
        "#".repeat(filled), ".".repeat(WIDTH - filled), gridDone, gridTotal, probes,
        100 * done / total, bounded ? "<= " : "", duration(secondsLeft()),
        label == null || label.isEmpty() ? "" : " - " + label);
    out.flush();
  }

  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return (s / 60) + "m " + (s % 60) + "s";
    }
    return (s / 3600) + "h " + ((s % 3600) / 60) + "m";
  }
}
