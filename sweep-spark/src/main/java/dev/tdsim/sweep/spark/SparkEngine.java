package dev.tdsim.sweep.spark;

import dev.tdsim.sweep.engine.EngineException;
import dev.tdsim.sweep.engine.EngineOptions;
import dev.tdsim.sweep.engine.PointExecutor;
import dev.tdsim.sweep.engine.PointOutcome;
import dev.tdsim.sweep.engine.PointRunner;
import dev.tdsim.sweep.engine.PointTask;
import dev.tdsim.sweep.engine.PointWork;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.spark.FutureAction;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import scala.collection.immutable.Seq;
import scala.concurrent.ExecutionContext;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.BoxedUnit;

/**
 * {@code tdsim sweep --engine spark}: every point is a Spark job of one task, submitted
 * asynchronously from the driver (this JVM), so results come back as each point finishes. The
 * task carries the point's canonical scenario YAML and its calibration file ({@link PointTask});
 * the executor runs it with the real crypto exactly as the local engine does ({@link PointWork})
 * and returns the point folder's bytes, which the driver writes.
 *
 * <p>Where: {@code --master URL} (e.g. {@code spark://host:7077}); else the master spark-submit
 * set ({@code spark.master}); else Spark embedded in this JVM, {@code local[N]} with N = {@code
 * --parallel} (every core by default with model timing). {@code --conf KEY=VALUE} sets any Spark
 * setting.
 *
 * <p>Failures: a point that fails (a bad value, out of memory) is caught inside the task and comes
 * back as an error outcome, never retried; a task lost with its executor is retried by Spark up
 * to {@code spark.task.maxFailures} times (4 by default on a cluster); a job that still fails
 * becomes that point's error. Only a stopped Spark context stops the sweep.
 */
public final class SparkEngine implements dev.tdsim.sweep.engine.SweepEngine {
  public static final String NAME = "spark";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "each point a Spark job: embedded local[N], a standalone or YARN/Kubernetes master"
        + " (--master), or spark-submit";
  }

  @Override
  public PointExecutor open(EngineOptions o) {
    SparkConf conf = new SparkConf(true); // spark.* system properties: spark-submit's settings
    conf.setAppName("tdsim sweep");
    boolean submitted = conf.contains("spark.master");
    if (o.master() != null && o.parallelGiven()) {
      throw new EngineException("--parallel sets the cores of the embedded Spark (local[N]);"
          + " with --master the cluster's executors decide (e.g. --conf spark.cores.max=N)");
    }
    if (o.master() != null) {
      conf.setMaster(o.master());
    } else if (!submitted) {
      conf.setMaster("local[" + o.parallel() + "]");
    }
    for (Map.Entry<String, String> e : o.conf().entrySet()) {
      if (!e.getKey().startsWith("spark.")) {
        throw new EngineException("--conf " + e.getKey() + ": Spark settings start with"
            + " 'spark.'");
      }
      conf.set(e.getKey(), e.getValue());
    }
    conf.setIfMissing("spark.ui.enabled", "false");
    conf.setIfMissing("spark.ui.showConsoleProgress", "false");
    String master = conf.get("spark.master");
    if (master.startsWith("local")) {
      // embedded: nothing leaves this machine
      conf.setIfMissing("spark.driver.host", "127.0.0.1");
      conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
    } else if (!conf.contains("spark.jars")) {
      // not from spark-submit: the executors load tdsim from this very jar
      thisJar().ifPresent(jar -> conf.set("spark.jars", jar.toString()));
    }
    JavaSparkContext sc;
    try {
      sc = new JavaSparkContext(conf);
    } catch (RuntimeException e) {
      throw new EngineException("spark: cannot start (master " + master + "): "
          + e.getMessage(), e);
    }
    sc.setLogLevel(conf.get("spark.tdsim.logLevel", "WARN"));
    if (!master.startsWith("local")) {
      awaitExecutors(sc, conf.getTimeAsMs("spark.scheduler.maxRegisteredResourcesWaitingTime",
          "30s"));
    }
    return new Jobs(sc, master);
  }

  /**
   * On a cluster, waits (at most as long as Spark's own scheduler would) for the first executor,
   * so the sweep's plan and time estimate see the cluster's cores rather than Spark's default of
   * 2; the jobs would wait for executors anyway.
   */
  private static void awaitExecutors(JavaSparkContext sc, long maxMillis) {
    long end = System.currentTimeMillis() + maxMillis;
    // the driver is listed among the executors: more than one means one really joined
    while (sc.statusTracker().getExecutorInfos().length < 2
        && System.currentTimeMillis() < end) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** The jar this class was loaded from, when it is one (the shaded tdsim-spark.jar). */
  static java.util.Optional<Path> thisJar() {
    try {
      Path p = Path.of(SparkEngine.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
      return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? java.util.Optional.of(p)
          : java.util.Optional.empty();
    } catch (URISyntaxException | RuntimeException e) {
      return java.util.Optional.empty();
    }
  }

  /** Runs one point inside a Spark task (a static method: nothing of the driver travels). */
  static PointOutcome runTask(PointTask task) {
    return PointWork.run(task, PointRunner.real());
  }

  /** One job per point, asynchronous: the future completes when Spark returns the outcome. */
  private static final class Jobs implements PointExecutor {
    private static final ClassTag<PointOutcome> OUTCOME = ClassTag$.MODULE$.apply(
        PointOutcome.class);
    private final JavaSparkContext sc;
    private final String master;

    Jobs(JavaSparkContext sc, String master) {
      this.sc = sc;
      this.master = master;
    }

    @Override
    public CompletableFuture<PointOutcome> submit(PointTask task) {
      CompletableFuture<PointOutcome> result = new CompletableFuture<>();
      try {
        sc.setJobDescription("tdsim point " + task.id());
        JavaRDD<PointOutcome> one = sc.parallelize(List.of(task), 1).map(SparkEngine::runTask);
        RDD<PointOutcome> rdd = one.rdd();
        FutureAction<Seq<PointOutcome>> job = RDD.rddToAsyncRDDActions(rdd, OUTCOME)
            .collectAsync();
        job.onComplete(t -> {
          if (t.isSuccess()) {
            result.complete(t.get().head());
          } else if (sc.sc().isStopped()) {
            result.completeExceptionally(new IllegalStateException("spark stopped: "
                + t.failed().get().getMessage(), t.failed().get()));
          } else {
            Throwable e = t.failed().get();
            result.complete(PointOutcome.failed(task.id(), "spark: the job failed (tasks lost"
                + " more often than spark.task.maxFailures allows): " + oneLine(e.getMessage()),
                null, 0, master));
          }
          return BoxedUnit.UNIT;
        }, ExecutionContext.global());
      } catch (RuntimeException e) {
        result.completeExceptionally(e);
      }
      return result;
    }

    @Override
    public int parallelism() {
      return Math.max(1, sc.defaultParallelism());
    }

    @Override
    public String describe() {
      return "engine spark: master " + master + ", Spark " + sc.version() + ", "
          + sc.defaultParallelism() + " cores now";
    }

    @Override
    public void close() {
      sc.stop();
    }

    private static String oneLine(String m) {
      return m == null ? "(no message)" : m.strip().replaceAll("\\s*\\R\\s*", "; ");
    }
  }
}
