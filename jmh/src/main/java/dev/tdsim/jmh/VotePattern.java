package dev.tdsim.jmh;

import dev.tdsim.engine.FanoutTarget;
import dev.tdsim.engine.QueueKind;
import dev.tdsim.engine.Simulation;
import dev.tdsim.network.RegionLatency;
import dev.tdsim.random.RandomStreams;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Tendermint's vote pattern on the bare engine, the workload of issue 7 part E: at each height the
 * proposer (height mod V) broadcasts a proposal; every validator that receives it broadcasts a
 * prevote; a validator holding more than 2/3 of the prevotes of a height broadcasts its precommit;
 * one holding more than 2/3 of the precommits has decided the height, and the next height's
 * proposer then proposes. Broadcasts go to all other validators; a validator counts its own vote
 * at once. No rounds, timeouts or crypto: this measures the engine (queue, fanout, callbacks),
 * and {@code (2V + 1)(V - 1)} deliveries happen per height.
 *
 * <p>Network: validators are assigned round-robin to 7 regions of {@link RegionLatency} (us-east,
 * us-west, eu-west, eu-central, ap-northeast, ap-southeast, sa-east); a delay is the one-way
 * latency between their regions times a log-normal jitter factor exp(0.1 Z), Z drawn per message
 * from the sender's {@code RandomStreams("link", sender)} stream, as tdsim's network does.
 *
 * <p>Two paths: {@link Path#FANOUT} = one {@link Simulation#scheduleFanout} per broadcast;
 * {@link Path#PER_RECEIVER} = V - 1 {@link Simulation#scheduleAfter} calls with one lambda each,
 * what tdsim's NetworkMessenger did before the fanout. Both produce the same trace.
 *
 * <p>A validator keeps tallies for 8 heights in a ring (messages of a height more than 8 behind
 * its slot are ignored as stale), so memory is O(V) whatever the number of heights.
 */
public final class VotePattern {

  /** How a broadcast is handed to the engine. */
  public enum Path {
    FANOUT, PER_RECEIVER;

    public static Path parse(String s) {
      return valueOf(s.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    }
  }

  static final String[] REGIONS = {
      "us-east", "us-west", "eu-west", "eu-central", "ap-northeast", "ap-southeast", "sa-east"};
  static final double JITTER_SIGMA = 0.1;

  private static final long NEVER = Long.MAX_VALUE;
  private static final int SLOTS = 8;
  private static final byte PROPOSAL = 0;
  private static final byte PREVOTE = 1;
  private static final byte PRECOMMIT = 2;
  private static final byte PREVOTED = 1;
  private static final byte PRECOMMITTED = 2;
  private static final byte DECIDED = 4;

  private final int validators;
  private final int heights;
  private final Path path;
  private final Simulation sim;
  private final long[][] baseNanos;
  private final SplittableRandom[] linkRng;
  private final long[] delays;
  private final int quorum;
  private final int[] slotHeight;
  private final int[] prevotes;
  private final int[] precommits;
  private final byte[] flags;
  private long decisions;
  private long broadcasts;

  /**
   * @param validators V >= 4
   * @param heights heights to decide, >= 1
   */
  public VotePattern(int validators, int heights, long seed, Path path, QueueKind queue) {
    if (validators < 4 || heights < 1) {
      throw new IllegalArgumentException(
          "need validators >= 4 and heights >= 1, got " + validators + ", " + heights);
    }
    this.validators = validators;
    this.heights = heights;
    this.path = path;
    this.sim = new Simulation(queue);
    RegionLatency regions = new RegionLatency();
    int[] region = new int[validators];
    for (int i = 0; i < validators; i++) {
      region[i] = regions.regionIndex(REGIONS[i % REGIONS.length]);
    }
    this.baseNanos = new long[validators][validators];
    for (int i = 0; i < validators; i++) {
      for (int j = 0; j < validators; j++) {
        baseNanos[i][j] = regions.oneWayLatencyNanos(region[i], region[j]);
      }
    }
    RandomStreams streams = new RandomStreams(seed);
    this.linkRng = new SplittableRandom[validators];
    for (int i = 0; i < validators; i++) {
      linkRng[i] = streams.stream("link", i);
    }
    this.delays = new long[validators];
    this.quorum = 2 * validators / 3 + 1; // the smallest count with 3 * count > 2V
    this.slotHeight = new int[SLOTS * validators];
    this.prevotes = new int[SLOTS * validators];
    this.precommits = new int[SLOTS * validators];
    this.flags = new byte[SLOTS * validators];
  }

  /** Runs every height to the end (the queue drained); returns the engine's deliveries. */
  public long run() {
    sim.schedule(0, s -> broadcast(proposer(1), PROPOSAL, 1));
    long before = sim.eventsProcessed();
    sim.run();
    long delivered = sim.eventsProcessed() - before - 1; // minus the start event
    long expectedDeliveries = (long) heights * (2L * validators + 1) * (validators - 1);
    if (decisions != (long) heights * validators || delivered != expectedDeliveries) {
      throw new IllegalStateException("vote pattern incomplete: " + decisions + " decisions of "
          + (long) heights * validators + ", " + delivered + " deliveries of "
          + expectedDeliveries);
    }
    return delivered;
  }

  public long simulatedNanos() {
    return sim.nowNanos();
  }

  public long broadcasts() {
    return broadcasts;
  }

  public long decisions() {
    return decisions;
  }

  private int proposer(int height) {
    return height % validators;
  }

  private void broadcast(int from, byte kind, int height) {
    broadcasts++;
    long[] row = baseNanos[from];
    SplittableRandom rng = linkRng[from];
    long[] d = delays;
    for (int i = 0; i < validators; i++) {
      d[i] = (long) (row[i] * Math.exp(JITTER_SIGMA * rng.nextGaussian()));
    }
    d[from] = NEVER;
    Message message = new Message(kind, height);
    if (path == Path.FANOUT) {
      sim.scheduleFanout(d, message);
    } else {
      for (int i = 0; i < validators; i++) {
        if (i != from) {
          int receiver = i;
          sim.scheduleAfter(d[i], s -> message.deliver(receiver));
        }
      }
    }
    onMessage(from, kind, height); // one's own vote counts at once
  }

  private void onMessage(int node, byte kind, int height) {
    int at = (height & (SLOTS - 1)) * validators + node;
    if (slotHeight[at] != height) {
      if (slotHeight[at] > height) {
        return; // stale: the slot moved on to a later height
      }
      slotHeight[at] = height;
      prevotes[at] = 0;
      precommits[at] = 0;
      flags[at] = 0;
    }
    switch (kind) {
      case PROPOSAL -> {
        if ((flags[at] & PREVOTED) == 0) {
          flags[at] |= PREVOTED;
          broadcast(node, PREVOTE, height);
        }
      }
      case PREVOTE -> {
        if (++prevotes[at] >= quorum && (flags[at] & PRECOMMITTED) == 0) {
          flags[at] |= PRECOMMITTED;
          broadcast(node, PRECOMMIT, height);
        }
      }
      default -> {
        if (++precommits[at] >= quorum && (flags[at] & DECIDED) == 0) {
          flags[at] |= DECIDED;
          decisions++;
          int next = height + 1;
          if (next <= heights && proposer(next) == node) {
            broadcast(node, PROPOSAL, next);
          }
        }
      }
    }
  }

  /** One broadcast: shared by all its receivers, the fanout's target. */
  private final class Message implements FanoutTarget {
    private final byte kind;
    private final int height;

    Message(byte kind, int height) {
      this.kind = kind;
      this.height = height;
    }

    @Override
    public void deliver(int receiver) {
      onMessage(receiver, kind, height);
    }
  }
}
