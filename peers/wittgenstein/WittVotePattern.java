import dev.tdsim.network.RegionLatency;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.consensys.wittgenstein.core.Network;
import net.consensys.wittgenstein.core.NetworkLatency;
import net.consensys.wittgenstein.core.Node;
import net.consensys.wittgenstein.core.NodeBuilder;
import net.consensys.wittgenstein.core.messages.Message;

/**
 * tdsim's vote pattern (dev.tdsim.jmh.VotePattern) on Wittgenstein's engine. Proposer of height h
 * is h mod V; a proposal makes each receiver prevote; more than 2/3 prevotes make a node precommit;
 * more than 2/3 precommits decide, and the next height's proposer proposes. Every broadcast is one
 * network.send(vote, time + 1, from, othersOfFrom) (a MultipleDestEnvelope); one's own vote counts
 * at once. (2V + 1)(V - 1) deliveries per height. Usage: java WittVotePattern V H R
 */
public final class WittVotePattern {
  static final String[] REGIONS = {
      "us-east", "us-west", "eu-west", "eu-central", "ap-northeast", "ap-southeast", "sa-east"};
  static final int SLOTS = 8;
  static final byte PROPOSAL = 0, PREVOTE = 1, PRECOMMIT = 2;
  static final byte PREVOTED = 1, PRECOMMITTED = 2, DECIDED = 4;

  /** A validator: tallies for SLOTS heights in a ring, as in tdsim's driver. */
  static final class VNode extends Node {
    final int region;
    final int[] slotHeight = new int[SLOTS];
    final int[] prevotes = new int[SLOTS];
    final int[] precommits = new int[SLOTS];
    final byte[] flags = new byte[SLOTS];
    List<VNode> others;

    VNode(Random rd, NodeBuilder nb) {
      super(rd, nb);
      this.region = nodeId % REGIONS.length;
    }
  }

  /** One broadcast vote, shared by all its receivers. */
  final class Vote extends Message<VNode> {
    final byte kind;
    final int height;

    Vote(byte kind, int height) {
      this.kind = kind;
      this.height = height;
    }

    @Override
    public void action(Network<VNode> network, VNode from, VNode to) {
      onMessage(to, kind, height);
    }
  }

  /**
   * Region one-way latency (tdsim's RegionLatency, 7 regions round robin) times exp(0.1 z), z the
   * normal quantile of Wittgenstein's pseudo-random percentile delta (0..99) taken at (delta +
   * 0.5) / 100, rounded to 1 ms, at least 1 ms. Precomputed: a table lookup per call.
   */
  static final class RegionJitterLatency extends NetworkLatency {
    final int[] table = new int[REGIONS.length * REGIONS.length * 100];

    RegionJitterLatency() {
      RegionLatency regions = new RegionLatency();
      int[] idx = new int[REGIONS.length];
      for (int i = 0; i < REGIONS.length; i++) {
        idx[i] = regions.regionIndex(REGIONS[i]);
      }
      for (int a = 0; a < REGIONS.length; a++) {
        for (int b = 0; b < REGIONS.length; b++) {
          double baseMs = regions.oneWayLatencyNanos(idx[a], idx[b]) / 1e6;
          for (int d = 0; d < 100; d++) {
            double z = inverseNormal((d + 0.5) / 100.0);
            long ms = Math.round(baseMs * Math.exp(0.1 * z));
            table[(a * REGIONS.length + b) * 100 + d] = (int) Math.max(1, ms);
          }
        }
      }
    }

    @Override
    protected int getExtendedLatency(Node from, Node to, int delta) {
      return table[(((VNode) from).region * REGIONS.length + ((VNode) to).region) * 100 + delta];
    }
  }

