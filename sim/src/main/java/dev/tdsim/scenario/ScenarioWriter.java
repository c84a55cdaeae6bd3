package dev.tdsim.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.StreamDataWriter;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.representer.StandardRepresenter;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Writes a resolved {@link Scenario} as YAML: every key of {@link ScenarioKeys} in canonical order,
 * every quantity as its canonical unit string ({@link Units}), lists of scalars in flow style. The
 * output is what {@code tdsim run --dump-config} prints, loads back with {@link ScenarioLoader} to
 * an equal scenario, and is what {@link Scenario#hash()} hashes.
 */
public final class ScenarioWriter {
  private ScenarioWriter() {}

  private static final DumpSettings SETTINGS = DumpSettings.builder()
      .setDefaultFlowStyle(FlowStyle.BLOCK)
      .setSchema(new CoreSchema())
      .setWidth(10_000)
      .setSplitLines(false)
      .setIndent(2)
      .build();

  private static final DumpSettings SWEEP_SETTINGS = DumpSettings.builder()
      .setDefaultFlowStyle(FlowStyle.AUTO)
      .setSchema(new CoreSchema())
      .build();

  /** The canonical YAML of the scenario (no comments; {@code source} is not written). */
  public static String toYaml(Scenario s) {
    List<NodeTuple> top = new ArrayList<>();
    put(top, "name", str(s.name()));
    put(top, "seed", num(s.seed()));
    put(top, "heights", num(s.heights()));

    ValidatorsConfig v = s.validators();
    List<NodeTuple> validators = new ArrayList<>();
    put(validators, "count", num(v.count()));
    put(validators, "stake", v.equalStake()
        ? str(ValidatorsConfig.EQUAL_STAKE) : flowList(v.stakeWeights(), ScenarioWriter::num));
    put(validators, "cores", num(v.cores()));
    put(validators, "speed", real(v.speed()));
    put(validators, "regions", flowList(v.regions(), ScenarioWriter::str));
    put(top, "validators", block(validators));

    KeysConfig k = s.keys();
    List<NodeTuple> keys = new ArrayList<>();
    put(keys, "shares", num(k.shares()));
    put(keys, "threshold", num(k.threshold()));
    put(keys, "setup", str(k.setup()));
    put(keys, "epoch_length", k.epochLength() == 0 ? str("none") : num(k.epochLength()));
    put(keys, "dkg_lead", num(k.dkgLead()));
    put(keys, "dkg_timeout", duration(k.dkgTimeoutNanos()));
    put(keys, "epoch_stakes", flowList(k.epochStakes(),
        l -> flowList(l, ScenarioWriter::num)));
    put(top, "keys", block(keys));

    NetworkConfig n = s.network();
    List<NodeTuple> network = new ArrayList<>();
    put(network, "model", str(n.model()));
    put(network, "latency", str(Units.formatDuration(n.latencyNanos())));
    put(network, "jitter", str(n.jitter()));
    put(network, "jitter_sigma", real(n.jitterSigma()));
    put(network, "bandwidth", str(Units.formatBandwidth(n.bandwidthBitsPerSecond())));
    put(network, "dissemination", str(n.dissemination()));
    put(network, "gossip_fanout", num(n.gossipFanout()));
    put(network, "peer_send_rate", str(Units.formatBandwidth(n.peerSendRateBitsPerSecond())));
    put(network, "flush_throttle_timeout", duration(n.flushThrottleNanos()));
    put(top, "network", block(network));

    WorkloadConfig w = s.workload();
    List<NodeTuple> workload = new ArrayList<>();
    put(workload, "msgs_per_block",
        w.msgsPerBlock() == null ? str(WorkloadConfig.AUTO) : num(w.msgsPerBlock()));
    put(workload, "rate", str(Units.formatRate(w.ratePerSecond())));
    put(workload, "msg_size", str(Units.formatSize(w.msgSizeBytes())));
    put(workload, "msg_size_distribution", str(w.msgSizeDistribution()));
    put(top, "workload", block(workload));

    ConsensusConfig c = s.consensus();
    dev.tdsim.consensus.ConsensusSettings cs = c.settings();
    List<NodeTuple> consensus = new ArrayList<>();
    put(consensus, "protocol", str(c.protocol()));
    put(consensus, "timeout_propose", duration(cs.timeoutProposeNanos()));
    put(consensus, "timeout_propose_delta", duration(cs.timeoutProposeDeltaNanos()));
    put(consensus, "timeout_prevote", duration(cs.timeoutPrevoteNanos()));
    put(consensus, "timeout_prevote_delta", duration(cs.timeoutPrevoteDeltaNanos()));
    put(consensus, "timeout_precommit", duration(cs.timeoutPrecommitNanos()));
    put(consensus, "timeout_precommit_delta", duration(cs.timeoutPrecommitDeltaNanos()));
    put(consensus, "timeout_commit", duration(cs.timeoutCommitNanos()));
    put(consensus, "skip_timeout_commit", bool(cs.skipTimeoutCommit()));
    put(consensus, "block_part_size", str(Units.formatSize(cs.blockPartSizeBytes())));
    put(consensus, "peer_gossip_sleep_duration", duration(cs.peerGossipSleepNanos()));
    put(consensus, "simulation", str(cs.simulation()));
    put(consensus, "exact_max_validators", num(cs.exactMaxValidators()));
    put(consensus, "vote_signature", str(c.voteSignature()));
    put(consensus, "wal_fsync", duration(c.execution().walFsyncNanos()));
    put(consensus, "wal_fsync_block_parts", bool(c.execution().walFsyncBlockParts()));
    put(consensus, "privval_fsync", bool(c.execution().privvalFsync()));
    put(consensus, "execution_per_tx", duration(c.execution().executionPerTxNanos()));
    put(consensus, "execution_per_block", duration(c.execution().executionPerBlockNanos()));
    put(consensus, "max_block_txs", num(c.maxBlockTxs()));
    put(consensus, "max_block_bytes", str(Units.formatSize(c.maxBlockBytes())));
    put(consensus, "halt_after", duration(c.haltAfterNanos()));
    put(consensus, "certificate", str(c.certificate()));
    put(top, "consensus", block(consensus));

    CryptoConfig cr = s.crypto();
    List<NodeTuple> crypto = new ArrayList<>();
    put(crypto, "variant", str(cr.variant()));
    put(crypto, "timing", str(cr.timing()));
    put(crypto, "calibration", str(cr.calibration()));
    put(crypto, "sample_heights", num(cr.sampleHeights()));
    put(crypto, "schedule", str(cr.schedule()));
    put(crypto, "threads", num(cr.threads()));
    put(crypto, "share_timeout", duration(cr.shareTimeoutNanos()));
    put(top, "crypto", block(crypto));

    put(top, "budgets", flowList(s.budgetsNanos(), b -> str(Units.formatDuration(b))));
    put(top, "faults", faults(s.faults()));
    put(top, "sweep", sweep(s));

    StringBuilder out = new StringBuilder();
    new Dump(SETTINGS).dumpNode(block(top), new StreamDataWriter() {
      @Override
      public void write(String str) {
        out.append(str);
      }

      @Override
      public void write(String str, int off, int len) {
        out.append(str, off, off + len);
      }
    });
    return out.toString();
  }

  /**
   * What {@code --dump-config} prints: a comment naming the source file and the hash, then {@link
   * #toYaml(Scenario)}. Comments do not change the hash, so the output hashes like the scenario.
   */
  public static String dumpConfig(Scenario s) {
    String yaml = toYaml(s);
    StringBuilder sb = new StringBuilder();
    sb.append("# tdsim resolved scenario");
    if (s.source() != null) {
      sb.append(" from ").append(s.source().toString().replace('\n', ' '));
    }
    sb.append('\n').append("# sha256: ").append(s.hash()).append('\n');
    return sb.append(yaml).toString();
  }

  /** The faults as a block list of mappings; an empty list in flow style. */
  private static Node faults(FaultsConfig faults) {
    List<Node> out = new ArrayList<>();
    for (dev.tdsim.faults.FaultSpec f : faults.list()) {
      List<NodeTuple> m = new ArrayList<>();
      put(m, "kind", str(f.kind().name()));
      dev.tdsim.faults.FaultTarget t = f.target();
      if (t instanceof dev.tdsim.faults.FaultTarget.Validators v) {
        put(m, "validators", flowList(v.ids(), id -> num(id)));
      } else if (t instanceof dev.tdsim.faults.FaultTarget.Region r) {
        put(m, "region", str(r.name()));
      } else if (t instanceof dev.tdsim.faults.FaultTarget.Stake st) {
        put(m, "stake", share(st.fraction()));
      }
      dev.tdsim.faults.FaultWindow w = f.window();
      if (w.hasFrom()) {
        put(m, "from", duration(w.fromNanos()));
      }
      if (w.hasUntil()) {
        put(m, "until", duration(w.untilNanos()));
      }
      if (w.hasFromHeight()) {
        put(m, "from_height", num(w.fromHeight()));
      }
      if (w.hasUntilHeight()) {
        put(m, "until_height", num(w.untilHeight()));
      }
      for (dev.tdsim.faults.FaultField ff : f.kind().fields()) {
        Object v = f.params().get(ff.key());
        put(m, ff.key(), switch (ff.type()) {
          case DURATION -> duration((Long) v);
          case PROBABILITY, FACTOR -> real((Double) v);
          case CHOICE -> str((String) v);
          case GROUPS -> flowList(f.groups(ff.key()), g -> flowList(g,
              x -> x.matches("\\d+") ? num(Long.parseLong(x)) : str(x)));
        });
      }
      out.add(block(m));
    }
    return new SequenceNode(Tag.SEQ, out, out.isEmpty() ? FlowStyle.FLOW : FlowStyle.BLOCK);
  }

  /** A share of stake as a percentage when that reads back exactly, else as a fraction. */
  static ScalarNode share(double fraction) {
    String pct = java.math.BigDecimal.valueOf(fraction).movePointRight(2).stripTrailingZeros()
        .toPlainString();
    if (Double.parseDouble(pct) / 100 == fraction) {
      return str(pct + "%");
    }
    return real(fraction);
  }

  private static Node sweep(Scenario s) {
    if (s.sweep().isEmpty()) {
      return new MappingNode(Tag.MAP, new ArrayList<>(), FlowStyle.FLOW);
    }
    Node node = new StandardRepresenter(SWEEP_SETTINGS).represent(s.sweep());
    if (node instanceof MappingNode m) {
      m.setFlowStyle(FlowStyle.BLOCK);
    }
    return node;
  }

  private static void put(List<NodeTuple> map, String key, Node value) {
    map.add(new NodeTuple(str(key), value));
  }

  private static MappingNode block(List<NodeTuple> entries) {
    return new MappingNode(Tag.MAP, entries, FlowStyle.BLOCK);
  }

  private static <T> SequenceNode flowList(List<T> items, Function<T, Node> node) {
    List<Node> nodes = new ArrayList<>();
    for (T item : items) {
      nodes.add(node.apply(item));
    }
    return new SequenceNode(Tag.SEQ, nodes, FlowStyle.FLOW);
  }

  private static ScalarNode str(String s) {
    return new ScalarNode(Tag.STR, s, ScalarStyle.PLAIN);
  }

  private static ScalarNode bool(boolean b) {
    return new ScalarNode(Tag.BOOL, Boolean.toString(b), ScalarStyle.PLAIN);
  }

  private static ScalarNode duration(long nanos) {
    return str(Units.formatDuration(nanos));
  }

  private static ScalarNode num(long n) {
    return new ScalarNode(Tag.INT, Long.toString(n), ScalarStyle.PLAIN);
  }

  private static ScalarNode real(double d) {
    String text = Double.toString(d);
    return new ScalarNode(Tag.FLOAT, text, ScalarStyle.PLAIN);
  }
}
