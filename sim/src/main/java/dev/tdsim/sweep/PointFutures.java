package dev.tdsim.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Waiting for the points an engine runs: the first engine failure (not a point's: those come
 * back as failed outcomes) cancels every other point of the batch and is rethrown as the
 * exception the engine raised, so a sweep stops with the engine's own message.
 */
final class PointFutures {
  private PointFutures() {}

  /** Waits for every point; the engine failing (not a point) stops the sweep. */
  static void awaitAll(List<CompletableFuture<Void>> futures) throws IOException {
    for (CompletableFuture<Void> f : futures) {
      join(f, futures);
    }
  }

  /** The point's outcome, or the engine's failure after cancelling the rest of {@code all}. */
  static <T> T join(CompletableFuture<T> f, List<? extends CompletableFuture<?>> all)
      throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cancel(all);
      throw new IOException("interrupted", e);
    } catch (ExecutionException | CompletionException | CancellationException e) {
      cancel(all);
      throw rethrow(e.getCause() instanceof CompletionException c && c.getCause() != null
          ? c.getCause() : e.getCause() == null ? e : e.getCause());
    }
  }

  private static void cancel(List<? extends CompletableFuture<?>> all) {
    for (CompletableFuture<?> f : all) {
      f.cancel(true);
    }
  }

  private static IOException rethrow(Throwable cause) throws IOException {
    if (cause instanceof IOException io) {
      throw io;
    }
    if (cause instanceof UncheckedIOException u) {
      throw u.getCause();
    }
    if (cause instanceof RuntimeException re) {
      throw re;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    throw new IOException(cause);
  }
}
