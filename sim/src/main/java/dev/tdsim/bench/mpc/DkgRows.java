package dev.tdsim.bench.mpc;

import dev.tdsim.signing.RoundSchedule.Message;
import dev.tdsim.signing.RoundSchedule.Round;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.dkg.FeldmanDkg;
import dev.tdsim.crypto.dkg.FeldmanMessage;
import dev.tdsim.crypto.dkg.FeldmanResult;
import dev.tdsim.crypto.dkg.PvssDealer;
import dev.tdsim.crypto.dkg.PvssDkg;
import dev.tdsim.crypto.dkg.PvssKeys;
import dev.tdsim.crypto.dkg.PvssTranscript;
import dev.tdsim.crypto.dkg.PvssVerifier;
import dev.tdsim.crypto.dkg.ShareLayout;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.signing.RoundSchedule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The DKG rows: the real protocols run in memory, their measured compute and real message sizes
 * put on the {@link MpcNetwork} by {@link RoundSchedule}.
 */
final class DkgRows {
  private DkgRows() {}

  /** A complaint's wire size (complainer and dealer indices). */
  static final long COMPLAINT_BYTES = 2L * FeldmanMessage.INDEX_BYTES;

  /**
   * Pedersen's DKG (joint Feldman), unweighted (t, n), honest run: {@link FeldmanDkg#run} records
   * each party's CPU time per round and every message; round 1 (dealing broadcast and private
   * shares, each sender's copies in rotation order: party i sends to i+1, i+2, ...), round 2
   * (verification, then the complaint window: no complaint is sent, but every party waits until
   * one could have arrived), round 3 skipped when nobody complained (every party knows it),
   * round 4 (QUAL, key, shares) local.
   */
  static MpcRow feldman(int t, int n, int reps, MpcNetwork network, StrongRandom random) {
    ShareLayout layout = ShareLayout.unweighted(t, n);
    long[] latency = new long[reps];
    long[] compute = new long[reps];
    long bytes = 0;
    long sharesOnly = 0;
    long shareBytes = 0;
    for (int rep = 0; rep < reps; rep++) {
      FeldmanDkg.Run run = FeldmanDkg.run(layout, Map.of(), random.split());
      shareBytes = checkedShareBytes(run.results(), n);
      List<Round> rounds = feldmanRounds(run, n);
      RoundSchedule.Result r = RoundSchedule.run(n, rounds, network);
      latency[rep] = r.latencyNanos();
      compute[rep] = RoundSchedule.run(n, rounds, MpcTable.IDEAL).latencyNanos();
      bytes = r.bytes();
      sharesOnly = 0;
      for (FeldmanDkg.Sent s : run.sent()) {
        if (s.message() instanceof FeldmanMessage.PrivateShares p) {
          sharesOnly += (long) FeldmanMessage.SCALAR_BYTES * p.shares().size();
        }
      }
    }
    return MpcTable.row(MpcFunction.DKG, "feldman", t, n, n, 2, latency, compute, shareBytes,
        bytes, sharesOnly, PaperFigures.dkg(t, n),
        "Pedersen/joint-Feldman; deal + complaint window + finish");
  }

  private static long checkedShareBytes(List<FeldmanResult> results, int n) {
    FeldmanResult first = results.get(0);
    for (FeldmanResult r : results) {
      if (r == null || !r.disqualified().isEmpty() || r.qualified().size() != n
          || !r.publicKey().equals(first.publicKey())) {
        throw new IllegalStateException("honest DKG run did not end in one key for all " + n
            + " parties");
      }
    }
    return (long) FeldmanMessage.SCALAR_BYTES * first.shares().size();
  }

