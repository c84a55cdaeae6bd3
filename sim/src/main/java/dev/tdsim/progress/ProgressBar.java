package dev.tdsim.progress;

import dev.tdsim.format.Durations;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A text progress bar with time remaining, for long work (calibration, sweeps): one line per
 * update on stderr, e.g. {@code [#####.....] 12/24 points, 50%, 1m 20s left}. Thread-safe.
 * The estimate is elapsed / done * remaining, so it settles once a few units are done.
 */
public final class ProgressBar {
  private static final int WIDTH = 20;

  private final PrintWriter out;
  private final String unit;
  private final int total;
  private final long startNanos;
  private int done;

  public ProgressBar(PrintWriter out, String unit, int total) {
    this(out, unit, total, 0);
  }

  /** A bar that starts with {@code alreadyDone} units finished (e.g. a resumed sweep). */
  public ProgressBar(PrintWriter out, String unit, int total, int alreadyDone) {
    this.out = out;
    this.unit = unit;
    this.total = Math.max(1, total);
    this.done = alreadyDone;
    this.startNanos = System.nanoTime();
  }

  /** Marks one more unit done and prints the bar with {@code label} (may be empty). */
  public synchronized void step(String label) {
    done = Math.min(total, done + 1);
    print(label);
  }

  private int startedWith = -1;

  private void print(String label) {
    if (startedWith < 0) {
      startedWith = done - 1;
    }
    int filled = (int) Math.round((double) WIDTH * done / total);
    double elapsed = (System.nanoTime() - startNanos) / 1e9;
    int doneHere = Math.max(1, done - Math.max(0, startedWith));
    double left = elapsed / doneHere * (total - done);
    out.printf(Locale.ROOT, "[%s%s] %d/%d %s, %d%%, %s left%s%n", "#".repeat(filled),
        ".".repeat(WIDTH - filled), done, total, unit, 100 * done / total, Durations.eta(left),
        label == null || label.isEmpty() ? "" : " - " + label);
    out.flush();
  }
}
