package dev.tdsim.pipeline;

import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Mutable bookkeeping of one height, owned by the pipeline: the block, every validator's commit
 * and share progress, the combiner's attempts and the times its {@link HeightRecord} is made of
 * (simulated nanoseconds; -1 while not yet reached).
 */
final class HeightState {
  final int height;
  final long[] commitAt;
  final long[] announcedAt;
  final boolean[] started;
  /** When each validator held the proposed block (-1: not seen yet). */
  final long[] blockAt;
  final List<Integer> arrived = new ArrayList<>();
  final List<Runnable> onReady = new ArrayList<>();
  /** The shares each arrived validator sent the combiner (current signer set). */
  final Map<Integer, List<byte[]>> sent = new HashMap<>();
  /** Validators named faulty at this height, with the reason. */
  final Map<Integer, String> excluded = new TreeMap<>();
  /** Why a signer that sent nothing in time is excluded (missing, not proven faulty). */
  static final String NO_SHARE_IN_TIME = "no decryption share within crypto.share_timeout";
  /**
   * Folded-style designs: the signers left without the missing hold fewer than t points, so the
   * combiner waits for a missing validator to come back (its commit) before it announces again.
   */
  boolean waitingForMissing;
  /** Opened plaintexts by ciphertext index. */
  final Map<Integer, byte[]> plaintexts = new HashMap<>();
  List<byte[]> payloads;
  List<SealedTx> cts;
  /** Ciphertext indices still to open (all of them until the first block_propose). */
  List<Integer> pending;
  /** The proposer's digest and the combiner's prepared block (real heights). */
  BlockDigest digest;
  PreparedBlock prepared;
  /** Real CPU of the digest and of the prepare on this machine. */
  long digestCpuNanos;
  long prepareCpuNanos;
  /** When the combiner's prepare (from the proposal on) is done; -1 until it is priced. */
  long prepareDoneNanos = -1;
  /** The block the current signer set's shares are made on (shares per transaction: pending). */
  PreparedBlock genBlock;
  DesignKeys.Colliding colliding;
  int colluder = -1;
  long blockBytes;
  long validityCpuNanos;
  long proposeNanos;
  long roundZeroNanos = -1;
  long decidedNanos = -1;
  int decidedRound;
  ProcessingTime processing = ProcessingTime.NONE;
  long proposalWaitNanos = -1;
  int combiner = -1;
  /** The round-0 proposer of the next height, and the validator after it by id. */
  int designated = -1;
  int backup = -1;
  int round;
  long commitNanos = -1;
  SignerSet signers;
  int generation;
  Map<Integer, List<byte[]>> genShares;
  Map<Integer, Long> genShareCpu;
  /** Of genShareCpu, the signer set's coefficients (not in the cost model's SHARE_CREATE). */
  Map<Integer, Long> genCoefficientCpu;
  boolean combining;
  boolean busy;
  boolean done;
  boolean timedOut;
  int attempts;
  /** The usable shares of the last attempt that found fewer than t honest (not to retry). */
  List<Integer> shortWith = List.of();
  int reshares;
  int signersUsed;
  long sharesCompleteNanos = -1;
  long criticalCreateNanos;
  long firstAttemptNanos = -1;
  long reshareFromNanos = -1;
  long combineNanos;
  long decryptNanos;
  long blameNanos;
  long checkNanos;
  /** Of blameNanos and checkNanos, the first block_propose's. */
  long firstBlameNanos;
  long firstCheckNanos;
  long readyNanos = -1;

  HeightState(int height, int validators) {
    this.height = height;
    int v = validators;
    this.commitAt = new long[v];
    this.announcedAt = new long[v];
    this.started = new boolean[v];
    this.blockAt = new long[v];
    Arrays.fill(blockAt, -1);
    Arrays.fill(commitAt, -1);
    Arrays.fill(announcedAt, -1);
  }

  /** Arrived and not named faulty. */
  List<Integer> usable() {
    return arrived.stream().filter(v -> !excluded.containsKey(v)).toList();
  }
}
