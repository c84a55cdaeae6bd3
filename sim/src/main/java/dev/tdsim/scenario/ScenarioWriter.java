package dev.tdsim.scenario;

import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.StreamDataWriter;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Writes a resolved {@link Scenario} as YAML: every key its schema ({@link ScenarioSchema})
 * declares, in canonical order, every quantity as its canonical unit string ({@link Units}),
 * lists of scalars in flow style. The
 * output is what {@code tdsim run --dump-config} prints and loads back with {@link ScenarioLoader}
 * to an equal scenario.
 */
public final class ScenarioWriter {
  private ScenarioWriter() {}

  private static final DumpSettings SETTINGS = DumpSettings.builder()
      .setDefaultFlowStyle(FlowStyle.BLOCK)
      .setSchema(new CoreSchema())
      .setWidth(10_000)
      .setSplitLines(false)
      .setIndent(2)
      .build();

  /** The canonical YAML of the scenario (no comments; {@code source} is not written). */
  public static String toYaml(Scenario s) {
    return dump(ScenarioSchema.TOP.node(s));
  }

  /**
   * What {@link Scenario#hash()} hashes: the canonical YAML with every renamed key under its
   * first name ({@code crypto.variant}), so that renaming a key changes no scenario's hash (nor
   * the result folders and sweep points that carry it).
   */
  static String hashedYaml(Scenario s) {
    return dump(ScenarioSchema.underFormerNames(ScenarioSchema.TOP.node(s)));
  }

  private static String dump(Node root) {
    StringBuilder out = new StringBuilder();
    new Dump(SETTINGS).dumpNode(root, new StreamDataWriter() {
      @Override
      public void write(String str) {
        out.append(str);
      }

      @Override
      public void write(String str, int off, int len) {
        out.append(str, off, off + len);
      }
    });
    return out.toString();
  }

  /**
   * What {@code --dump-config} prints: a comment naming the source file and the hash, then {@link
   * #toYaml(Scenario)}. Comments do not change the hash, so the output hashes like the scenario.
   */
  public static String dumpConfig(Scenario s) {
    String yaml = toYaml(s);
    StringBuilder sb = new StringBuilder();
    sb.append("# tdsim resolved scenario");
    if (s.source() != null) {
      sb.append(" from ").append(s.source().toString().replace('\n', ' '));
    }
    sb.append('\n').append("# sha256: ").append(s.hash()).append('\n');
    return sb.append(yaml).toString();
  }
}
