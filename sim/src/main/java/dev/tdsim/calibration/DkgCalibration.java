package dev.tdsim.calibration;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.dkg.PvssDealer;
import dev.tdsim.crypto.dkg.PvssDkg;
import dev.tdsim.crypto.dkg.PvssKeys;
import dev.tdsim.crypto.dkg.PvssTranscript;
import dev.tdsim.crypto.dkg.PvssVerifier;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The key setup's calls for {@code tdsim calibrate}, exactly as {@code epochs.DkgComputation}
 * runs them in a scenario: a dealer's {@link PvssDealer#deal} ({@link CryptoOp#DKG_DEAL}); a
 * receiver's decoding of a transcript's wire bytes and its {@link PvssVerifier#verify} ({@link
 * CryptoOp#DKG_VERIFY}); the aggregation of D valid transcripts and the verification of the
 * aggregate ({@link CryptoOp#DKG_AGGREGATE}); and a validator's sum of its private evaluations
 * from D dealers checked against the aggregate ({@link CryptoOp#DKG_OWN_CHECK}).
 *
 * <p>Per key set the setup (untimed) makes every validator's PVSS keys and deals the transcripts
 * the aggregation adds ({@link CalibrationSettings.DkgGrid#transcripts}), with their aggregates
 * for the own check. Every timed verification and check must succeed, or the calibration stops.
 */
final class DkgCalibration {
  /** What one key set's timed calls need. */
  static final class Setup {
    final Committee committee;
    final List<G2Point> encryptionKeys;
    final List<PvssDealer.Dealt> dealt;
    /** The first transcript's wire bytes (what a receiver decodes). */
    final byte[] wire;
    /** Per transcript count D: the aggregate of the first D transcripts (for the own check). */
    final Map<Integer, PvssTranscript> aggregates = new LinkedHashMap<>();
    final List<Integer> transcripts;
    /** The validator whose own check is timed: the middle one. */
    final int checker;
    final String label;
    final long seed;
    private int deals;

    private Setup(Committee committee, List<G2Point> encryptionKeys,
        List<PvssDealer.Dealt> dealt, List<Integer> transcripts, String label, long seed,
        Workers setup) {
      this.committee = committee;
      this.encryptionKeys = encryptionKeys;
      this.dealt = dealt;
      this.transcripts = transcripts;
      this.wire = dealt.get(0).transcript().toBytes();
      this.checker = committee.validators() / 2;
      this.label = label;
      this.seed = seed;
      for (int d : transcripts) {
        aggregates.put(d, PvssTranscript.aggregate(first(d), setup));
      }
    }

    /** One transcript over this committee: OpSize(1, V, N, 0). */
    OpSize transcriptSize() {
      return new OpSize(1, committee.validators(), committee.shares(), 0);
    }

    /** D transcripts aggregated: OpSize(D, V, N, 0). */
    OpSize aggregateSize(int d) {
      return new OpSize(d, committee.validators(), committee.shares(), 0);
    }

    /** The checker's own check of D evaluations: OpSize(D, V, its points, 0). */
    OpSize ownCheckSize(int d) {
      return new OpSize(d, committee.validators(), committee.pointsOf(checker), 0);
    }

    List<PvssTranscript> first(int d) {
      return dealt.subList(0, d).stream().map(PvssDealer.Dealt::transcript).toList();
    }

    /** A fresh deal (DKG_DEAL), by a dealer that changes from call to call. */
    PvssDealer.Dealt deal(Workers workers) {
      int n = deals++;
      return PvssDealer.deal(committee, encryptionKeys, n % committee.validators(), SESSION + 1,
          SeededDrbg.of(seed, "calibration.dkg-deal/" + label, n), workers);
    }

    /** A receiver's decoding and verification of the first transcript (DKG_VERIFY). */
    void verify(Workers workers) {
      PvssTranscript received =
          PvssTranscript.fromBytes(wire, committee.shares(), workers);
      PvssVerifier.Verdict v = PvssVerifier.verify(received, committee, encryptionKeys, SESSION,
          SeededDrbg.of(seed, "calibration.dkg-verify/" + label, 0), workers);
      if (!v.valid()) {
        throw new IllegalStateException("DKG calibration on " + label + ": a valid transcript"
            + " failed verification (" + v.problem() + "): calibration stopped");
      }
    }

    /** The aggregation of the first D transcripts and its verification (DKG_AGGREGATE). */
    void aggregate(int d, Workers workers) {
      PvssTranscript agg = PvssTranscript.aggregate(first(d), workers);
      PvssVerifier.requireValid(agg, committee, encryptionKeys, SESSION,
          SeededDrbg.of(seed, "calibration.dkg-aggregate/" + label, d), workers);
    }

    /** The checker's sum of its evaluations from D dealers and its check (DKG_OWN_CHECK). */
    void ownCheck(int d) {
      int first = committee.firstPointOf(checker);
      int count = committee.pointsOf(checker);
      Fr[] sum = new Fr[count];
      Arrays.fill(sum, Fr.zero());
      for (PvssDealer.Dealt x : dealt.subList(0, d)) {
        List<Fr> s = x.privateSharesOf(committee, checker);
        for (int j = 0; j < count; j++) {
          sum[j] = sum[j].add(s.get(j));
        }
      }
      List<G1Point> commitments =
          aggregates.get(d).commitments().subList(first, first + count);
      if (!PvssDkg.matches(commitments, List.of(sum),
          SeededDrbg.of(seed, "calibration.dkg-check/" + label, d))) {
        throw new IllegalStateException("DKG calibration on " + label + ": validator " + checker
            + "'s evaluations do not match the aggregate: calibration stopped");
      }
    }
  }

  /** The DKG session (epoch) of the setup's transcripts. */
  static final long SESSION = 0;

  private DkgCalibration() {}

  /**
   * The untimed setup of one key set: every validator's PVSS keys, the most transcripts of
   * {@code transcripts} dealt (by validators 0, 1, ...), their aggregates, and a throw-away pass
   * over every timed call (the JIT warmed up on this size).
   */
  static Setup prepare(CalibrationSettings.KeySpec spec, List<Integer> transcripts, long seed,
      Workers setup) {
    Committee committee = Committee.equal(spec.shares(), spec.threshold(), spec.validators());
    String label = spec.toString();
    List<G2Point> eks = new ArrayList<>();
    for (int v = 0; v < committee.validators(); v++) {
      eks.add(PvssKeys.generate(v, SeededDrbg.of(seed, "calibration.dkg-keys/" + label, v))
          .encryptionKey());
    }
    int most = transcripts.get(transcripts.size() - 1);
    List<PvssDealer.Dealt> dealt = new ArrayList<>();
    for (int d = 0; d < most; d++) {
      dealt.add(PvssDealer.deal(committee, eks, d, SESSION,
          SeededDrbg.of(seed, "calibration.dkg-dealer/" + label, d), setup));
    }
    Setup s = new Setup(committee, eks, dealt, transcripts, label, seed, setup);
    s.deal(setup);
    s.verify(setup);
    s.aggregate(transcripts.get(0), setup);
    s.ownCheck(transcripts.get(0));
    return s;
  }
}
