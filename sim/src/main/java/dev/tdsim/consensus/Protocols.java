package dev.tdsim.consensus;

import dev.tdsim.consensus.tendermint.Tendermint;
import dev.tdsim.registry.Registry;
import java.util.List;

/**
 * The registry of consensus protocols, keyed by the name a scenario writes in
 * {@code consensus.protocol}. Adding a protocol is one class and one line here.
 */
public final class Protocols {
  /** Creates a protocol for one run. */
  public interface Factory {
    ConsensusProtocol create(ProtocolContext context);
  }

  private static final Registry<Factory> FACTORIES =
      Registry.<Factory>builder("consensus protocol").add(Tendermint.NAME, Tendermint::create)
          .build();

  private Protocols() {}

  public static List<String> names() {
    return FACTORIES.names();
  }

  /** @throws IllegalArgumentException for an unknown name, listing the known ones */
  public static ConsensusProtocol create(String name, ProtocolContext context) {
    return FACTORIES.get(name).create(context);
  }
}
