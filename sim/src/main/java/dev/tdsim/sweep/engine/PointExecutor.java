package dev.tdsim.sweep.engine;

import java.util.concurrent.CompletableFuture;

/**
 * An open engine: runs points as they are submitted, each on its own, and completes each future
 * when that point is done. A point that fails (bad value, out of memory) completes normally with
 * an error {@link PointOutcome}; the future completes exceptionally only when the engine itself
 * fails (a cluster gone, a task lost more often than the engine retries).
 */
public interface PointExecutor extends AutoCloseable {
  CompletableFuture<PointOutcome> submit(PointTask task);

  /** How many points can run at the same time (for the time estimate and the progress bar). */
  int parallelism();

  /** One line for the sweep's log, e.g. {@code engine local: 2 threads}. */
  String describe();

  /** Stops the engine; points still running are abandoned. */
  @Override
  void close();
}