  static List<Round> feldmanRounds(FeldmanDkg.Run run, int n) {
    List<Round> rounds = new ArrayList<>();
    boolean complaints = false;
    for (int round = 1; round <= 3; round++) {
      long[] compute = new long[n];
      for (int p = 0; p < n; p++) {
        compute[p] = run.computeNanos()[p][round - 1];
      }
      List<List<FeldmanMessage>> bySender = new ArrayList<>();
      for (int p = 0; p < n; p++) {
        bySender.add(new ArrayList<>());
      }
      for (FeldmanDkg.Sent s : run.sent()) {
        if (s.round() == round) {
          bySender.get(s.message().sender()).add(s.message());
        }
      }
      List<Message> messages = new ArrayList<>();
      for (int from = 0; from < n; from++) {
        for (int k = 1; k < n; k++) {
          int to = (from + k) % n;
          for (FeldmanMessage m : bySender.get(from)) {
            boolean toHim = m.broadcast()
                || (m instanceof FeldmanMessage.PrivateShares p && p.recipient() == to);
            if (toHim) {
              messages.add(new Message(from, to, m.wireBytes(), 0, 1));
            }
          }
        }
      }
      if (round == 2) {
        complaints = !messages.isEmpty();
        rounds.add(new Round(compute, messages, null, COMPLAINT_BYTES));
      } else if (round == 3 && !complaints) {
        rounds.add(Round.of(compute, List.of())); // nobody to answer: no window
      } else {
        rounds.add(Round.of(compute, messages));
      }
    }
    long[] finish = new long[n];
    for (int p = 0; p < n; p++) {
      finish[p] = run.computeNanos()[p][FeldmanDkg.ROUNDS - 1];
    }
    rounds.add(Round.of(finish, List.of()));
    return rounds;
  }

