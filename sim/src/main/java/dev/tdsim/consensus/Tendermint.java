package dev.tdsim.consensus;

import dev.tdsim.engine.Simulation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tendermint-like consensus simulated message by message: heights and rounds, proposer rotation
 * by stake, propose / prevote / precommit with 2/3-of-stake quorums, timeouts that grow by
 * {@code timeoutDelta} per round (CometBFT's schedule). Every message is an event delivered
 * through the {@link Transport}; a broadcast is one immutable message shared by all receivers.
 */
public final class Tendermint implements ConsensusModel {
  /** Where blocks come from and when a proposer may propose (decryption scheduling). */
  public interface Host {
    /** Number of transactions and encoded bytes of the block proposed at this height. */
    Proposal blockFor(int height, int round, int proposer);

    /**
     * Calls {@code propose} once the proposer may propose {@code height} (for example after the
     * previous block's payloads are decrypted); immediately if nothing holds it back.
     */
    void whenMayPropose(int proposer, int height, Runnable propose);
  }

  /** Sends a message from one validator to all (including itself, at once). */
  public interface Transport {
    void broadcast(int sender, long bytes, Object message, Delivery delivery);
  }

  /** What happens when a broadcast message reaches one receiver. */
  @FunctionalInterface
  public interface Delivery {
    void deliver(int receiver, Object message);
  }

  private final Simulation sim;
  private final long[] stake;
  private final long quorumStake;
  private final ConsensusTimeouts timeouts;
  private final int maxHeight;
  private final Host host;
  private final Transport transport;
  private final ConsensusListener listener;
  private final Node[] nodes;
  private final List<Integer> proposers = new ArrayList<>();
  private final ProposerSelection selection;
  private final Map<Long, Integer> rotationIndex = new HashMap<>();
  private long messages;
  private int maxRound;

  public Tendermint(
      Simulation sim,
      long[] stake,
      ConsensusTimeouts timeouts,
      int heights,
      Host host,
      Transport transport,
      ConsensusListener listener) {
    this.sim = sim;
    this.stake = stake.clone();
    long total = 0;
    for (long s : stake) {
      total += s;
    }
    this.quorumStake = total * 2 / 3 + 1;
    this.timeouts = timeouts;
    this.maxHeight = heights;
    this.host = host;
    this.transport = transport;
    this.listener = listener;
    this.selection = new ProposerSelection(stake);
    this.nodes = new Node[stake.length];
    for (int i = 0; i < nodes.length; i++) {
      nodes[i] = new Node(i);
    }
  }

  @Override
  public String mode() {
    return "exact";
  }

  @Override
  public void start(long startNanos) {
    sim.schedule(startNanos, s -> {
      for (Node n : nodes) {
        n.enterRound(1, 0);
      }
    });
  }

  /**
   * The proposer of (height, round). Each (height, round) takes the next step of the stake
   * rotation the first time any validator reaches it, so heights that need extra rounds shift
   * the rotation as in CometBFT.
   */
  @Override
  public int proposer(int height, int round) {
    int index = rotationIndex.computeIfAbsent(key(height, round), k -> rotationIndex.size());
    while (proposers.size() <= index) {
      proposers.add(selection.next());
    }
    return proposers.get(index);
  }

  public long messagesSent() {
    return messages;
  }

  /** The highest round any height needed (0 when every height committed in its first round). */
  @Override
  public int maxRound() {
    return maxRound;
  }

  private static long key(int height, int round) {
    return ((long) height << 20) | round;
  }

  private void broadcast(int sender, long bytes, Object message) {
    messages += stake.length;
    transport.broadcast(sender, bytes, message, (receiver, m) -> nodes[receiver].receive(m));
  }

  /** One validator's state machine; all mutable consensus state lives here. */
  private final class Node {
    private final int id;
    private int height;
    private int round;
    private Step step = Step.DONE;
    private final Map<Long, Tally> tallies = new HashMap<>();
    private final Map<Long, Proposal> proposals = new HashMap<>();

    Node(int id) {
      this.id = id;
    }

    void enterRound(int h, int r) {
      height = h;
      round = r;
      step = Step.PROPOSE;
      maxRound = Math.max(maxRound, r);
      if (proposer(h, r) == id) {
        host.whenMayPropose(id, h, () -> {
          if (height == h && round == r) {
            Proposal p = host.blockFor(h, r, id);
            broadcast(id, p.blockBytes(), p);
          }
        });
      }
      sim.scheduleAfter(timeouts.proposeNanos(r), s -> onTimeout(h, r, Step.PROPOSE));
      Proposal early = proposals.get(key(h, r));
      if (early != null) {
        onProposal(early);
      }
      checkVotes();
    }

    void receive(Object m) {
      if (m instanceof Proposal p) {
        proposals.put(key(p.height(), p.round()), p);
        if (p.height() == height && p.round() == round) {
          onProposal(p);
        }
      } else if (m instanceof Vote v) {
        if (v.height() < height) {
          return;
        }
        tallies.computeIfAbsent(key(v.height(), v.round()), k -> new Tally()).add(v, stake[v.voter()]);
        if (v.height() == height) {
          checkVotes();
        }
      }
    }

    private void onProposal(Proposal p) {
      if (step == Step.PROPOSE) {
        step = Step.PREVOTE;
        vote(Vote.Type.PREVOTE, true);
      }
    }

    private void onTimeout(int h, int r, Step at) {
      if (h != height || r != round || step != at) {
        return;
      }
      switch (at) {
        case PROPOSE -> {
          step = Step.PREVOTE;
          vote(Vote.Type.PREVOTE, false);
        }
        case PREVOTE -> {
          step = Step.PRECOMMIT;
          vote(Vote.Type.PRECOMMIT, false);
        }
        case PRECOMMIT -> enterRound(height, round + 1);
        default -> { }
      }
    }

    private void vote(Vote.Type type, boolean forBlock) {
      broadcast(id, Vote.WIRE_BYTES, new Vote(type, height, round, id, forBlock));
    }

    private void checkVotes() {
      Tally t = tallies.get(key(height, round));
      if (t == null || step == Step.DONE) {
        return;
      }
      if (t.precommitBlock >= quorumStake) {
        commit(t);
        return;
      }
      if ((step == Step.PROPOSE || step == Step.PREVOTE) && t.prevoteBlock >= quorumStake
          && proposals.containsKey(key(height, round))) {
        step = Step.PRECOMMIT;
        vote(Vote.Type.PRECOMMIT, true);
      } else if (step == Step.PREVOTE && t.prevoteAny >= quorumStake && !t.prevoteTimerSet) {
        t.prevoteTimerSet = true;
        int h = height;
        int r = round;
        sim.scheduleAfter(timeouts.prevoteNanos(r), s -> onTimeout(h, r, Step.PREVOTE));
      }
      if (step == Step.PRECOMMIT && t.precommitAny >= quorumStake && !t.precommitTimerSet) {
        t.precommitTimerSet = true;
        int h = height;
        int r = round;
        sim.scheduleAfter(timeouts.precommitNanos(r), s -> onTimeout(h, r, Step.PRECOMMIT));
      }
    }

    private void commit(Tally t) {
      step = Step.DONE;
      int h = height;
      listener.onCommit(id, h, round, sim.nowNanos(), List.copyOf(t.precommitBlockSigners));
      tallies.keySet().removeIf(k -> (k >>> 20) <= h);
      proposals.keySet().removeIf(k -> (k >>> 20) <= h);
      if (h < maxHeight) {
        enterRound(h + 1, 0);
      }
    }
  }

  private enum Step {
    PROPOSE,
    PREVOTE,
    PRECOMMIT,
    DONE
  }

  /** Stake seen per vote kind in one (height, round), and who precommitted the block, in order. */
  private static final class Tally {
    long prevoteBlock;
    long prevoteAny;
    long precommitBlock;
    long precommitAny;
    boolean prevoteTimerSet;
    boolean precommitTimerSet;
    final List<Integer> precommitBlockSigners = new ArrayList<>();

    void add(Vote v, long weight) {
      if (v.type() == Vote.Type.PREVOTE) {
        prevoteAny += weight;
        if (v.forBlock()) {
          prevoteBlock += weight;
        }
      } else {
        precommitAny += weight;
        if (v.forBlock()) {
          precommitBlock += weight;
          precommitBlockSigners.add(v.voter());
        }
      }
    }
  }
}
