package dev.tdsim.consensus;

import dev.tdsim.consensus.jolteon.Jolteon;
import dev.tdsim.consensus.tendermint.Tendermint;
import dev.tdsim.registry.Registry;
import java.util.List;

/**
 * The registry of consensus protocols, keyed by the name a scenario writes in
 * {@code consensus.protocol}. Adding a protocol is one class and one line here.
 */
public final class Protocols {
  private static final Registry<ProtocolKind> KINDS = Registry.of("consensus protocol",
      ProtocolKind::name, List.of(Tendermint.KIND, Jolteon.KIND));

  private Protocols() {}

  public static List<String> names() {
    return KINDS.names();
  }

  /** Every protocol, in registry order. */
  public static List<ProtocolKind> all() {
    return KINDS.all();
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static ProtocolKind byName(String name) {
    return KINDS.get(name);
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static ConsensusProtocol create(String name, ProtocolContext context) {
    return byName(name).create(context);
  }
}
