package dev.tdsim.pipeline;

import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/** One combiner's bookkeeping of one height, from its first share to the plaintexts. */
final class CombinerShares {
  final HeightShares h;
  final int height;
  final int combiner;
  final long[] announcedAt;
  final boolean[] started;
  final List<Integer> arrived = new ArrayList<>();
  /** The shares each arrived validator sent the combiner (current signer set). */
  final Map<Integer, List<byte[]>> sent = new HashMap<>();
  /** Validators named faulty at this height, with the reason. */
  final Map<Integer, String> excluded = new TreeMap<>();
  /** Opened plaintexts by ciphertext index. */
  final Map<Integer, byte[]> plaintexts = new HashMap<>();
  /** Ciphertext indices still to open (all of them until the first block_propose). */
  List<Integer> pending;
  SignerSet signers;
  int generation;
  /** Whether the combiner began its part (announced its set, or tried to combine). */
  boolean began;
  /**
   * Folded-style designs: the signers left without the missing hold fewer than t points, so
   * the combiner waits for a missing validator to come back (its commit) before it announces
   * again.
   */
  boolean waitingForMissing;
  boolean combining;
  boolean busy;
  /** The usable shares of the last attempt that found fewer than t honest (not to retry). */
  List<Integer> shortWith = List.of();
  int reshares;
  long sharesCompleteNanos = -1;
  long criticalCreateNanos;
  long reshareFromNanos = -1;

  CombinerShares(HeightShares h, int combiner, ProposedBlock block) {
    this.h = h;
    this.height = h.height;
    this.combiner = combiner;
    int validators = h.commitAt.length;
    this.announcedAt = new long[validators];
    this.started = new boolean[validators];
    Arrays.fill(announcedAt, -1);
    this.pending = block == null ? null : IntStream.range(0, block.size()).boxed().toList();
  }

  /** When the combiner committed the height (-1: not yet). */
  long commitNanos() {
    return h.commitAt[combiner];
  }

  /** Arrived and not named faulty. */
  List<Integer> usable() {
    return arrived.stream().filter(v -> !excluded.containsKey(v)).toList();
  }
}
