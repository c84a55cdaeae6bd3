package dev.tdsim.runner;

import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.NodeFaults;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.ActiveFaults;
import dev.tdsim.faults.FaultOutcome;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultTracker;
import dev.tdsim.faults.FaultyBlocks;
import dev.tdsim.faults.FaultyTransport;
import dev.tdsim.pipeline.DecryptionPipeline;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.timing.Hardware;
import dev.tdsim.transport.NetworkTransport;
import java.util.Arrays;

/**
 * The scenario's faults wired into a run: the slowed hardware, the faulty transport in front of
 * the network, the faulty blocks and validators consensus sees, the tracker that watches for a
 * halt, the combiner choice around crashed proposers, and the outcome. Without faults each part
 * is the plain one, so the assembly reads the same with and without them.
 */
final class RunFaults {
  private final FaultPlan plan;
  /** Null for a fault-free run. */
  private final ActiveFaults active;
  private FaultyTransport faulty;
  private FaultTracker tracker;

  RunFaults(FaultPlan plan) {
    this.plan = plan;
    this.active = plan.isEmpty() ? null : new ActiveFaults(plan);
  }

  FaultPlan plan() {
    return plan;
  }

  /** Each validator's hardware: the scenario's, its speed divided by a slow validator's factor. */
  Hardware[] hardware(Scenario s) {
    int v = s.validators().count();
    Hardware[] hardware = new Hardware[v];
    Arrays.fill(hardware, new Hardware(s.validators().cores(), s.validators().speed()));
    for (int i = 0; i < v && !plan.isEmpty(); i++) {
      double slow = plan.constantCpuFactor(i);
      if (slow != 1) {
        hardware[i] = new Hardware(s.validators().cores(), s.validators().speed() / slow);
      }
    }
    return hardware;
  }

  /** The transport that drops, delays and partitions the network's messages; null without. */
  FaultyTransport transport(NetworkTransport networkTransport, Simulation sim,
      RandomStreams streams, long gossipSleepNanos, Scenario s) {
    faulty = active == null ? null
        : new FaultyTransport(networkTransport, networkTransport, sim, active, streams,
            gossipSleepNanos, s.consensus().haltAfterNanos());
    return faulty;
  }

  /** What consensus reports to: the pipeline, behind the tracker that watches for a halt. */
  ConsensusListener listener(DecryptionPipeline pipeline, Simulation sim, Scenario s) {
    tracker = active == null ? null : new FaultTracker(pipeline, sim, active,
        s.heights(), s.consensus().haltAfterNanos());
    return tracker == null ? pipeline : tracker;
  }

  /** The blocks consensus proposes: the pipeline's, with the plan's faulty ones. */
  BlockSource blocks(DecryptionPipeline pipeline) {
    return active == null ? pipeline : new FaultyBlocks(pipeline, plan);
  }

  /**
   * Deals the run's commit certificate keys (from the seeded stream) when some validator sends
   * bad threshold-BLS partials: the combiner then combines each height's certificate for real.
   */
  void dealCertificateKeys(Scenario s, dev.tdsim.crypto.tpke.Committee committee,
      RandomStreams streams, dev.tdsim.crypto.Workers workers) {
    if (active != null && active.forgesPartials()) {
      active.certifyWith(dev.tdsim.crypto.cert.CertificateSchemes.byName(
          s.consensus().certificate()).setUp(new dev.tdsim.crypto.cert.CertificateSetup(committee,
          dev.tdsim.crypto.sig.VoteSignatureSchemes.byName(s.consensus().certificateVoteScheme()),
          streams.strong("faults.certificate_keys", 0), workers)));
    }
  }

  /** Which validators are crashed or silent when. */
  NodeFaults nodeFaults() {
    return active == null ? NodeFaults.NONE : active;
  }

  /**
   * With faults, each height's first combiner is the next live proposer (see {@link
   * #liveCombiner}); if it fails later, validators fail over (crypto.combiner: failover).
   */
  void chooseCombiners(DecryptionPipeline pipeline, ConsensusProtocol consensus,
      Simulation sim) {
    if (active != null) {
      pipeline.combinerRule(h -> liveCombiner(consensus, active, h, sim.nowNanos()));
    }
  }

  /** Arms the halt watchdog; when consensus starts. */
  void start() {
    if (tracker != null) {
      tracker.start();
    }
  }

  /** Whether the faults halted consensus (then heights left undecrypted are expected). */
  boolean halted() {
    return tracker != null && tracker.halted();
  }

  /** What the faults did to the run; null for a fault-free run. */
  FaultOutcome outcome(long[] stake) {
    if (tracker == null) {
      return null;
    }
    long total = Arrays.stream(stake).sum();
    return tracker.outcome(stake, ConsensusProtocol.quorumStake(total), faulty.dropped());
  }

  /**
   * The first combiner of {@code height}: the protocol's, skipping validators crashed or silent
   * at the height's first commit (Tendermint: the first proposer of the next height, round by
   * round, that will propose, so it needs the plaintexts). A combiner that fails after this
   * choice is replaced by the pipeline's failover, not here.
   */
  private static int liveCombiner(ConsensusProtocol consensus, ActiveFaults faults, int height,
      long nowNanos) {
    return consensus.combinerOf(height,
        p -> faults.isCrashed(p, nowNanos) || faults.isSilentProposer(p, nowNanos));
  }
}
