package dev.tdsim.sweep.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.sweep.engine.SweepEngines;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spark engine embedded ({@code local[2]}) against the local engine on the same model-timed
 * sweep, grid and search: the same files, and a stopped sweep resumed on Spark runs only what is
 * missing.
 */
class SparkEngineTest {
  @Test
  void embeddedSparkWritesTheSameSweepAsTheLocalEngineAndResumesIt(@TempDir Path dir)
      throws Exception {
    assertTrue(SweepEngines.all().containsKey(SparkEngine.NAME), "found by ServiceLoader");
    SweepRun local = SweepRun.of(dir.resolve("local"), "--parallel", "2");
    assertEquals(0, local.exit(), local.toString());
    SweepRun spark = SweepRun.of(dir.resolve("spark"), "--engine", "spark", "--parallel", "2");
    assertEquals(0, spark.exit(), spark.toString());
    // 8 grid runs and 8 probe runs: the search runs 2 probes a round (local[2]; issue 22 C)
    assertTrue(spark.out().contains("16 runs now, 0 reused"), spark.toString());
    for (String f : List.of("sweep.csv", "sensitivity.json")) {
      assertArrayEquals(Files.readAllBytes(dir.resolve("local").resolve(f)),
          Files.readAllBytes(dir.resolve("spark").resolve(f)), f);
    }
    assertEquals(folders(dir.resolve("local")), folders(dir.resolve("spark")),
        "the same point and probe folders");
    for (String p : folders(dir.resolve("local"))) {
      if (p.endsWith(".csv") || p.endsWith(".yaml")) {
        assertArrayEquals(Files.readAllBytes(dir.resolve("local").resolve(p)),
            Files.readAllBytes(dir.resolve("spark").resolve(p)), p);
      }
    }

    // stopped midway: a point and a probe lost; Spark runs just those two again
    byte[] csv = Files.readAllBytes(dir.resolve("spark").resolve("sweep.csv"));
    deleteTree(dir.resolve("spark").resolve("points").resolve(
        "msgs_per_block-20__variant-folded__r1"));
    try (Stream<Path> probes = Files.list(dir.resolve("spark").resolve("probes"))) {
      deleteTree(probes.sorted().findFirst().orElseThrow());
    }
    SweepRun resumed = SweepRun.of(dir.resolve("spark"), "--engine", "spark", "--parallel",
        "2");
    assertEquals(0, resumed.exit(), resumed.toString());
    assertTrue(resumed.out().contains("2 runs now, 14 reused"), resumed.toString());
    assertArrayEquals(csv, Files.readAllBytes(dir.resolve("spark").resolve("sweep.csv")));
  }

  @Test
  void clusterOptionsAreCheckedBeforeSparkStarts(@TempDir Path dir) {
    SweepRun both = SweepRun.of(dir, "--engine", "spark", "--master", "spark://127.0.0.1:1",
        "--parallel", "2");
    assertEquals(2, both.exit(), both.toString());
    assertTrue(both.err().contains("--parallel sets the cores of the embedded Spark"),
        both.toString());
    SweepRun conf = SweepRun.of(dir, "--engine", "spark", "--conf", "executor.memory=1g");
    assertEquals(2, conf.exit(), conf.toString());
    assertTrue(conf.err().contains("Spark settings start with 'spark.'"), conf.toString());
    assertArrayEquals(new String[] {"sweep", "--engine", "spark", "x.yaml"},
        SparkMain.withSparkEngine(new String[] {"sweep", "x.yaml"}));
    assertArrayEquals(new String[] {"sweep", "x.yaml", "--engine", "local"},
        SparkMain.withSparkEngine(new String[] {"sweep", "x.yaml", "--engine", "local"}));
  }

  /** Every file under the sweep's points/ and probes/, relative. */
  static List<String> folders(Path out) throws Exception {
    try (Stream<Path> walk = Files.walk(out)) {
      return walk.filter(Files::isRegularFile).map(p -> out.relativize(p).toString())
          .filter(p -> p.startsWith("points/") || p.startsWith("probes/")).sorted().toList();
    }
  }

  static void deleteTree(Path p) throws Exception {
    try (Stream<Path> walk = Files.walk(p)) {
      for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(q);
      }
    }
  }
}
