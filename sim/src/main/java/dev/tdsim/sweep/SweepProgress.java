package dev.tdsim.sweep;

import dev.tdsim.format.Durations;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The progress of a whole sweep on stderr, grid and search together, one line per finished run:
 * {@code [#####...............] 6/6 grid, 3/<=120 probe runs, 7%, <= 3m 10s left - label}.
 * Runs of the search count against their upper bound until it ends (before the grid is done
 * {@link Sensitivity#probeBound}, then the bound the grid's brackets give); the time left is the
 * cost model's prediction of the runs left ({@link RunCost}, plus {@link #RUN_OVERHEAD_SECONDS}
 * per run) scaled by the ratio of the measured to the predicted time of the runs done so far in
 * this process (sum over sum, so that tiny runs do not blow the ratio up). Thread-safe.
 */
final class SweepProgress {
  private static final int WIDTH = 20;
  /** What a run costs besides its crypto calls (key dealing, setup), before any is measured. */
  static final double RUN_OVERHEAD_SECONDS = 1.0;

  private final PrintWriter out;
  private final int gridTotal;
  private int gridDone;
  private double gridLeftSeconds;
  private int probeBound;
  private int probesDone;
  private double probeLeftSeconds;
  private double predictedDoneSeconds;
  private double measuredDoneSeconds;

  /**
   * @param out where lines go, or null for none
   * @param gridDone grid runs read back from an earlier sweep
   * @param gridLeftSeconds predicted seconds of the grid runs still to do
   * @param probeBound the most probe runs the search may make
   * @param probeLeftSeconds predicted seconds of those probe runs (an upper estimate)
   */
  SweepProgress(PrintWriter out, int gridTotal, int gridDone, double gridLeftSeconds,
      int probeBound, double probeLeftSeconds) {
    this.out = out;
    this.gridTotal = gridTotal;
    this.gridDone = gridDone;
    this.gridLeftSeconds = gridLeftSeconds;
    this.probeBound = probeBound;
    this.probeLeftSeconds = probeLeftSeconds;
  }

  /**
   * A grid run finished in this process.
   *
   * @param predictedSeconds its predicted seconds
   * @param measuredSeconds its share of the sweep's wall time (wall time / runs side by side)
   */
  synchronized void gridRun(double predictedSeconds, double measuredSeconds, String label) {
    gridDone = Math.min(gridTotal, gridDone + 1);
    gridLeftSeconds = Math.max(0, gridLeftSeconds - predictedSeconds);
    predictedDoneSeconds += predictedSeconds;
    measuredDoneSeconds += measuredSeconds;
    print(label);
  }

  /** The search is about to start: at most {@code bound} more probe runs, predicted seconds. */
  synchronized void searchPlan(int bound, double seconds) {
    probeBound = probesDone + bound;
    probeLeftSeconds = seconds;
  }

  /** A probe run finished; {@code reused}: read back from an earlier sweep (took no time). */
  synchronized void probeRun(double predictedSeconds, double measuredSeconds, boolean reused,
      String label) {
    probesDone++;
    probeBound = Math.max(probeBound, probesDone);
    if (!reused) {
      int left = probeBound - probesDone + 1;
      probeLeftSeconds = Math.max(0, probeLeftSeconds - probeLeftSeconds / Math.max(1, left));
      predictedDoneSeconds += predictedSeconds;
      measuredDoneSeconds += measuredSeconds;
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
    double factor = predictedDoneSeconds > 0 ? measuredDoneSeconds / predictedDoneSeconds : 1;
    return factor * (gridLeftSeconds + (probesDone < probeBound ? probeLeftSeconds : 0));
  }

  /** The measured / predicted ratio so far (1 before any run). */
  synchronized double factor() {
    return predictedDoneSeconds > 0 ? measuredDoneSeconds / predictedDoneSeconds : 1;
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
        100 * done / total, bounded ? "<= " : "", Durations.eta(secondsLeft()),
        label == null || label.isEmpty() ? "" : " - " + label);
    out.flush();
  }
}
