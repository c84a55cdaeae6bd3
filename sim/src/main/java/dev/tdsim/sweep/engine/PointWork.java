package dev.tdsim.sweep.engine;

import dev.tdsim.report.ReportWriter;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Summaries;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioException;
import dev.tdsim.scenario.ScenarioLoader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Runs a {@link PointTask} where an engine placed it: reads the scenario back (or takes the
 * driver's own in process), runs it, and returns the point folder's files as bytes; every failure
 * of the point (a bad value, out of memory, a stack overflow) becomes an error outcome instead of
 * an exception, so one bad point never stops a sweep.
 */
public final class PointWork {
  private PointWork() {}

  public static PointOutcome run(PointTask task, PointRunner runner) {
    long t0 = System.nanoTime();
    Path scratch = null;
    try {
      Scenario s = task.scenario();
      if (s == null) {
        scratch = Files.createTempDirectory("tdsim-point-");
        s = readBack(task, scratch);
      }
      ScenarioRunner.Result result = runner.run(s);
      RunSummary summary = Summaries.of(result, task.version());
      if (scratch == null) {
        scratch = Files.createTempDirectory("tdsim-point-");
      }
      Path files = Files.createDirectories(scratch.resolve("out"));
      ReportWriter.writeHeights(files, result.rows(),
          result.scenario().signing().isPresent());
      ReportWriter.writeSummary(files, summary);
      double[] latencies = new double[result.heights().size()];
      for (int i = 0; i < latencies.length; i++) {
        latencies[i] = result.heights().get(i).decryptionLatencyNanos() / 1e6;
      }
      return PointOutcome.ok(task.id(), Files.readAllBytes(files.resolve(ReportWriter.HEIGHTS)),
          Files.readAllBytes(files.resolve(ReportWriter.SUMMARY)), latencies,
          System.nanoTime() - t0, host());
    } catch (OutOfMemoryError e) {
      return PointOutcome.failed(task.id(), "out of memory (the JVM's heap is "
          + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB; give it more with -Xmx"
          + " or spark.executor.memory, or make the point smaller)", trace(e),
          System.nanoTime() - t0, host());
    } catch (StackOverflowError e) {
      return PointOutcome.failed(task.id(), "stack overflow (run with a larger -Xss)", trace(e),
          System.nanoTime() - t0, host());
    } catch (Exception e) {
      return PointOutcome.failed(task.id(), message(e), trace(e), System.nanoTime() - t0,
          host());
    } finally {
      delete(scratch);
    }
  }

  /**
   * The scenario from the task's YAML, with its calibration file written beside it under the
   * name {@code crypto.calibration} gives (relative to the scenario, as on the driver); an
   * absolute path is used as it is when the file is there with the same content.
   */
  static Scenario readBack(PointTask task, Path scratch) throws IOException {
    Path file = scratch.resolve("scenario.yaml");
    String text = task.calibrationText();
    if (text != null) {
      Path rel = Path.of(task.calibration()).normalize();
      if (rel.isAbsolute()) {
        if (!Files.isRegularFile(rel) || !Files.readString(rel).equals(text)) {
          throw new IOException("crypto.calibration: " + rel + " is not on this machine (or"
              + " differs from the driver's): an absolute path is not shipped; write it relative"
              + " to the scenario file");
        }
      } else {
        Path dir = scratch.resolve("s");
        for (Path part : rel) {
          if (part.toString().equals("..")) {
            dir = dir.resolve("up");
          }
        }
        Path target = dir.resolve(rel).normalize();
        Files.createDirectories(target.getParent());
        Files.writeString(target, text);
        Files.createDirectories(dir);
        file = dir.resolve("scenario.yaml");
      }
    }
    Files.writeString(file, task.scenarioYaml());
    Scenario s = ScenarioLoader.load(file);
    if (!s.hash().equals(task.scenarioHash())) {
      throw new IllegalStateException("the point's scenario reads back differently here (hash "
          + s.hash() + ", the driver's " + task.scenarioHash() + "): are the driver and this"
          + " executor the same tdsim version (" + task.version() + ")?");
    }
    return s;
  }

  /** One line: the input's own message for bad input, else the exception's class and message. */
  static String message(Throwable e) {
    if (e instanceof UncheckedIOException u && u.getCause() != null) {
      e = u.getCause();
    }
    String m = e.getMessage();
    if (e instanceof ScenarioException se && !se.getErrors().isEmpty()) {
      m = String.join("; ", se.getErrors().stream().map(ScenarioException::getMessage).toList());
    }
    boolean input = e instanceof dev.tdsim.scenario.InputException
        || e instanceof ScenarioException;
    String text = m == null || m.isBlank() ? e.getClass().getName()
        : input ? m : e.getClass().getSimpleName() + ": " + m;
    return text.strip().replaceAll("\\s*\\R\\s*", "; ");
  }

  private static String trace(Throwable e) {
    StringWriter w = new StringWriter();
    e.printStackTrace(new PrintWriter(w));
    return w.toString();
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | RuntimeException e) {
      // a temporary folder left behind is not worth failing a point for
    }
  }
}
