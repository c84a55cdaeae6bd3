package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Not a test (surefire does not pick it up): prints DKG timings, asserts nothing but validity.
 *
 * <pre>
 *   mvn -B -q -o -pl crypto test-compile
 *   java -cp $CP dev.tdsim.crypto.dkg.DkgTiming pvss [shares=8192] [validators=150] [reps=3] [threads=2]
 *   java -cp $CP dev.tdsim.crypto.dkg.DkgTiming feldman [reps=5]
 * </pre>
 *
 * pvss: weighted committee (stakes 1..1000 from a seeded stream), threshold N*2/3; per rep: deal
 * one transcript, encode it, then decode (all subgroup checks) and verify it; then aggregate two
 * transcripts and verify the aggregate. Wall-clock milliseconds on {@code threads} worker threads.
 *
 * <p>feldman: the (t, n) rows, unweighted; per row the median over reps of each round's largest
 * per-party compute (thread CPU) and the bytes sent per round (broadcasts counted per receiver).
 */
public final class DkgTiming {
  private DkgTiming() {}

  public static void main(String[] args) {
    try {
      run(args);
    } catch (IllegalArgumentException e) {
      System.err.println("DkgTiming: " + e.getMessage()
          + " (usage: pvss [shares] [validators] [reps] [threads] | feldman [reps])");
      System.exit(2);
    }
  }

  private static void run(String[] args) {
    String what = args.length > 0 ? args[0] : "pvss";
    if (!what.equals("pvss") && !what.equals("feldman")) {
      throw new IllegalArgumentException("unknown mode '" + what + "'");
    }
    if (what.equals("feldman")) {
      feldman(args.length > 1 ? Integer.parseInt(args[1]) : 5);
    } else {
      int n = args.length > 1 ? Integer.parseInt(args[1]) : 8192;
      int v = args.length > 2 ? Integer.parseInt(args[2]) : 150;
      int reps = args.length > 3 ? Integer.parseInt(args[3]) : 3;
      int threads = args.length > 4 ? Integer.parseInt(args[4]) : 2;
      pvss(n, v, reps, threads);
    }
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }

  static void pvss(int n, int v, int reps, int threads) {
    StrongRandom seed = SeededDrbg.of(2026, "dkg.timing", 0);
    long[] stakes = new long[v];
    for (int i = 0; i < v; i++) {
      stakes[i] = 1 + Long.remainderUnsigned(seed.nextLong(), 1000);
    }
    Committee committee = Committee.byStake(n, Committee.defaultThreshold(n), stakes);
    Workers workers = Workers.of(threads);
    List<PvssKeys> keys = new ArrayList<>();
    for (int i = 0; i < v; i++) {
      keys.add(PvssKeys.generate(i, seed));
    }
    List<G2Point> eks = keys.stream().map(PvssKeys::encryptionKey).toList();
    System.out.printf("pvss: N=%d shares, V=%d validators (weighted), t=%d, %d threads%n",
        n, v, committee.threshold(), threads);
    PvssTranscript previous = null;
    for (int rep = 0; rep < reps; rep++) {
      long t0 = System.nanoTime();
      PvssDealer.Dealt d = PvssDealer.deal(committee, eks, rep % v, 1, seed.split(), workers);
      long t1 = System.nanoTime();
      byte[] bytes = d.transcript().toBytes();
      long t2 = System.nanoTime();
      PvssTranscript back = PvssTranscript.fromBytes(bytes, n, workers);
      long t3 = System.nanoTime();
      boolean pok = back.contributions().get(0).proof().verifies(
          back.publicKey(), 1, back.contributions().get(0).dealer(),
          eks.get(back.contributions().get(0).dealer()));
      long t4 = System.nanoTime();
      boolean low = PvssVerifier.lowDegree(back, committee, back.publicKey(), seed, workers);
      long t5 = System.nanoTime();
      boolean pair = PvssVerifier.pairings(back, committee, eks, back.publicKey(), seed, workers);
      long t6 = System.nanoTime();
      PvssVerifier.Verdict whole = PvssVerifier.verify(back, committee, eks, 1, seed, workers);
      long t7 = System.nanoTime();
      System.out.printf("rep %d: deal %.0f ms | transcript %d bytes (encode %.0f ms) | verify from"
          + " bytes %.0f ms = decode+subgroup %.0f + proof %.1f + low-degree %.0f + pairings %.0f"
          + " | verify() alone %.0f ms | valid=%s%n", rep, ms(t1 - t0), bytes.length,
          ms(t2 - t1), ms(t6 - t2), ms(t3 - t2), ms(t4 - t3), ms(t5 - t4), ms(t6 - t5),
          ms(t7 - t6), pok && low && pair && whole.valid());
      if (previous != null) {
        long a0 = System.nanoTime();
        PvssTranscript agg = PvssTranscript.aggregate(List.of(previous, back), workers);
        long a1 = System.nanoTime();
        PvssVerifier.Verdict av = PvssVerifier.verify(agg, committee, eks, 1, seed, workers);
        long a2 = System.nanoTime();
        System.out.printf("       aggregate 2 transcripts %.0f ms, verify aggregate %.0f ms,"
            + " valid=%s%n", ms(a1 - a0), ms(a2 - a1), av.valid());
      }
      previous = back;
    }
    workers.close();
  }

  static final int[][] ROWS = {{2, 3}, {3, 5}, {5, 7}, {7, 10}, {15, 21}, {100, 150}};

  static void feldman(int reps) {
    System.out.println("feldman (unweighted, one point per party); per round: median over reps of"
        + " the largest per-party compute (ms), bytes sent in the round");
    System.out.println("| (t, n) | deal ms | verify+complain ms | justify ms | finish ms |"
        + " compute total ms | round-1 bytes | round-2 bytes | round-3 bytes |");
    System.out.println("|---|---|---|---|---|---|---|---|---|");
    StrongRandom seed = SeededDrbg.of(2026, "dkg.timing.feldman", 0);
    for (int[] row : ROWS) {
      ShareLayout layout = ShareLayout.unweighted(row[0], row[1]);
      FeldmanDkg.run(layout, Map.of(), seed.split()); // warm-up
      double[][] r = new double[FeldmanDkg.ROUNDS][reps];
      FeldmanDkg.Run last = null;
      for (int rep = 0; rep < reps; rep++) {
        last = FeldmanDkg.run(layout, Map.of(), seed.split());
        for (int k = 1; k <= FeldmanDkg.ROUNDS; k++) {
          r[k - 1][rep] = ms(last.maxComputeNanos(k));
        }
      }
      double[] med = new double[FeldmanDkg.ROUNDS];
      double total = 0;
      for (int k = 0; k < med.length; k++) {
        Arrays.sort(r[k]);
        med[k] = r[k][reps / 2];
        total += med[k];
      }
      System.out.printf("| (%d, %d) | %.2f | %.2f | %.2f | %.2f | %.2f | %d | %d | %d |%n",
          row[0], row[1], med[0], med[1], med[2], med[3], total, last.bytesInRound(1, row[1]),
          last.bytesInRound(2, row[1]), last.bytesInRound(3, row[1]));
    }
  }
}
