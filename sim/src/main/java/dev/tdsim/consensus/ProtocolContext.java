package dev.tdsim.consensus;

import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.Dissemination;
import dev.tdsim.random.RandomStreams;

/**
 * Everything a protocol factory may use: the assembler fills it once per run.
 *
 * @param stake voting power by validator
 * @param heights heights to decide
 * @param dissemination the network's dissemination, for models that compute quorum arrival
 *     times instead of simulating each message
 * @param faults which validators are down, silent or lying ({@link NodeFaults#NONE}: none)
 * @param cpus each validator's cores, shared by its consensus thread and its background crypto
 *     (null: one per validator with no background work, the plain serial consensus CPU)
 */
public record ProtocolContext(
    Simulation sim,
    long[] stake,
    int heights,
    ProtocolSettings settings,
    NodeCosts costs,
    BlockSource blocks,
    Transport transport,
    ConsensusListener listener,
    Dissemination dissemination,
    RandomStreams streams,
    NodeFaults faults,
    NodeCpu[] cpus) {

  public ProtocolContext {
    faults = faults == null ? NodeFaults.NONE : faults;
    cpus = cpus == null ? NodeCpu.consensusOnly(sim, stake.length) : cpus;
    if (cpus.length != stake.length) {
      throw new IllegalArgumentException("one CPU per validator: " + cpus.length + " for "
          + stake.length + " validators");
    }
  }

  /** A run whose validators' CPUs run consensus only. */
  public ProtocolContext(Simulation sim, long[] stake, int heights, ProtocolSettings settings,
      NodeCosts costs, BlockSource blocks, Transport transport, ConsensusListener listener,
      Dissemination dissemination, RandomStreams streams, NodeFaults faults) {
    this(sim, stake, heights, settings, costs, blocks, transport, listener, dissemination,
        streams, faults, null);
  }

  /** A fault-free run. */
  public ProtocolContext(Simulation sim, long[] stake, int heights, ProtocolSettings settings,
      NodeCosts costs, BlockSource blocks, Transport transport, ConsensusListener listener,
      Dissemination dissemination, RandomStreams streams) {
    this(sim, stake, heights, settings, costs, blocks, transport, listener, dissemination,
        streams, NodeFaults.NONE, null);
  }
}
