package dev.tdsim.consensus;

import java.util.List;
import java.util.function.Function;

/**
 * A consensus protocol as the registry ({@link Protocols}) knows it: the name a scenario writes in
 * {@code consensus.protocol}, the settings it reads from that section, and the factory of one
 * run. A protocol knows its own facts; nothing outside compares its name.
 */
public interface ProtocolKind {
  /** The name a scenario writes in {@code consensus.protocol}. */
  String name();

  /** Its own keys under {@code consensus:}, in the order the writer writes them. */
  List<ProtocolField> fields();

  /** Its settings when the scenario gives none of its keys. */
  ProtocolSettings defaults();

  /** What its blocks carry at most when the scenario does not say (the real system's default). */
  BlockLimits blockLimits();

  /**
   * Its settings from the value of each of its {@link #fields()} (by key, of the field type's
   * Java class, each already checked against its type).
   *
   * @throws IllegalArgumentException when the values do not go together, the message starting
   *     with the key at fault
   */
  ProtocolSettings settings(Function<String, Object> valueOfKey);

  /** The protocol for one run. */
  ConsensusProtocol create(ProtocolContext context);
}
