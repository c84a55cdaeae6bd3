package dev.tdsim.sweep.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The default engine: a fixed pool of {@code --parallel} threads in this JVM. */
public final class LocalEngine implements SweepEngine {
  public static final String NAME = "local";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "threads in this JVM (--parallel N), the default";
  }

  @Override
  public PointExecutor open(EngineOptions o) {
    if (o.master() != null) {
      throw new EngineException("--master: the local engine runs in this JVM; a master is for a"
          + " cluster engine (--engine spark)");
    }
    if (!o.conf().isEmpty()) {
      throw new EngineException("--conf: the local engine has no settings (--conf is for a"
          + " cluster engine, e.g. --engine spark)");
    }
    return new Pool(o.parallel(), o.runner());
  }

  private static final class Pool implements PointExecutor {
    private final int threads;
    private final PointRunner runner;
    private final ExecutorService pool;

    Pool(int threads, PointRunner runner) {
      this.threads = threads;
      this.runner = runner;
      this.pool = Executors.newFixedThreadPool(threads, r -> {
        Thread t = new Thread(r, "tdsim-sweep");
        t.setDaemon(true);
        return t;
      });
    }

    @Override
    public CompletableFuture<PointOutcome> submit(PointTask task) {
      return CompletableFuture.supplyAsync(() -> PointWork.run(task, runner), pool);
    }

    @Override
    public int parallelism() {
      return threads;
    }

    @Override
    public String describe() {
      return "engine local: " + threads + " thread" + (threads == 1 ? "" : "s");
    }

    @Override
    public void close() {
      pool.shutdownNow();
    }
  }
}
