package dev.tdsim.sweep.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The main class of tdsim-spark.jar ({@code spark-submit --class dev.tdsim.sweep.spark.SparkMain
 * tdsim-spark.jar sweep FILE ...} and {@code ./tdsim-spark}): the tdsim CLI, with {@code sweep}
 * on the spark engine unless {@code --engine} says otherwise.
 */
public final class SparkMain {
  private SparkMain() {}

  public static void main(String[] args) {
    dev.tdsim.cli.Main.main(withSparkEngine(args));
  }

  static String[] withSparkEngine(String[] args) {
    List<String> a = new ArrayList<>(Arrays.asList(args));
    int sweep = a.indexOf("sweep");
    boolean chosen = a.stream().anyMatch(s -> s.equals("--engine") || s.startsWith("--engine="));
    if (sweep >= 0 && !chosen && !a.contains("--help") && !a.contains("-h")) {
      a.add(sweep + 1, "--engine");
      a.add(sweep + 2, SparkEngine.NAME);
    }
    return a.toArray(String[]::new);
  }
}
