package dev.tdsim.network;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The peer graph push gossip runs on: every node picks {@code fanout} distinct peers uniformly at
 * random, and connections are bidirectional, so each node ends with at least {@code fanout}
 * neighbours (about 2 x fanout on average). This is the random "k-out" graph; for k >= 2 it is
 * connected, indeed k-connected, with probability tending to 1 (Fenner and Frieze, "On the
 * connectivity of random m-orientable graphs and digraphs", Combinatorica 2, 1982), and it is how
 * real gossip networks form (CometBFT's p2p layer dials a fixed number of outbound peers and
 * accepts inbound ones). A strict f-regular graph would need rejection sampling for nothing the
 * delay model can see.
 *
 * <p>Built once per scenario from a seeded stream, so the same seed gives the same overlay.
 * Immutable; neighbour lists are sorted.
 */
public final class GossipOverlay {

  private final int[][] neighbours;
  private final int fanout;

  private GossipOverlay(int[][] neighbours, int fanout) {
    this.neighbours = neighbours;
    this.fanout = fanout;
  }

  /**
   * A random overlay over {@code nodes} nodes. With {@code fanout >= nodes - 1} it is the complete
   * graph.
   */
  public static GossipOverlay random(int nodes, int fanout, SplittableRandom rng) {
    if (nodes < 1) {
      throw new IllegalArgumentException("nodes must be >= 1, got " + nodes);
    }
    if (fanout < 1) {
      throw new IllegalArgumentException("fanout must be >= 1, got " + fanout);
    }
    int picks = Math.min(fanout, nodes - 1);
    int[] degree = new int[nodes];
    int[][] chosen = new int[nodes][];
    int[] candidates = new int[nodes];
    int[] position = new int[nodes];
    for (int i = 0; i < nodes; i++) {
      candidates[i] = i;
      position[i] = i;
    }
    for (int i = 0; i < nodes; i++) {
      // partial Fisher-Yates over everyone but i: move i to the end, draw from the rest
      swap(candidates, position, position[i], nodes - 1);
      int[] mine = new int[picks];
      for (int k = 0; k < picks; k++) {
        swap(candidates, position, k, k + rng.nextInt(nodes - 1 - k));
        mine[k] = candidates[k];
      }
      chosen[i] = mine;
      degree[i] += picks;
      for (int peer : mine) {
        degree[peer]++;
      }
    }
    int[][] adjacency = new int[nodes][];
    int[] fill = new int[nodes];
    for (int i = 0; i < nodes; i++) {
      adjacency[i] = new int[degree[i]];
    }
    for (int i = 0; i < nodes; i++) {
      for (int peer : chosen[i]) {
        adjacency[i][fill[i]++] = peer;
        adjacency[peer][fill[peer]++] = i;
      }
    }
    for (int i = 0; i < nodes; i++) {
      adjacency[i] = Arrays.stream(adjacency[i]).sorted().distinct().toArray();
    }
    return new GossipOverlay(adjacency, fanout);
  }

  private static void swap(int[] a, int[] position, int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    position[a[i]] = i;
    position[a[j]] = j;
  }

  public int nodes() {
    return neighbours.length;
  }

  public int fanout() {
    return fanout;
  }

  public int degree(int node) {
    return neighbours[node].length;
  }

  /** A copy of the sorted neighbour list. */
  public int[] neighbours(int node) {
    return neighbours[node].clone();
  }

  int[] neighboursUnsafe(int node) {
    return neighbours[node];
  }

  /** Whether every node can reach every other (breadth-first search from node 0). */
  public boolean isConnected() {
    boolean[] seen = new boolean[neighbours.length];
    int[] queue = new int[neighbours.length];
    int head = 0;
    int tail = 0;
    queue[tail++] = 0;
    seen[0] = true;
    while (head < tail) {
      for (int peer : neighbours[queue[head++]]) {
        if (!seen[peer]) {
          seen[peer] = true;
          queue[tail++] = peer;
        }
      }
    }
    return tail == neighbours.length;
  }
}