  /** Standard normal quantile, Acklam's rational approximation (relative error < 1.2e-9). */
  static double inverseNormal(double p) {
    final double[] a = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
        1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    final double[] b = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
        6.680131188771972e+01, -1.328068155288572e+01};
    final double[] c = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
        -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    final double[] d = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
        3.754408661907416e+00};
    if (p < 0.02425) {
      double q = Math.sqrt(-2 * Math.log(p));
      return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
          / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - 0.02425) {
      return -inverseNormal(1 - p);
    }
    double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }

  final int validators;
  final int heights;
  final int quorum;
  final Network<VNode> network = new Network<>();
  long decisions;

  WittVotePattern(int validators, int heights) {
    this.validators = validators;
    this.heights = heights;
    this.quorum = 2 * validators / 3 + 1;
    network.setNetworkLatency(new RegionJitterLatency());
    NodeBuilder nb = new NodeBuilder();
    for (int i = 0; i < validators; i++) {
      network.addNode(new VNode(network.rd, nb));
    }
    for (VNode n : network.allNodes) {
      List<VNode> others = new ArrayList<>(validators - 1);
      for (VNode o : network.allNodes) {
        if (o != n) {
          others.add(o);
        }
      }
      n.others = others;
    }
  }

  void broadcast(VNode from, byte kind, int height) {
    network.send(new Vote(kind, height), network.time + 1, from, from.others);
    onMessage(from, kind, height);
  }

  void onMessage(VNode n, byte kind, int height) {
    int at = height & (SLOTS - 1);
    if (n.slotHeight[at] != height) {
      if (n.slotHeight[at] > height) {
        return; // stale
      }
      n.slotHeight[at] = height;
      n.prevotes[at] = 0;
      n.precommits[at] = 0;
      n.flags[at] = 0;
    }
    if (kind == PROPOSAL) {
      if ((n.flags[at] & PREVOTED) == 0) {
        n.flags[at] |= PREVOTED;
        broadcast(n, PREVOTE, height);
      }
    } else if (kind == PREVOTE) {
      if (++n.prevotes[at] >= quorum && (n.flags[at] & PRECOMMITTED) == 0) {
        n.flags[at] |= PRECOMMITTED;
        broadcast(n, PRECOMMIT, height);
      }
    } else if (++n.precommits[at] >= quorum && (n.flags[at] & DECIDED) == 0) {
      n.flags[at] |= DECIDED;
      decisions++;
      int next = height + 1;
      if (next <= heights && next % validators == n.nodeId) {
        broadcast(n, PROPOSAL, next);
      }
    }
  }

  /** Runs every height, drains, checks; returns the deliveries. */
  long run() {
    broadcast(network.getNodeById(1 % validators), PROPOSAL, 1);
    long target = (long) heights * validators;
    while (decisions < target) {
      if (!network.runMs(100) && decisions < target) {
        throw new IllegalStateException("stalled at " + decisions + " decisions of " + target);
      }
    }
    network.runMs(3000);
    long received = 0;
    for (VNode n : network.allNodes) {
      received += n.getMsgReceived();
    }
    long expected = (long) heights * (2L * validators + 1) * (validators - 1);
    if (received != expected || network.hasMessage()) {
      throw new IllegalStateException("received " + received + " of " + expected
          + ", pending messages: " + network.hasMessage());
    }
    return received;
  }

  static double median(double[] x) {
    double[] s = x.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  public static void main(String[] args) {
    int v = Integer.parseInt(args[0]);
    int h = Integer.parseInt(args[1]);
    int runs = Integer.parseInt(args[2]);
    if (v < 4 || h < 1 || runs < 1) {
      throw new IllegalArgumentException("need V >= 4, H >= 1, R >= 1");
    }
    int warmup = Math.max(1, h / 5);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    System.out.printf(Locale.ROOT, "Wittgenstein vote pattern: V=%d, %d heights, %d runs, warm-up %d"
        + " heights; %d deliveries per height%n", v, h, runs, warmup, (2L * v + 1) * (v - 1));
    new WittVotePattern(v, warmup).run();
    double[] perCpu = new double[runs];
    double[] perWall = new double[runs];
    double[] heightsPerCpu = new double[runs];
    for (int r = 0; r < runs; r++) {
      WittVotePattern p = new WittVotePattern(v, h);
      System.gc();
      long cpu0 = threads.getCurrentThreadCpuTime();
      long wall0 = System.nanoTime();
      long delivered = p.run();
      long cpu = threads.getCurrentThreadCpuTime() - cpu0;
      long wall = System.nanoTime() - wall0;
      perCpu[r] = delivered / (cpu / 1e9);
      perWall[r] = delivered / (wall / 1e9);
      heightsPerCpu[r] = h / (cpu / 1e9);
      System.out.printf(Locale.ROOT, "run %d: %,d deliveries, thread CPU %.3f s, wall %.3f s:"
          + " %.3f M deliveries/CPU-s, %.3f M deliveries/wall-s, %.2f heights/CPU-s;"
          + " simulated %d ms%n", r + 1, delivered, cpu / 1e9, wall / 1e9, perCpu[r] / 1e6,
          perWall[r] / 1e6, heightsPerCpu[r], p.network.time);
    }
    System.out.printf(Locale.ROOT, "median: %.3f M deliveries/CPU-s, %.3f M deliveries/wall-s,"
        + " %.2f heights/CPU-s%n", median(perCpu) / 1e6, median(perWall) / 1e6,
        median(heightsPerCpu));
  }
}
