package dev.tdsim.scenario;

import org.snakeyaml.engine.v2.nodes.Node;

/**
 * The type of a scenario value: how it reads from YAML (with located errors), how it is written
 * back ({@code --dump-config}), and the name docs/SCENARIOS.md gives it.
 *
 * @param <T> the value in the scenario's records
 */
interface ValueType<T> {
  /** The value of {@code n}, or a located error ({@link FieldReader#error}). */
  T parse(FieldReader reader, String field, Node n);

  /** The value as the canonical YAML writes it. */
  Node node(T value);

  /** The type column of docs/SCENARIOS.md ({@code duration}, {@code int or none}, ...). */
  String doc();
}
