package dev.tdsim.sweep.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.ScenarioLoader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A point task travels (Java serialisation) with its calibration and runs the same elsewhere. */
class PointWorkTest {
  static final String TINY = String.join("\n",
      "name: tiny",
      "seed: 7",
      "heights: 2",
      "validators: {count: 4, cores: 2}",
      "keys: {shares: 8}",
      "network: {model: uniform, latency: 5 ms}",
      "workload: {msgs_per_block: 4, msg_size: 100 B}",
      "");

  @Test
  void aShippedTaskRunsWithoutTheDriversFilesAndGivesTheSameBytes(@TempDir Path dir)
      throws Exception {
    Path cal = dir.resolve("cal").resolve("costs.yaml");
    Files.createDirectories(cal.getParent());
    try (InputStream in = getClass().getResourceAsStream("/builtin-cost-model.yaml")) {
      Files.write(cal, in.readAllBytes());
    }
    Path file = dir.resolve("scenarios").resolve("tiny.yaml");
    Files.createDirectories(file.getParent());
    Files.writeString(file, TINY
        + "crypto: {variant: fast, timing: model, calibration: ../cal/costs.yaml}\n");
    Scenario s = ScenarioLoader.load(file);
    PointTask task = PointTask.of("p0", s, "test");
    assertNotNull(task.calibrationText());
    PointOutcome here = PointWork.run(task, PointRunner.real());
    assertFalse(here.failed(), here.error());

    PointTask shipped = roundTrip(task);
    assertNull(shipped.scenario(), "the scenario object does not travel, its YAML does");
    // the executor does not see the driver's disk: the calibration must come with the task
    Files.delete(cal);
    PointOutcome there = PointWork.run(shipped, PointRunner.real());
    assertFalse(there.failed(), there.error());
    assertArrayEquals(here.heightsCsv(), there.heightsCsv());
    assertArrayEquals(here.latenciesMs(), there.latenciesMs());
    // summary.json also holds the real crypto calls' measured times (cost_check), which differ
    // from run to run; what the sweep reads from it (the verdicts) is the same
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper();
    assertEquals(json.readTree(here.summaryJson()).get("verdicts"),
        json.readTree(there.summaryJson()).get("verdicts"));
    assertNotNull(json.readTree(here.summaryJson()).get("verdicts").get(0));
  }

  @Test
  void aFailingPointIsAnOutcomeNotAnException() throws Exception {
    PointTask task = roundTrip(PointTask.of("bad", ScenarioLoader.parse(TINY, "tiny.yaml",
        List.of()), "test"));
    PointOutcome bad = PointWork.run(task, s -> {
      throw new IllegalArgumentException("no such thing");
    });
    assertTrue(bad.failed());
    assertEquals("IllegalArgumentException: no such thing", bad.error());
    assertTrue(bad.errorDetail().contains("PointWorkTest"), bad.errorDetail());
    PointOutcome oom = PointWork.run(task, s -> {
      throw new OutOfMemoryError("Java heap space");
    });
    assertTrue(oom.error().startsWith("out of memory"), oom.error());
    assertNull(oom.summaryJson());
  }

  @Test
  void enginesAreChosenByNameAndTheLocalOneRefusesClusterOptions() {
    assertEquals("local", SweepEngines.byName("local").name());
    EngineException unknown = assertThrows(EngineException.class,
        () -> SweepEngines.byName("nope"));
    assertTrue(unknown.getMessage().startsWith("--engine: unknown engine 'nope'; known: local"),
        unknown.getMessage());
    if (!SweepEngines.all().containsKey("spark")) {
      EngineException missing = assertThrows(EngineException.class,
          () -> SweepEngines.byName("spark"));
      assertTrue(missing.getMessage().contains("make spark"), missing.getMessage());
    }
    PointRunner never = s -> {
      throw new AssertionError("not run");
    };
    assertThrows(EngineException.class, () -> new LocalEngine().open(
        new EngineOptions(1, false, "spark://x:7077", Map.of(), never)));
    assertThrows(EngineException.class, () -> new LocalEngine().open(
        new EngineOptions(1, false, null, Map.of("a", "b"), never)));
  }

  static PointTask roundTrip(PointTask t) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
      o.writeObject(t);
    }
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      return (PointTask) in.readObject();
    }
  }
}
