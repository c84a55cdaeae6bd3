package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.Messenger;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.NodeFaults;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.consensus.ProtocolContext;
import dev.tdsim.consensus.Protocols;
import dev.tdsim.consensus.Transport;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.ActiveFaults;
import dev.tdsim.faults.Committee;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.faults.FaultWindow;
import dev.tdsim.faults.FaultyTransport;
import dev.tdsim.network.DirectDissemination;
import dev.tdsim.network.NetworkModel;
import dev.tdsim.network.NoJitter;
import dev.tdsim.network.UniformLatency;
import dev.tdsim.network.UplinkSharing;
import dev.tdsim.random.RandomStreams;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A world for Jolteon tests: V validators of equal stake, a transport whose per-message delay the
 * test chooses, empty blocks, and a record of every order and round entry.
 */
final class JolteonWorld {
  static final long MS = 1_000_000L;
  /** Simulated time after which a run stops, ordered or not. */
  static final long RUN_LIMIT_NANOS = 60_000 * MS;

  /** One validator's order of one height. */
  record Order(int validator, int height, int roundInHeight, long atNanos, List<Integer> signers) {}

  /** One validator's entry into a round (reported as the height it proposes and its attempt). */
  record RoundStart(int validator, int height, int roundInHeight, long atNanos) {}

  /** The delay of one message from one validator to another, in ms. */
  interface Delay {
    long ms(int from, int to, Message m);
  }

  final Simulation sim = new Simulation();
  final int validators;
  final long[] stake;
  JolteonSettings settings = JolteonSettings.aptosDefaults();
  int heights = 5;
  long seed = 1;
  Delay delayMs = (from, to, m) -> 10;
  NodeFaults faults = NodeFaults.NONE;
  /** The stake a certificate needs, or 0 for the protocol's own 2f+1 (a broken quorum). */
  long quorumStake;
  NodeCosts costs = NodeCosts.FREE;
  /** Whether blocks carry Quorum Store proofs (Aptos' limits) instead of transactions. */
  boolean quorumStore;
  /** Quorum Store's back-pressure limit (Aptos' 36 000 by default). */
  int backlogTxnLimit = 36_000;
  /** Transactions per block, and each one's bytes (a block weighs its header more). */
  int txs = 1;
  long txBytes = 1024;
  final List<Order> orders = new ArrayList<>();
  final List<RoundStart> roundStarts = new ArrayList<>();
  JolteonProtocol protocol;

  JolteonWorld(int validators) {
    this.validators = validators;
    this.stake = new long[validators];
    Arrays.fill(stake, 1);
  }

  JolteonWorld orderVotes(boolean on) {
    JolteonSettings s = settings;
    settings = new JolteonSettings(s.roundInitialTimeoutNanos(), s.roundTimeoutBackoffBase(),
        s.roundTimeoutBackoffMaxExponent(), on, s.proposerElection(), s.contiguousRounds(),
        s.reputation());
    return this;
  }

  JolteonWorld initialTimeoutMs(long ms) {
    JolteonSettings s = settings;
    settings = new JolteonSettings(ms * MS, s.roundTimeoutBackoffBase(),
        s.roundTimeoutBackoffMaxExponent(), s.orderVotes(), s.proposerElection(),
        s.contiguousRounds(), s.reputation());
    return this;
  }

  /** Leaders by leader reputation with these parameters. */
  JolteonWorld leaderReputation(JolteonSettings.Reputation reputation) {
    JolteonSettings s = settings;
    settings = new JolteonSettings(s.roundInitialTimeoutNanos(), s.roundTimeoutBackoffBase(),
        s.roundTimeoutBackoffMaxExponent(), s.orderVotes(), JolteonSettings.LEADER_REPUTATION,
        s.contiguousRounds(), reputation);
    return this;
  }

  private final Transport transport = new Transport() {
    @Override
    public void broadcast(int sender, Message message, Receiver receiver) {
      receiver.receive(sender, message);
      java.util.stream.IntStream.range(0, validators).filter(to -> to != sender)
          .forEach(to -> send(sender, to, message, receiver));
    }

    @Override
    public void send(int sender, int to, Message message, Receiver receiver) {
      sim.scheduleAfter(delayMs.ms(sender, to, message) * MS, s -> receiver.receive(to, message));
    }
  };

  private final BlockSource blocks = new BlockSource() {
    @Override
    public Block blockFor(int height, int round, int proposer) {
      return new Block(height, txs, Block.HEADER_BYTES + txs * txBytes);
    }

    @Override
    public Transactions pendingTransactions(int height) {
      return new Transactions(txs, txs * txBytes);
    }

    @Override
    public void whenMayPropose(int proposer, int height, Runnable propose) {
      propose.run();
    }

    @Override
    public long validationNanos(int height, int validator) {
      return 0;
    }
  };

