package dev.tdsim.cli;

import java.io.PrintWriter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Progress lines on stderr, and a reminder when none has come for a while: long setup steps
 * (dealing the keys of a large committee, building its share tables, the first height) would
 * otherwise leave a terminal silent for minutes. The reminder repeats the step in progress and
 * how long it has taken: {@code [tdsim] still: dealing keys: ... (1m 30s)}. Stderr only: results
 * do not depend on it.
 */
final class Heartbeat implements Consumer<String>, AutoCloseable {
  /** Silence after which a reminder is printed, and between reminders. */
  static final long QUIET_NANOS = 30_000_000_000L;

  private final PrintWriter err;
  private final String prefix;
  private final LongSupplier clock;
  private final ScheduledExecutorService timer;
  private String step = "starting";
  private long stepStartNanos;
  private long lastPrintNanos;

  /** A heartbeat on the wall clock, checked every second by a daemon thread. */
  static Heartbeat start(PrintWriter err, String prefix) {
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "tdsim-heartbeat");
      t.setDaemon(true);
      return t;
    });
    Heartbeat h = new Heartbeat(err, prefix, System::nanoTime, timer);
    timer.scheduleAtFixedRate(h::tick, 1, 1, TimeUnit.SECONDS);
    return h;
  }

  Heartbeat(PrintWriter err, String prefix, LongSupplier clock, ScheduledExecutorService timer) {
    this.err = err;
    this.prefix = prefix;
    this.clock = clock;
    this.timer = timer;
    this.stepStartNanos = clock.getAsLong();
    this.lastPrintNanos = stepStartNanos;
  }

  /** Prints a progress line; it is the step in progress until the next one. */
  @Override
  public synchronized void accept(String line) {
    err.println(prefix + line);
    err.flush();
    step = line;
    stepStartNanos = clock.getAsLong();
    lastPrintNanos = stepStartNanos;
  }

  /** Prints a reminder if nothing was printed for {@link #QUIET_NANOS}. */
  synchronized void tick() {
    long now = clock.getAsLong();
    if (now - lastPrintNanos >= QUIET_NANOS) {
      err.println(prefix + "still working after: " + step + " (" + format(now - stepStartNanos)
          + " since)");
      err.flush();
      lastPrintNanos = now;
    }
  }

  static String format(long nanos) {
    long s = nanos / 1_000_000_000L;
    return s >= 60 ? (s / 60) + "m " + (s % 60) + "s" : s + "s";
  }

  @Override
  public void close() {
    if (timer != null) {
      timer.shutdownNow();
    }
  }
}
