package dev.tdsim.consensus.tendermint;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.Transport;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.DirectDissemination;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.NoJitter;
import dev.tdsim.network.UniformLatency;
import dev.tdsim.network.UplinkSharing;
import dev.tdsim.random.RandomStreams;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A small world for protocol tests: V validators, a transport whose link delays and drops the
 * test chooses (per sender and receiver, so validators need not move in lock-step), blocks of a
 * fixed size, and a record of every commit.
 */
final class Harness {
  static final long MS = 1_000_000L;

  /** One validator's commit of one height. */
  record Commit(int validator, int height, int round, long atNanos, List<Integer> signers,
      ProcessingTime costs) {}

  final Simulation sim = new Simulation();
  final int validators;
  long[] stake;
  TendermintSettings settings = noPause(TendermintSettings.cometBftDefaults());
  NodeCosts costs = NodeCosts.FREE;
  long blockBytes = 2048;
  /** The proposer's time to build each block (a design's digest), ns. */
  long buildNanos;
  long validationNanos;
  int heights = 3;
  /** How one message travels from one validator to another. */
  interface Link {
    long ms(int from, int to, Message m);
  }

  /** Whether one message from one validator to another is lost. */
  interface Loss {
    boolean lost(int from, int to, Message m);
  }

  /** Delay of one message in ms from sender to receiver (default 10 ms). */
  Link delayMs = (from, to, m) -> 10;
  /**
   * Per-link latencies in ms set by {@link #links}: the exact model's delays and the
   * large-committee model's network (each validator in its own region); null: 1 ms uniform.
   */
  long[][] linkMs;
  /** When height 1 starts, in ms. */
  long startMs;
  /** The large model's uplink per copy (PER_LINK); the exact model's links ignore size. */
  long uplinkBitsPerSecond = 1_000_000_000_000_000L;
  /** When the proposer of a height may propose, in ms after it asks; negative: never. */
  java.util.function.IntBinaryOperator proposeAfterMs = (proposer, height) -> 0;
  Loss drop = (from, to, m) -> false;
  final List<Commit> commits = new ArrayList<>();
  final Map<Integer, Long> sentBy = new HashMap<>();
  final List<Message> sent = new ArrayList<>();
  ConsensusProtocol protocol;
  /** Told each commit's height (fault windows bounded by heights follow the chain's height). */
  java.util.function.IntConsumer onCommit = height -> { };
  /** Faulty validators (none by default). */
  dev.tdsim.consensus.NodeFaults faults = dev.tdsim.consensus.NodeFaults.NONE;

  Harness(int validators) {
    this.validators = validators;
    this.stake = new long[validators];
    Arrays.fill(stake, 1);
  }

  /** CometBFT's defaults without the commit pause and the gossip loop sleep. */
  static TendermintSettings noPause(TendermintSettings d) {
    return with(d, 0, false, d.blockPartSizeBytes());
  }

  static TendermintSettings with(TendermintSettings d, long commitNanos, boolean skip,
      long partBytes) {
    return new TendermintSettings(d.timeoutProposeNanos(), d.timeoutProposeDeltaNanos(),
        d.timeoutPrevoteNanos(), d.timeoutPrevoteDeltaNanos(), d.timeoutPrecommitNanos(),
        d.timeoutPrecommitDeltaNanos(), commitNanos, skip, partBytes, 0, d.simulation(),
        d.exactMaxValidators());
  }

  private final Transport transport = new Transport() {
    @Override
    public void broadcast(int sender, Message message, Receiver receiver) {
      sent.add(message);
      receiver.receive(sender, message);
      for (int to = 0; to < validators; to++) {
        if (to != sender) {
          send(sender, to, message, receiver);
        }
      }
    }

    @Override
    public void send(int sender, int to, Message message, Receiver receiver) {
      if (!drop.lost(sender, to, message)) {
        sim.scheduleAfter(delayMs.ms(sender, to, message) * MS,
            s -> receiver.receive(to, message));
      }
    }
  };

  private final BlockSource blocks = new BlockSource() {
    @Override
    public Block blockFor(int height, int round, int proposer) {
      return new Block(height, 1, blockBytes, buildNanos);
    }

    @Override
    public void whenMayPropose(int proposer, int height, Runnable propose) {
      long ms = proposeAfterMs.applyAsInt(proposer, height);
      if (ms == 0) {
        propose.run();
      } else if (ms > 0) {
        sim.scheduleAfter(ms * MS, s -> propose.run());
      }
    }

    @Override
    public long validationNanos(int height, int validator) {
      return validationNanos;
    }
  };

  /** Every message from {@code i} to {@code j} takes {@code ms[i][j]} (both models). */
  Harness links(long[][] ms) {
    linkMs = ms;
    delayMs = (from, to, m) -> ms[from][to];
    return this;
  }

  /** The same world simulated by the large-committee model. */
  Harness large() {
    TendermintSettings s = settings;
    settings = new TendermintSettings(s.timeoutProposeNanos(), s.timeoutProposeDeltaNanos(),
        s.timeoutPrevoteNanos(), s.timeoutPrevoteDeltaNanos(), s.timeoutPrecommitNanos(),
        s.timeoutPrecommitDeltaNanos(), s.timeoutCommitNanos(), s.skipTimeoutCommit(),
        s.blockPartSizeBytes(), 0, dev.tdsim.consensus.tendermint.SimulationMode.LARGE, 1);
    return this;
  }

  /** Validator i in region "v" + i, links of {@link #linkMs}. */
  private record Matrix(long[][] ms) implements dev.tdsim.network.LatencyModel {
    @Override
    public String name() {
      return "matrix";
    }

    @Override
    public int regionIndex(String region) {
      return Integer.parseInt(region.substring(1));
    }

    @Override
    public List<String> regionNames() {
      return java.util.stream.IntStream.range(0, ms.length).mapToObj(i -> "v" + i).toList();
    }

    @Override
    public long oneWayLatencyNanos(int fromRegion, int toRegion) {
      return fromRegion == toRegion ? 0 : ms[fromRegion][toRegion] * MS;
    }
  }

  ConsensusProtocol build() {
    // The large model's network: the links of links(), else 10 ms everywhere (the default
    // delayMs); no jitter, no bandwidth limit.
    NetworkModel network = linkMs == null
        ? new NetworkModel(new UniformLatency(10 * MS), new NoJitter(), uplinkBitsPerSecond,
            UplinkSharing.PER_LINK, java.util.Collections.nCopies(validators, "dc"))
        : new NetworkModel(new Matrix(linkMs), new NoJitter(), uplinkBitsPerSecond,
            UplinkSharing.PER_LINK, new Matrix(linkMs).regionNames());
    protocol = dev.tdsim.consensus.Protocols.create(Tendermint.NAME, new ProtocolContext(sim,
        stake, heights, settings, costs, blocks, transport,
        (v, h, r, at, signers, c) -> {
          commits.add(new Commit(v, h, r, at, signers, c));
          onCommit.accept(h);
        },
        new DirectDissemination(network), new RandomStreams(1), faults));
    return protocol;
  }

  ConsensusProtocol run() {
    build().start(startMs * MS);
    sim.run();
    return protocol;
  }

  List<Commit> commitsOf(int height) {
    return commits.stream().filter(c -> c.height() == height).toList();
  }

  long firstCommitNanos(int height) {
    return commitsOf(height).stream().mapToLong(Commit::atNanos).min().orElseThrow();
  }
}
