package dev.tdsim.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

/**
 * YAML nodes as the scenario layer sees them: what a read node is ({@link #isNull}, {@link
 * #describe} for messages) and the nodes the writer builds (plain scalars, block mappings, flow
 * lists).
 */
final class YamlNodes {
  private YamlNodes() {}

  /** A key with no value ({@code key:}), not the quoted string "null". */
  static boolean isNull(Node n) {
    return n instanceof ScalarNode s && s.getTag().equals(Tag.NULL)
        && s.getScalarStyle() == ScalarStyle.PLAIN;
  }

  /** The node as an error message names it. */
  static String describe(Node n) {
    if (n instanceof SequenceNode) {
      return "a list";
    }
    if (n instanceof MappingNode) {
      return "a mapping";
    }
    if (isNull(n)) {
      return "nothing";
    }
    return "'" + ((ScalarNode) n).getValue() + "'";
  }

  static void put(List<NodeTuple> map, String key, Node value) {
    map.add(new NodeTuple(str(key), value));
  }

  static MappingNode block(List<NodeTuple> entries) {
    return new MappingNode(Tag.MAP, entries, FlowStyle.BLOCK);
  }

  static <T> SequenceNode flowList(List<T> items, Function<T, Node> node) {
    List<Node> nodes = new ArrayList<>();
    for (T item : items) {
      nodes.add(node.apply(item));
    }
    return new SequenceNode(Tag.SEQ, nodes, FlowStyle.FLOW);
  }

  static ScalarNode str(String s) {
    return new ScalarNode(Tag.STR, s, ScalarStyle.PLAIN);
  }

  static ScalarNode bool(boolean b) {
    return new ScalarNode(Tag.BOOL, Boolean.toString(b), ScalarStyle.PLAIN);
  }

  static ScalarNode duration(long nanos) {
    return str(Units.formatDuration(nanos));
  }

  static ScalarNode num(long n) {
    return new ScalarNode(Tag.INT, Long.toString(n), ScalarStyle.PLAIN);
  }

  static ScalarNode real(double d) {
    return new ScalarNode(Tag.FLOAT, Double.toString(d), ScalarStyle.PLAIN);
  }

  /** A written value as one line of flow YAML (for the docs' default column). */
  static String flow(Node n) {
    if (n instanceof SequenceNode seq) {
      List<String> items = new ArrayList<>();
      seq.getValue().forEach(item -> items.add(flow(item)));
      return "[" + String.join(", ", items) + "]";
    }
    if (n instanceof MappingNode m) {
      return m.getValue().isEmpty() ? "{}" : "{...}";
    }
    return ((ScalarNode) n).getValue();
  }
}