  private final ConsensusListener listener = new ConsensusListener() {
    @Override
    public void onCommit(int validator, int height, int round, long atNanos,
        List<Integer> signers, ProcessingTime costs) {
      orders.add(new Order(validator, height, round, atNanos, signers));
    }

    @Override
    public void onRoundStart(int validator, int height, int round, long atNanos) {
      roundStarts.add(new RoundStart(validator, height, round, atNanos));
    }
  };

  /**
   * The transport with the run's message faults in front (loss, delay, partition, crashes), as
   * a scenario's run has it (Jolteon's messages are not sent again when lost).
   */
  private Transport faultyTransport() {
    if (!(faults instanceof ActiveFaults active)) {
      return transport;
    }
    Messenger noBytes = new Messenger() {
      @Override
      public void send(int from, int to, long bytes, Runnable onArrival) {
        throw new UnsupportedOperationException("consensus sends messages only");
      }

      @Override
      public void broadcast(int from, long bytes, java.util.function.IntConsumer onArrival) {
        throw new UnsupportedOperationException("consensus sends messages only");
      }
    };
    return new FaultyTransport(transport, noBytes, sim, active, new RandomStreams(seed), 0,
        RUN_LIMIT_NANOS);
  }

  JolteonProtocol run() {
    NetworkModel network = new NetworkModel(new UniformLatency(10 * MS), new NoJitter(),
        1_000_000_000_000L, UplinkSharing.PER_LINK, Collections.nCopies(validators, "dc"));
    JolteonSettings.QuorumStoreConfig qs = settings.quorumStore();
    JolteonSettings run = settings.withQuorumStore(new JolteonSettings.QuorumStoreConfig(
        quorumStore, qs.senderMaxBatchTxns(), qs.senderMaxBatchBytes(), backlogTxnLimit));
    ProtocolContext context = new ProtocolContext(sim, stake, heights, run, costs, blocks,
        faultyTransport(), listener, new DirectDissemination(network), new RandomStreams(seed),
        faults);
    protocol = quorumStake == 0 ? (JolteonProtocol) Protocols.create(Jolteon.NAME, context)
        : new JolteonProtocol(context, quorumStake);
    protocol.start(0);
    // A chain that stops ordering re-arms its round timers forever: a minute bounds it.
    sim.runUntil(RUN_LIMIT_NANOS);
    return protocol;
  }

  List<Order> ordersOf(int height) {
    return orders.stream().filter(o -> o.height() == height).toList();
  }

  long firstOrderNanos(int height) {
    return ordersOf(height).stream().mapToLong(Order::atNanos).min().orElseThrow();
  }

  /** Validators that ordered every height. */
  long orderedAll() {
    return java.util.stream.IntStream.range(0, validators)
        .filter(v -> orders.stream().filter(o -> o.validator() == v).count() == heights).count();
  }

  /**
   * The fault registry's own crash and silent-proposer faults on {@code crashed} and {@code
   * silent} (validator ids), from the start until {@code untilNanos}.
   */
  static NodeFaults faults(int validators, List<Integer> crashed, List<Integer> silent,
      long untilNanos) {
    FaultWindow window = new FaultWindow(0, untilNanos, 1, FaultWindow.NO_LAST_HEIGHT);
    List<FaultSpec> specs = new ArrayList<>();
    if (!crashed.isEmpty()) {
      specs.add(new FaultSpec(FaultKinds.CRASH, new FaultTarget.Validators(crashed), window,
          Map.of()));
    }
    if (!silent.isEmpty()) {
      specs.add(new FaultSpec(FaultKinds.SILENT_PROPOSER, new FaultTarget.Validators(silent),
          window, Map.of()));
    }
    return specs.isEmpty() ? NodeFaults.NONE
        : new ActiveFaults(FaultPlan.resolve(specs, Committee.equal(validators)));
  }

  /** The faults of {@code specs} (the registry's kinds) on equal-stake validators. */
  static NodeFaults faults(int validators, FaultSpec... specs) {
    return new ActiveFaults(FaultPlan.resolve(List.of(specs), Committee.equal(validators)));
  }

  /** The same faults for the whole run. */
  static NodeFaults faults(int validators, List<Integer> crashed, List<Integer> silent) {
    return faults(validators, crashed, silent, FaultWindow.FOREVER_NANOS);
  }
}
