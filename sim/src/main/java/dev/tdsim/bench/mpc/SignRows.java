package dev.tdsim.bench.mpc;

import dev.tdsim.bench.mpc.RoundSchedule.Message;
import dev.tdsim.bench.mpc.RoundSchedule.Round;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tbls.CombineResult;
import dev.tdsim.crypto.tbls.PartialSignature;
import dev.tdsim.crypto.tbls.ThresholdBls;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The threshold BLS signing rows ({@link ThresholdBls}, real blst): every signer hashes the message
 * and signs its points (its own CPU time, measured), sends its partial (uncompressed points, as the
 * simulator's threshold-bls votes) to the combiner, validator 0, which signs too; the combiner
 * decodes each partial as it arrives (curve checks, measured) and, once it holds t points, combines
 * them (Lagrange at 0, one G1 MSM) and verifies the result (subgroup check, 2-pair product): {@link
 * ThresholdBls#combine}'s optimistic path, measured. The latency runs from the moment every signer
 * knows the message to the verified signature at the combiner.
 */
final class SignRows {
  private SignRows() {}

  /**
   * The unweighted (t, n) row: one point per signer. The key set's domain is the smallest power of
   * two N >= n with one point per validator; the N - n validators beyond n never sign (their
   * points play no part, as in a DKG's unweighted layout).
   */
  static MpcRow unweighted(int t, int n, int reps, MpcNetwork network, StrongRandom random) {
    int domain = Math.max(2, Integer.highestOneBit(n) == n ? n : Integer.highestOneBit(n) << 1);
    int[] firstPoint = new int[domain + 1];
    for (int i = 0; i <= domain; i++) {
      firstPoint[i] = i;
    }
    return run(new Committee(domain, t, firstPoint), n, reps, network, random,
        PaperFigures.thresholdSign(t, n), "one point per signer; combiner = signer 0");
  }

  /** The weighted row: N points over V validators by stake, threshold N 2/3. */
  static MpcRow weighted(int shares, int validators, int reps, MpcNetwork network,
      StrongRandom random) {
    long[] stakes = new long[validators];
    for (int i = 0; i < validators; i++) {
      stakes[i] = 1 + Long.remainderUnsigned(random.nextLong(), 1000);
    }
    Committee committee = Committee.byStake(shares, Committee.defaultThreshold(shares), stakes);
    return run(committee, validators, reps, network, random,
        PaperFigures.thresholdSign(committee.threshold(), validators),
        "weighted by stake; one G1 point per key-share point; combiner = validator 0");
  }

  private static MpcRow run(Committee committee, int signers, int reps, MpcNetwork network,
      StrongRandom random, java.util.Optional<PaperFigures.Figure> paper, String note) {
    KeySet keys = KeySet.deal(committee, random, Workers.of(1));
    ThresholdBls tbls = ThresholdBls.of(keys);
    int t = committee.threshold();
    long[] latency = new long[reps];
    long[] compute = new long[reps];
    long bytes = 0;
    for (int rep = 0; rep < reps; rep++) {
      byte[] message = ("tdsim mpc bench, block " + rep).getBytes(StandardCharsets.UTF_8);
      long[] sign = new long[signers];
      List<byte[]> wire = new ArrayList<>();
      G1Point hashed = null;
      for (int p = 0; p < signers; p++) {
        long c0 = Workers.callerCpuNanos();
        hashed = tbls.hash(message);
        PartialSignature partial = tbls.sign(p, hashed);
        byte[] encoded = partial.encodeUncompressed();
        sign[p] = Workers.callerCpuNanos() - c0;
        wire.add(encoded);
      }
      List<PartialSignature> decoded = new ArrayList<>();
      List<Message> messages = new ArrayList<>();
      decoded.add(PartialSignature.decodeOnCurve(committee, 0, wire.get(0)));
      for (int p = 1; p < signers; p++) {
        long c0 = Workers.callerCpuNanos();
        decoded.add(PartialSignature.decodeOnCurve(committee, p, wire.get(p)));
        long decode = Workers.callerCpuNanos() - c0;
        messages.add(new Message(p, 0, wire.get(p).length, decode, committee.pointsOf(p)));
      }
      // Any t points cost the same to combine (Lagrange for t of N points, a t-point MSM, one
      // check), so the combination is timed over the first t by validator, not the first to arrive.
      long c0 = Workers.callerCpuNanos();
      CombineResult result = tbls.combine(hashed, decoded, random);
      long combine = Workers.callerCpuNanos() - c0;
      if (!result.signed() || !tbls.verify(message, result.signature().get().toCompressed())) {
        throw new IllegalStateException("honest threshold BLS partials did not combine");
      }
      long[] quorum = new long[signers];
      quorum[0] = Math.max(0, t - committee.pointsOf(0));
      long[] finish = new long[signers];
      finish[0] = combine;
      List<Round> rounds = List.of(new Round(sign, messages, quorum, -1),
          Round.of(finish, List.of()));
      RoundSchedule.Result r = RoundSchedule.run(signers, rounds, network);
      latency[rep] = r.latencyNanos();
      compute[rep] = RoundSchedule.run(signers, rounds, MpcTable.IDEAL).latencyNanos();
      bytes = r.bytes();
    }
    return MpcTable.row(MpcFunction.THRESHOLD_SIGN, "threshold-bls", t, signers,
        committee.validators() == signers ? committee.shares() : signers,
        1, latency, compute, ThresholdBls.SIGNATURE_BYTES, bytes, -1, paper, note);
  }
}
