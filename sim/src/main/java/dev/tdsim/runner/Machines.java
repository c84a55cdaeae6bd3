package dev.tdsim.runner;

import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.Hardware;

/**
 * The simulation of a run and its validators' machines.
 *
 * @param hardware each validator's cores and speed
 * @param cpus each validator's cores, shared by its consensus thread and its background crypto
 *     (the DKG)
 */
record Machines(Simulation sim, Hardware[] hardware, NodeCpu[] cpus) {

  static Machines of(Hardware[] hardware) {
    Simulation sim = new Simulation();
    // Each validator's cores, shared by its consensus thread and its background crypto (the DKG).
    NodeCpu[] cpus = NodeCpu.of(sim, hardware);
    return new Machines(sim, hardware, cpus);
  }
}
