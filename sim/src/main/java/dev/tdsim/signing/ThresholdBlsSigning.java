package dev.tdsim.signing;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tbls.CombineResult;
import dev.tdsim.crypto.tbls.PartialSignature;
import dev.tdsim.crypto.tbls.ThresholdBls;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.signing.RoundSchedule.Message;
import dev.tdsim.signing.RoundSchedule.Round;
import java.util.ArrayList;
import java.util.List;

/**
 * Threshold BLS ({@link ThresholdBls}, real blst) as one round: every signer hashes the message
 * and signs its points (its own CPU time, measured), sends its partial (uncompressed points, as
 * the simulator's threshold-bls votes) to the combiner, party 0, which signs too; the combiner
 * decodes each partial as it arrives (curve checks, measured) and, once it holds t points,
 * combines them (Lagrange at 0, one G1 MSM) and verifies the result (subgroup check, 2-pair
 * product): {@link ThresholdBls#combine}'s optimistic path, measured. No presigning.
 */
final class ThresholdBlsSigning implements SigningScheme {
  @Override
  public String name() {
    return "threshold-bls";
  }

  @Override
  public String description() {
    return "threshold BLS on BLS12-381 (blst): one round of partials to a combiner, 48 B"
        + " signatures";
  }

  /** A partial per party (about 0.15 ms: a hash to G1 and a multiplication) and a combine. */
  @Override
  public double estimatedSignCpuSeconds(int threshold, int parties) {
    return 0.15e-3 * parties + 1e-3;
  }

  @Override
  public double estimatedSetupCpuSeconds(int threshold, int parties) {
    return 1e-4 * parties;
  }

  @Override
  public int signatureBytes() {
    return ThresholdBls.SIGNATURE_BYTES;
  }

  /**
   * One point per party: the key set's domain is the smallest power of two N >= n with one point
   * per validator; the N - n validators beyond n never sign (their points play no part, as in a
   * DKG's unweighted layout).
   */
  @Override
  public SigningCommittee committee(int threshold, int parties, StrongRandom random) {
    if (parties < 1 || threshold < 1 || threshold > parties) {
      throw new IllegalArgumentException("threshold-bls needs 1 <= t <= n, got t = " + threshold
          + ", n = " + parties);
    }
    int domain = Math.max(2, Integer.highestOneBit(parties) == parties ? parties
        : Integer.highestOneBit(parties) << 1);
    int[] firstPoint = new int[domain + 1];
    for (int i = 0; i <= domain; i++) {
      firstPoint[i] = i;
    }
    return keys(new Committee(domain, threshold, firstPoint), parties, random);
  }

  /**
   * A plain BLS signature in the same form: the message hashed to G1 under the threshold
   * scheme's tag and multiplied by one secret key (48 B compressed).
   */
  @Override
  public SingleKeySigner singleKey(StrongRandom random) {
    Fr secret = Fr.random(random);
    return new SingleKeySigner() {
      @Override
      public String name() {
        return "BLS (signature in G1)";
      }

      @Override
      public byte[] sign(byte[] message) {
        return G1Point.hashTo(message, ThresholdBls.DST).multiply(secret).toCompressed();
      }
    };
  }

  /**
   * Keys dealt over {@code committee} (weighted: several points per validator), of whose
   * validators the first {@code signers} sign; the threshold counts points.
   */
  static SigningCommittee keys(Committee committee, int signers, StrongRandom random) {
    KeySet keys = KeySet.deal(committee, random, Workers.of(1));
    return new Keys(committee, signers, ThresholdBls.of(keys));
  }

  private record Keys(Committee committee, int parties, ThresholdBls tbls)
      implements SigningCommittee {
    @Override
    public int threshold() {
      return committee.threshold();
    }

    @Override
    public SigningRun sign(byte[] message, StrongRandom random) {
      long[] sign = new long[parties];
      List<byte[]> wire = new ArrayList<>();
      G1Point hashed = null;
      for (int p = 0; p < parties; p++) {
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
      for (int p = 1; p < parties; p++) {
        long c0 = Workers.callerCpuNanos();
        decoded.add(PartialSignature.decodeOnCurve(committee, p, wire.get(p)));
        long decode = Workers.callerCpuNanos() - c0;
        messages.add(new Message(p, 0, wire.get(p).length, decode, committee.pointsOf(p)));
      }
      // Any t points cost the same to combine (Lagrange for t of N points, a t-point MSM, one
      // check), so the combination is timed over the first t by validator, not the first to
      // arrive.
      long c0 = Workers.callerCpuNanos();
      CombineResult result = tbls.combine(hashed, decoded, random);
      long combine = Workers.callerCpuNanos() - c0;
      byte[] signature = result.signed() ? result.signature().get().toCompressed() : null;
      if (signature == null || !tbls.verify(message, signature)) {
        throw new IllegalStateException("honest threshold BLS partials did not combine");
      }
      long[] quorum = new long[parties];
      quorum[0] = Math.max(0, committee.threshold() - committee.pointsOf(0));
      long[] finish = new long[parties];
      finish[0] = combine;
      return new SigningRun(List.of(), List.of(new Round(sign, messages, quorum, -1),
          Round.of(finish, List.of())), 0, signature);
    }
  }
}
