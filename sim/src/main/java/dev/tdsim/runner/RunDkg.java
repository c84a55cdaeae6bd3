package dev.tdsim.runner;

import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.epochs.DkgCosts;
import dev.tdsim.epochs.DkgOutcome;
import dev.tdsim.epochs.NetworkDkg;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.pipeline.DecryptionPipeline;
import dev.tdsim.consensus.Messenger;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.TimingModel;
import java.util.List;

/**
 * The DKGs of a run's key epochs over the simulated network, on the validators' shared cores;
 * without key epochs every method does nothing.
 */
final class RunDkg {
  private static final String EPOCH_NOTE = "key sets from DKGs over the simulated network: a"
      + " validator's DKG computation (run here for real once per epoch, each validator charged"
      + " its own calls, priced by the run's timing like the other crypto calls, spread over its"
      + " cores by the calibrated serial fraction) runs on the same cores as its consensus"
      + " thread: while both run they share the cores (each runnable thread an equal share), so"
      + " the DKG slows consensus and consensus slows the DKG (docs/COSTS.md, CPU model); blocks"
      + " committed before their epoch's key is ready wait for it to be decrypted";

  /** Null without key epochs. */
  private final NetworkDkg dkg;

  private RunDkg(NetworkDkg dkg) {
    this.dkg = dkg;
  }

  /** The epochs' DKGs, and the pipeline taking each height's key set from its epoch. */
  static RunDkg attach(Scenario s, RunKeys keys, Machines machines, Messenger messenger,
      FaultPlan plan, TimingModel timing, CostCheck check, DecryptionPipeline pipeline,
      List<String> notes) {
    NetworkDkg dkg = null;
    if (keys.epochKeys() != null) {
      dkg = new NetworkDkg(machines.sim(), messenger, s.keys(), keys.epochKeys(),
          machines.cpus(), plan, new DkgCosts(timing, check));
      pipeline.keyEpochs(keys.epochKeys()::crypto, dkg);
      notes.add(EPOCH_NOTE);
    }
    return new RunDkg(dkg);
  }

  void start() {
    if (dkg != null) {
      dkg.start();
    }
  }

  /** After the run: what sharing the cores cost, and what the closed-form consensus left out. */
  void addNotes(NodeCpu[] cpus, boolean exact, List<String> notes) {
    if (dkg != null) {
      notes.add(cpuSharingNote(cpus));
      if (!exact) {
        notes.add("the large-committee consensus model computes its rounds in closed form and"
            + " does not put its work on the validators' shared cores: the DKG runs beside it"
            + " as if consensus were idle");
      }
    }
  }

  /** What the DKGs did; null without key epochs. */
  DkgOutcome outcome(Scenario s, DecryptionPipeline pipeline) {
    return dkg == null ? null : new DkgOutcome(s.keys().setup().yamlName(),
        s.keys().epochLength(), s.keys().dkgLead(), dkg.outcome(), pipeline.keyWaitNanos());
  }

  /** What sharing each validator's cores between consensus and the DKG cost both sides. */
  static String cpuSharingNote(NodeCpu[] cpus) {
    long consensus = 0;
    long background = 0;
    long most = 0;
    for (NodeCpu c : cpus) {
      consensus += c.consensusStretchNanos();
      background += c.backgroundStretchNanos();
      most = Math.max(most, c.consensusStretchNanos());
    }
    return String.format(java.util.Locale.ROOT, "shared cores: beside the DKG, consensus actions"
        + " took %.1f ms longer per validator on average (%.1f ms at the most slowed), and"
        + " beside consensus the DKG calls took %.1f ms longer per validator on average",
        consensus / 1e6 / cpus.length, most / 1e6, background / 1e6 / cpus.length);
  }
}
