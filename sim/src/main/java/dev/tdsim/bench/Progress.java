package dev.tdsim.bench;

import dev.tdsim.format.Durations;
import java.io.PrintWriter;
import java.util.Locale;

/** One line per finished step on stderr, prefixed with the time since the run started. */
public final class Progress {
  private final PrintWriter err;
  private final long startNanos = System.nanoTime();

  private Progress(PrintWriter err) {
    this.err = err;
  }

  public static Progress to(PrintWriter err) {
    return new Progress(err);
  }

  public static Progress silent() {
    return new Progress(null);
  }

  /** Prints "[elapsed] message (took ...)". */
  public void step(String message, long tookNanos) {
    step(message + " (" + duration(tookNanos) + ")");
  }

  public void step(String message) {
    if (err == null) {
      return;
    }
    double elapsed = (System.nanoTime() - startNanos) / 1e9;
    err.println(String.format(Locale.ROOT, "[%7.1f s] %s", elapsed, message));
    err.flush();
  }

  public long elapsedNanos() {
    return System.nanoTime() - startNanos;
  }

  static String duration(long nanos) {
    return Durations.secondsOfMs(nanos / 1e6);
  }
}
