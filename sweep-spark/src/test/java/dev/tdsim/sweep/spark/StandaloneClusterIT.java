package dev.tdsim.sweep.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Spark standalone cluster on localhost, from the Maven jars: a Master and a Worker (2
 * cores) as child JVMs of this test, with a temporary SPARK_HOME whose jars/ links the jars of
 * target/classpath.txt (the Worker starts executors from SPARK_HOME/jars; they load tdsim from
 * the shaded tdsim-spark.jar, hence a failsafe test after package). The small model-timed sweep
 * (grid and search) through {@code spark://127.0.0.1:PORT} writes the same sweep.csv,
 * sensitivity.json and point files as the local engine. The children are always killed.
 */
class StandaloneClusterIT {
  private static final long REGISTER_TIMEOUT_MILLIS = 90_000;

  @Test
  void aSweepOnALocalhostStandaloneClusterWritesWhatTheLocalEngineWrites(@TempDir Path dir)
      throws Exception {
    Path jar = Path.of(System.getProperty("tdsim.spark.jar")).toAbsolutePath();
    Path home = sparkHome(dir.resolve("spark-home"),
        Path.of(System.getProperty("tdsim.spark.classpath")));
    int masterPort = freePort();
    int masterUi = freePort();
    List<Process> children = new ArrayList<>();
    try {
      children.add(start(home, dir.resolve("master.log"), "org.apache.spark.deploy.master.Master",
          "--host", "127.0.0.1", "--port", Integer.toString(masterPort), "--webui-port",
          Integer.toString(masterUi)));
      children.add(start(home, dir.resolve("worker.log"), "org.apache.spark.deploy.worker.Worker",
          "--host", "127.0.0.1", "--cores", "2", "--memory", "1g", "--webui-port",
          Integer.toString(freePort()), "--work-dir", dir.resolve("work").toString(),
          "spark://127.0.0.1:" + masterPort));
      awaitWorker(masterUi, children, dir);

      SweepRun local = SweepRun.of(dir.resolve("local"), "--parallel", "2");
      assertEquals(0, local.exit(), local.toString());
      SweepRun cluster = SweepRun.of(dir.resolve("cluster"), "--engine", "spark",
          "--master", "spark://127.0.0.1:" + masterPort,
          "--conf", "spark.driver.host=127.0.0.1",
          "--conf", "spark.driver.bindAddress=127.0.0.1",
          "--conf", "spark.jars=" + jar,
          "--conf", "spark.executor.memory=512m",
          "--conf", "spark.cores.max=2");
      assertEquals(0, cluster.exit(), cluster + "\n" + logs(dir));
      // 8 grid runs and 8 probe runs: 2 probes a round (the cluster's 2 cores; issue 22 C)
      assertTrue(cluster.out().contains("16 runs now, 0 reused"), cluster.toString());
      for (String f : List.of("sweep.csv", "sensitivity.json")) {
        assertArrayEquals(Files.readAllBytes(dir.resolve("local").resolve(f)),
            Files.readAllBytes(dir.resolve("cluster").resolve(f)), f);
      }
      List<String> files = SparkEngineTest.folders(dir.resolve("local"));
      assertEquals(files, SparkEngineTest.folders(dir.resolve("cluster")));
      for (String p : files) {
        if (p.endsWith(".csv") || p.endsWith(".yaml")) {
          assertArrayEquals(Files.readAllBytes(dir.resolve("local").resolve(p)),
              Files.readAllBytes(dir.resolve("cluster").resolve(p)), p);
        }
      }
      // the points ran in executors the Worker started (their logs are in its work dir)
      try (Stream<Path> apps = Files.list(dir.resolve("work"))) {
        assertTrue(apps.anyMatch(p -> p.getFileName().toString().startsWith("app-")),
            "an application ran on the worker");
      }
    } finally {
      java.util.Collections.reverse(children); // the worker first, then the master
      for (Process p : children) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor();
      }
      // the links first, so the temporary folder's cleanup does not warn about each of them
      try (Stream<Path> links = Files.list(home.resolve("jars"))) {
        for (Path l : links.toList()) {
          Files.delete(l);
        }
      }
    }
  }

  /**
   * A SPARK_HOME whose jars/ links every jar of the class path file, with the RELEASE file by
   * which Spark's launcher tells a distribution (jars/) from a source build.
   */
  private static Path sparkHome(Path home, Path classpathFile) throws IOException {
    Path jars = Files.createDirectories(home.resolve("jars"));
    Files.writeString(home.resolve("RELEASE"), "Spark from the Maven jars (tdsim test)\n");
    String[] entries = Files.readString(classpathFile).strip().split(java.io.File.pathSeparator);
    int i = 0;
    for (String e : entries) {
      Path p = Path.of(e);
      if (e.endsWith(".jar") && Files.isRegularFile(p)) {
        Files.createSymbolicLink(jars.resolve(String.format("%03d-%s", i++, p.getFileName())), p);
      }
    }
    assertTrue(i > 50, "Spark's jars are listed in " + classpathFile + ": " + i);
    return home;
  }

  private static Process start(Path home, Path log, String mainClass, String... args)
      throws IOException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
    cmd.addAll(List.of(System.getProperty("tdsim.spark.opens", opens()).split(" ")));
    cmd.addAll(List.of("-cp", home.resolve("jars") + "/*", mainClass));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    Map<String, String> env = pb.environment();
    env.put("SPARK_HOME", home.toString());
    env.put("SPARK_LOCAL_IP", "127.0.0.1");
    env.put("SPARK_SCALA_VERSION", "2.13");
    env.put("JAVA_HOME", System.getProperty("java.home"));
    return pb.start();
  }

  /** The --add-opens list Spark's launcher uses (the same as this JVM's, from the pom). */
  private static String opens() {
    List<String> out = new ArrayList<>();
    for (String a : java.lang.management.ManagementFactory.getRuntimeMXBean()
        .getInputArguments()) {
      if (a.startsWith("--add-opens") || a.startsWith("-XX:+IgnoreUnrecognized")
          || a.startsWith("-Djdk.reflect") || a.startsWith("-Dio.netty")) {
        out.add(a);
      }
    }
    return String.join(" ", out);
  }

  /** Waits until the Master's JSON page lists an alive worker. */
  private static void awaitWorker(int masterUi, List<Process> children, Path dir)
      throws Exception {
    long end = System.currentTimeMillis() + REGISTER_TIMEOUT_MILLIS;
    Pattern alive = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)");
    while (System.currentTimeMillis() < end) {
      for (Process p : children) {
        if (!p.isAlive()) {
          fail("a Spark daemon exited with " + p.exitValue() + "\n" + logs(dir));
        }
      }
      try (InputStream in = URI.create("http://127.0.0.1:" + masterUi + "/json/").toURL()
          .openStream()) {
        Matcher m = alive.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        if (m.find() && Integer.parseInt(m.group(1)) >= 1) {
          return;
        }
      } catch (IOException notYet) {
        // the master is still starting
      }
      Thread.sleep(250);
    }
    fail("no worker registered within " + REGISTER_TIMEOUT_MILLIS / 1000 + " s\n" + logs(dir));
  }

  private static String logs(Path dir) {
    StringBuilder b = new StringBuilder();
    for (String f : List.of("master.log", "worker.log")) {
      try {
        String text = Files.readString(dir.resolve(f));
        b.append("--- ").append(f).append(" (end)\n")
            .append(text.substring(Math.max(0, text.length() - 4000))).append('\n');
      } catch (IOException e) {
        b.append("--- ").append(f).append(": ").append(e.getMessage()).append('\n');
      }
    }
    return b.toString();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
