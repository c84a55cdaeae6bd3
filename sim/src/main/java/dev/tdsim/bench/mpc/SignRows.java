package dev.tdsim.bench.mpc;

import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tbls.ThresholdBls;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.signing.RoundSchedule;
import dev.tdsim.signing.RoundSchedule.Round;
import dev.tdsim.signing.SigningCommittee;
import dev.tdsim.signing.SigningSchemes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The threshold BLS signing rows: the {@code threshold-bls} signing scheme's real run
 * (dev.tdsim.signing: every signer's partial, the combiner's decoding, combination and check,
 * each timed) put on the MPC table's network. The latency runs from the moment every signer knows
 * the message to the verified signature at the combiner.
 */
final class SignRows {
  private SignRows() {}

  private static final String PROTOCOL = "threshold-bls";

  /** The unweighted (t, n) row: the {@code threshold-bls} scheme, one point per signer. */
  static MpcRow unweighted(int t, int n, int reps, MpcNetwork network, StrongRandom random) {
    SigningCommittee keys = SigningSchemes.byName(PROTOCOL).committee(t, n, random);
    return run(keys, n, reps, network, random, PaperFigures.thresholdSign(t, n),
        "one point per signer; combiner = signer 0");
  }

  /** The weighted row: N points over V validators by stake, threshold N 2/3. */
  static MpcRow weighted(int shares, int validators, int reps, MpcNetwork network,
      StrongRandom random) {
    long[] stakes = new long[validators];
    for (int i = 0; i < validators; i++) {
      stakes[i] = 1 + Long.remainderUnsigned(random.nextLong(), 1000);
    }
    Committee committee = Committee.byStake(shares, Committee.defaultThreshold(shares), stakes);
    return run(SigningSchemes.thresholdBls(committee, validators, random), shares, reps, network,
        random, PaperFigures.thresholdSign(committee.threshold(), validators),
        "weighted by stake; one G1 point per key-share point; combiner = validator 0");
  }

  private static MpcRow run(SigningCommittee keys, int shares, int reps, MpcNetwork network,
      StrongRandom random, Optional<PaperFigures.Figure> paper, String note) {
    int signers = keys.parties();
    long[] latency = new long[reps];
    long[] compute = new long[reps];
    long bytes = 0;
    for (int rep = 0; rep < reps; rep++) {
      byte[] message = ("tdsim mpc bench, block " + rep).getBytes(StandardCharsets.UTF_8);
      List<Round> rounds = keys.sign(message, random).allRounds();
      RoundSchedule.Result r = RoundSchedule.run(signers, rounds, network);
      latency[rep] = r.latencyNanos();
      compute[rep] = RoundSchedule.run(signers, rounds, MpcTable.IDEAL).latencyNanos();
      bytes = r.bytes();
    }
    return MpcTable.row(MpcFunction.THRESHOLD_SIGN, PROTOCOL, keys.threshold(), signers, shares,
        1, latency, compute, ThresholdBls.SIGNATURE_BYTES, bytes, -1, paper, note);
  }
}
