package dev.tdsim.sweep.engine;

import dev.tdsim.scenario.Scenario;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One point to run, self-contained so it can travel to another JVM (Java serialisation): the
 * point id, the scenario as canonical YAML with its hash, the content of its calibration file
 * (when {@code crypto.calibration} names one: the file is shipped, the executor need not see the
 * driver's disk) and the tdsim version to write into summary.json. On the driver it also holds
 * the scenario itself ({@link #scenario()}, not serialised), so an in-process engine runs it
 * without reading the YAML back.
 */
public final class PointTask implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String id;
  private final String scenarioYaml;
  private final String scenarioHash;
  private final String calibration;
  private final String calibrationText;
  private final String version;
  private final transient Scenario scenario;

  private PointTask(String id, String scenarioYaml, String scenarioHash, String calibration,
      String calibrationText, String version, Scenario scenario) {
    this.id = id;
    this.scenarioYaml = scenarioYaml;
    this.scenarioHash = scenarioHash;
    this.calibration = calibration;
    this.calibrationText = calibrationText;
    this.version = version;
    this.scenario = scenario;
  }

  /**
   * The task of a point: its canonical YAML and, when {@code crypto.calibration} names a file,
   * that file's content (a file that cannot be read is left out: the point then fails where it
   * runs, with the loader's message).
   */
  public static PointTask of(String id, Scenario s, String version) {
    String calibration = null;
    Optional<Path> file = s.calibrationFile();
    if (file.isPresent()) {
      try {
        calibration = Files.readString(file.get());
      } catch (IOException | RuntimeException e) {
        calibration = null;
      }
    }
    return new PointTask(id, s.toYaml(), s.hash(), s.crypto().calibration(), calibration, version,
        s);
  }

  public String id() {
    return id;
  }

  /** The scenario as {@link dev.tdsim.scenario.ScenarioWriter#toYaml} wrote it. */
  public String scenarioYaml() {
    return scenarioYaml;
  }

  public String scenarioHash() {
    return scenarioHash;
  }

  /** {@code crypto.calibration} as written in the scenario ({@code builtin} or a path). */
  public String calibration() {
    return calibration;
  }

  /** The calibration file's content, or null (builtin, or unreadable on the driver). */
  public String calibrationText() {
    return calibrationText;
  }

  public String version() {
    return version;
  }

  /** The driver's scenario; null once the task was serialised (read it back from the YAML). */
  public Scenario scenario() {
    return scenario;
  }
}
