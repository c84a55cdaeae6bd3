package dev.tdsim.epochs;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.dkg.PvssDealer;
import dev.tdsim.crypto.dkg.PvssDkg;
import dev.tdsim.crypto.dkg.PvssKeys;
import dev.tdsim.crypto.dkg.PvssTranscript;
import dev.tdsim.crypto.dkg.PvssVerifier;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.scenario.InputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The real computation of one key epoch's weighted PVSS DKG ({@link PvssDealer}, {@link
 * PvssVerifier}, {@link PvssTranscript#aggregate}, {@link KeySet#fromDkg}), run once per epoch
 * with every call's CPU time measured, so that the simulated DKG ({@link NetworkDkg}) can charge
 * each validator its own calls on its own hardware: each dealer its deal, each validator the
 * verification of every transcript it receives (the same transcript's verification costs every
 * validator what it cost here) and its aggregation and private-share check.
 *
 * <p>As in {@link PvssDkg#run}: every transcript is verified publicly as its dealer published
 * it ({@link PvssVerifier#verifyPublished}: it must contribute under that dealer's index only, so a
 * transcript is never credited to, or blamed on, another dealer); the valid ones are
 * aggregated, the aggregate verified, and each validator's private evaluations checked against
 * the aggregate's commitments. A dealer that dealt nothing (crashed) or whose transcript fails
 * verification (named, with the verifier's reason) is left out.
 */
public final class DkgComputation {
  /**
   * One dealer's part in the epoch.
   *
   * @param dealt false for a dealer that sent nothing (crashed)
   * @param dealCpuNanos CPU time of its deal here (all worker threads), 0 if it dealt nothing
   * @param transcriptBytes the transcript's wire size (points uncompressed)
   * @param verifyCpuNanos CPU time here of one receiver's work on its transcript: decoding the
   *     wire bytes (with every point's subgroup check) and verifying it; 0 if it dealt nothing
   * @param problem why verification rejected it, or null when it is valid (or absent)
   */
  public record Dealer(int dealer, boolean dealt, long dealCpuNanos, long transcriptBytes,
      long verifyCpuNanos, String problem) {
    public boolean valid() {
      return dealt && problem == null;
    }
  }

  private final int epoch;
  private final List<Dealer> dealers;
  private final KeySet keySet;
  private final long aggregateCpuNanos;
  private final long[] privateCheckCpuNanos;

  private DkgComputation(int epoch, List<Dealer> dealers, KeySet keySet, long aggregateCpuNanos,
      long[] privateCheckCpuNanos) {
    this.epoch = epoch;
    this.dealers = List.copyOf(dealers);
    this.keySet = keySet;
    this.aggregateCpuNanos = aggregateCpuNanos;
    this.privateCheckCpuNanos = privateCheckCpuNanos;
  }

  /**
   * Runs the epoch's DKG for real.
   *
   * @param silent dealers that deal nothing (crashed at the DKG's start, or crashed-dealer)
   * @param liars dealers whose transcript is made invalid before it is sent (lying-dealer): one
   *     encrypted share swapped with the next one, so that decoding succeeds and the pairing check
   *     fails
   * @throws InputException when the dealers with valid transcripts hold fewer than t shares (the
   *     DKG cannot complete: the scenario's dealer faults leave too little stake dealing)
   */
  public static DkgComputation run(Committee committee, List<PvssKeys> keys, int epoch,
      Set<Integer> silent, Set<Integer> liars, StrongRandom random, Workers workers) {
    return run(committee, keys, epoch, silent, liars, random, workers, line -> { });
  }

  /**
   * {@link #run} with progress lines: at 8192 shares over 150 validators the real computation
   * takes minutes, so every tenth of the dealers says how far it got.
   */
  public static DkgComputation run(Committee committee, List<PvssKeys> keys, int epoch,
      Set<Integer> silent, Set<Integer> liars, StrongRandom random, Workers workers,
      Consumer<String> progress) {
    long startNanos = System.nanoTime();
    int step = Math.max(1, committee.validators() / 10);
    List<G2Point> eks = keys.stream().map(PvssKeys::encryptionKey).toList();
    long session = epoch;
    List<Dealer> out = new ArrayList<>();
    Map<Integer, PvssDealer.Dealt> valid = new TreeMap<>();
    int validShares = 0;
    for (int d = 0; d < committee.validators(); d++) {
      if (silent.contains(d)) {
        out.add(new Dealer(d, false, 0, 0, 0, null));
        continue;
      }
      long c0 = cpu(workers);
      PvssDealer.Dealt dealt =
          PvssDealer.deal(committee, eks, d, session, random.split(), workers);
      long dealCpu = cpu(workers) - c0;
      PvssTranscript t = dealt.transcript();
      if (liars.contains(d)) {
        t = swapEncryptedShares(t, committee.shares(), workers);
        dealt = new PvssDealer.Dealt(t, dealt.evaluations());
      }
      // What a receiver does: decode the wire bytes (every point's encoding, curve and subgroup
      // checked), then verify.
      byte[] wire = t.toBytes();
      long c1 = cpu(workers);
      PvssTranscript received = PvssTranscript.fromBytes(wire, committee.shares(), workers);
      PvssVerifier.Verdict v = PvssVerifier.verifyPublished(received, d, committee, eks,
          session, random, workers);
      long verifyCpu = cpu(workers) - c1;
      out.add(new Dealer(d, true, dealCpu, t.wireBytes(), verifyCpu,
          v.valid() ? null : v.problem()));
      if (v.valid()) {
        valid.put(d, dealt);
        validShares += committee.pointsOf(d);
      }
      if ((d + 1) % step == 0 && d + 1 < committee.validators()) {
        progress.accept(String.format(Locale.ROOT, "DKG of key epoch %d: %d of %d dealers dealt"
            + " and verified (%.0f s)", epoch, d + 1, committee.validators(),
            (System.nanoTime() - startNanos) / 1e9));
      }
    }
    if (validShares < committee.threshold()) {
      throw new InputException("keys: the DKG of key epoch " + epoch + " has valid transcripts"
          + " only from dealers holding " + validShares + " of " + committee.shares()
          + " shares, below the threshold " + committee.threshold() + " (dealers without a valid"
          + " transcript: " + out.stream().filter(x -> !x.valid()).map(Dealer::dealer).toList()
          + "): too many crashed or lying dealers for the DKG to complete");
    }
    long c2 = cpu(workers);
    PvssTranscript agg = PvssTranscript.aggregate(
        valid.values().stream().map(PvssDealer.Dealt::transcript).toList(), workers);
    PvssVerifier.requireValid(agg, committee, eks, session, random, workers);
    long aggregateCpu = cpu(workers) - c2;
    Fr[] shares = new Fr[committee.shares()];
    long[] checkCpu = new long[committee.validators()];
    for (int v = 0; v < committee.validators(); v++) {
      long c3 = cpu(workers);
      int first = committee.firstPointOf(v);
      int count = committee.pointsOf(v);
      Fr[] sum = new Fr[count];
      Arrays.fill(sum, Fr.zero());
      for (PvssDealer.Dealt d : valid.values()) {
        List<Fr> s = d.privateSharesOf(committee, v);
        for (int j = 0; j < count; j++) {
          sum[j] = sum[j].add(s.get(j));
        }
      }
      if (!PvssDkg.matches(agg.commitments().subList(first, first + count), List.of(sum),
          random)) {
        throw new IllegalStateException("PVSS DKG of epoch " + epoch + ": validator " + v
            + "'s private shares do not match the aggregate");
      }
      System.arraycopy(sum, 0, shares, first, count);
      checkCpu[v] = cpu(workers) - c3;
    }
    Fr[] dks = keys.stream().map(PvssKeys::decryptionKey).toArray(Fr[]::new);
    KeySet keySet = KeySet.fromDkg(committee, shares, dks, workers);
    if (!keySet.publicKey().equals(agg.publicKey())) {
      throw new IllegalStateException("PVSS DKG of epoch " + epoch
          + ": shares do not match the aggregate's public key");
    }
    return new DkgComputation(epoch, out, keySet, aggregateCpu, checkCpu);
  }

  /**
   * The transcript with encrypted shares 0 and 1 swapped in its encoding: every point still
   * decodes, the share check e(A_k, ek) == e(G, Y^_k) fails.
   */
  static PvssTranscript swapEncryptedShares(PvssTranscript t, int shares, Workers workers) {
    byte[] b = t.toBytes();
    int size = G2Point.UNCOMPRESSED_BYTES;
    int first = b.length - G2Point.COMPRESSED_BYTES - shares * size;
    byte[] tmp = Arrays.copyOfRange(b, first, first + size);
    System.arraycopy(b, first + size, b, first, size);
    System.arraycopy(tmp, 0, b, first + size, size);
    return PvssTranscript.fromBytes(b, shares, workers);
  }

  /**
   * CPU nanoseconds so far of the calling thread and of the workers' threads: what {@code tdsim
   * calibrate} measures the same calls with (DkgCalibration), so that the cost check compares
   * like with like; the process clock would add the JIT's and the collector's threads, at 10 ms
   * ticks.
   */
  private static long cpu(Workers workers) {
    return Workers.callerCpuNanos() + workers.poolCpuNanos();
  }

  public int epoch() {
    return epoch;
  }

  /** Every validator as a dealer, in validator order. */
  public List<Dealer> dealers() {
    return dealers;
  }

  /** The key set of the aggregate of the valid transcripts. */
  public KeySet keySet() {
    return keySet;
  }

  /** CPU time here of aggregating the valid transcripts and verifying the aggregate. */
  public long aggregateCpuNanos() {
    return aggregateCpuNanos;
  }

  /** CPU time here of validator v's check of its summed private evaluations. */
  public long privateCheckCpuNanos(int validator) {
    return privateCheckCpuNanos[validator];
  }

  /** Wire bytes of validator v's private evaluations from one dealer. */
  public static long privateBytes(Committee committee, int validator) {
    return PvssDealer.Dealt.privateSharesBytes(committee, validator);
  }
}