  /**
   * The aggregatable PVSS DKG, N weighted shares over V validators (stakes 1..1000 from the seeded
   * stream), threshold N 2/3, every validator a dealer. Measured per repetition on {@code
   * threads} worker threads (wall clock; every validator is taken to have that many cores): one
   * dealing with its encoding, one transcript decoded from its bytes (all subgroup checks) and
   * verified, the addition of one transcript to a running aggregate, and one validator's check of
   * its summed private evaluations. All dealers cost the same, so the one measurement stands for
   * every dealer. Round 1: every validator deals, then sends its transcript and each validator's
   * private evaluations (encrypted) to each other validator (rotation order); each receiver
   * verifies every transcript and adds it to its aggregate as it arrives (one CPU, in arrival
   * order). Round 2: the private-share check.
   *
   * @param verifyAggregateOnly the optimistic alternative: decode each transcript and add it,
   *     verify only the aggregate once at the end (a failure would need the per-transcript path)
   */
  static MpcRow pvss(int shares, int validators, int reps, int threads, boolean verifyAggregateOnly,
      MpcNetwork network, StrongRandom random) {
    long[] stakes = new long[validators];
    for (int i = 0; i < validators; i++) {
      stakes[i] = 1 + Long.remainderUnsigned(random.nextLong(), 1000);
    }
    Committee committee = Committee.byStake(shares, Committee.defaultThreshold(shares), stakes);
    List<PvssKeys> keys = new ArrayList<>();
    for (int i = 0; i < validators; i++) {
      keys.add(PvssKeys.generate(i, random));
    }
    List<G2Point> eks = keys.stream().map(PvssKeys::encryptionKey).toList();
    int largest = 0;
    for (int v = 0; v < validators; v++) {
      largest = committee.pointsOf(v) > committee.pointsOf(largest) ? v : largest;
    }
    long[] latency = new long[reps];
    long[] compute = new long[reps];
    long bytes = 0;
    long sharesOnly = 0;
    long[][] parts = new long[5][reps]; // deal, decode, verify, add, check
    long transcriptBytes = 0;
    try (Workers workers = Workers.of(threads)) {
      PvssTranscript accumulator = PvssDealer.deal(committee, eks, validators - 1, 1,
          random.split(), workers).transcript();
      for (int rep = 0; rep < reps; rep++) {
        long t0 = System.nanoTime();
        PvssDealer.Dealt dealt = PvssDealer.deal(committee, eks, rep % (validators - 1), 1,
            random.split(), workers);
        byte[] wire = dealt.transcript().toBytes();
        long t1 = System.nanoTime();
        PvssTranscript back = PvssTranscript.fromBytes(wire, shares, workers);
        long t2 = System.nanoTime();
        PvssVerifier.Verdict verdict = PvssVerifier.verify(back, committee, eks, 1, random,
            workers);
        long t3 = System.nanoTime();
        PvssTranscript sum = PvssTranscript.aggregate(List.of(accumulator, back), workers);
        long t4 = System.nanoTime();
        int first = committee.firstPointOf(largest);
        // the validator's check of its private evaluations: one short MSM over its points (the
        // sum over dealers is field additions only); timed against this dealer's commitments
        boolean mine = PvssDkg.matches(
            back.commitments().subList(first, first + committee.pointsOf(largest)),
            dealt.privateSharesOf(committee, largest), random);
        long t5 = System.nanoTime();
        if (!verdict.valid() || !mine || sum.dealers().size() != 2) {
          throw new IllegalStateException("honest PVSS dealing rejected: " + verdict.problem());
        }
        long deal = t1 - t0;
        long decode = t2 - t1;
        long verify = t3 - t2;
        long add = t4 - t3;
        long check = t5 - t4;
        long[] these = {deal, decode, verify, add, check};
        for (int i = 0; i < these.length; i++) {
          parts[i][rep] = these[i];
        }
        transcriptBytes = wire.length;
        long receive = verifyAggregateOnly ? decode + add : decode + verify + add;
        long last = check + (verifyAggregateOnly ? verify : 0);
        List<Round> rounds = pvssRounds(committee, wire.length, deal, receive, last);
        RoundSchedule.Result r = RoundSchedule.run(validators, rounds, network);
        latency[rep] = r.latencyNanos();
        compute[rep] = RoundSchedule.run(validators, rounds, MpcTable.IDEAL).latencyNanos();
        bytes = r.bytes();
      }
    }
    for (int d = 0; d < validators; d++) {
      for (int v = 0; v < validators; v++) {
        if (v != d) {
          sharesOnly += (long) FeldmanMessage.SCALAR_BYTES * committee.pointsOf(v);
        }
      }
    }
    long meanShareBytes = (long) FeldmanMessage.SCALAR_BYTES * shares / validators;
    String costs = String.format(java.util.Locale.ROOT, "; medians on %d threads: deal %s,"
        + " transcript %,d B, decode %s, verify %s, add to aggregate %s, own-share check %s",
        threads, MpcTable.time(median(parts[0])), transcriptBytes, MpcTable.time(median(parts[1])),
        MpcTable.time(median(parts[2])), MpcTable.time(median(parts[3])),
        MpcTable.time(median(parts[4])));
    return MpcTable.row(MpcFunction.DKG, verifyAggregateOnly ? "pvss-verify-aggregate" : "pvss",
        committee.threshold(), validators, shares, 1, latency, compute, meanShareBytes, bytes,
        sharesOnly, PaperFigures.dkg(committee.threshold(), validators),
        (verifyAggregateOnly
            ? "every validator deals; each decodes every transcript and adds it, then verifies the"
                + " aggregate once"
            : "every validator deals; each decodes, verifies and adds every transcript") + costs);
  }

  private static long median(long[] values) {
    long[] v = values.clone();
    java.util.Arrays.sort(v);
    return v[v.length / 2];
  }

  private static List<Round> pvssRounds(Committee committee, long transcriptBytes, long dealNanos,
      long receiveNanos, long finishNanos) {
    int v = committee.validators();
    long[] deal = new long[v];
    java.util.Arrays.fill(deal, dealNanos);
    List<Message> messages = new ArrayList<>();
    for (int from = 0; from < v; from++) {
      for (int k = 1; k < v; k++) {
        int to = (from + k) % v;
        messages.add(new Message(from, to, transcriptBytes, receiveNanos, 1));
        messages.add(new Message(from, to, PvssDealer.Dealt.privateSharesBytes(committee, to),
            0, 1));
      }
    }
    long[] finish = new long[v];
    java.util.Arrays.fill(finish, finishNanos);
    return List.of(Round.of(deal, messages), Round.of(finish, List.of()));
  }
}
