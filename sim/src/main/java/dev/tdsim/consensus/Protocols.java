package dev.tdsim.consensus;

import dev.tdsim.consensus.tendermint.Tendermint;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registry of consensus protocols, keyed by the name a scenario writes in
 * {@code consensus.protocol}. Adding a protocol is one class and one line here.
 */
public final class Protocols {
  /** Creates a protocol for one run. */
  public interface Factory {
    ConsensusProtocol create(ProtocolContext context);
  }

  private static final Map<String, Factory> FACTORIES = new LinkedHashMap<>();

  static {
    FACTORIES.put(Tendermint.NAME, Tendermint::create);
  }

  private Protocols() {}

  public static List<String> names() {
    return List.copyOf(FACTORIES.keySet());
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static ConsensusProtocol create(String name, ProtocolContext context) {
    Factory f = FACTORIES.get(name);
    if (f == null) {
      throw new IllegalArgumentException(
          "unknown consensus protocol '" + name + "'; known: " + names());
    }
    return f.create(context);
  }
}
