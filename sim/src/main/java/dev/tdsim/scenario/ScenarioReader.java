package dev.tdsim.scenario;

import java.nio.file.Path;
import java.util.List;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.nodes.MappingNode;

/**
 * Turns a composed (and overridden) YAML tree into a {@link Scenario}: the schema of each section
 * ({@link ScenarioSchema}) checks keys, converts values and units and applies defaults; the
 * records validate themselves; a {@link FieldReader} gives every error the line of the field it
 * concerns and collects them all. One instance per load.
 */
final class ScenarioReader {
  private final String label;
  private final Path source;
  private final LoadSettings settings;

  ScenarioReader(String label, Path source, LoadSettings settings) {
    this.label = label;
    this.source = source;
    this.settings = settings;
  }

  /**
   * Reads the whole tree, collecting every error instead of stopping at the first.
   *
   * @param earlier errors found before reading (bad {@code --set} paths), reported with the rest
   * @throws ScenarioException when anything is wrong: {@link ScenarioException#getErrors()} has
   *     every error in file order
   */
  Scenario read(MappingNode root, String defaultName, List<ScenarioException> earlier) {
    FieldReader reader = new FieldReader(label, settings, earlier);
    Section<Scenario> top = ScenarioSchema.of(defaultName, source);
    Scenario scenario = top.read(reader, reader.entries(root, "", top.keys()));
    if (scenario != null && reader.clean()) {
      // needs a whole, valid scenario (it reads the calibration file it names)
      reader.build("", () -> StepBounds.check(scenario), () -> null, List.of());
    }
    reader.throwErrors();
    return scenario;
  }
}
