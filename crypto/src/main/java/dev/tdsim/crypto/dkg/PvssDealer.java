package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import java.util.List;

/**
 * A dealer of the aggregatable PVSS DKG: draws f of degree t - 1, evaluates it on the N-th roots
 * of unity by one FFT, and publishes the {@link PvssTranscript} (N G1 and N G2 scalar
 * multiplications, parallel on the workers). It also returns the evaluations themselves, which
 * tdsim sends each validator privately (its own points, 32 bytes each): see {@link
 * PvssDkg} on why.
 */
public final class PvssDealer {
  private PvssDealer() {}

  /** What a dealer produces: the public transcript and the evaluations f(omega^k) (secret). */
  public record Dealt(PvssTranscript transcript, Fr[] evaluations) {
    /** Validator v's private message: its points' evaluations. */
    public List<Fr> privateSharesOf(Committee committee, int validator) {
      int first = committee.firstPointOf(validator);
      return List.of(evaluations).subList(first, first + committee.pointsOf(validator));
    }

    /** Wire size of validator v's private message: indices, scalars, AEAD overhead. */
    public static int privateSharesBytes(Committee committee, int validator) {
      return 2 * FeldmanMessage.INDEX_BYTES
          + committee.pointsOf(validator) * FeldmanMessage.SCALAR_BYTES
          + FeldmanMessage.AEAD_OVERHEAD_BYTES;
    }
  }

  /**
   * @param encryptionKeys ek_i of every validator, in validator order
   * @param session the DKG session (epoch) the proof of knowledge is bound to
   */
  public static Dealt deal(Committee committee, List<G2Point> encryptionKeys, int dealer,
      long session, StrongRandom random, Workers workers) {
    if (encryptionKeys.size() != committee.validators()) {
      throw new CryptoException("PVSS deal of dealer " + dealer, "expected "
          + committee.validators() + " encryption keys, got " + encryptionKeys.size());
    }
    Domain domain = Domain.of(committee.shares());
    Fr[] coefficients = new Fr[committee.threshold()];
    for (int j = 0; j < coefficients.length; j++) {
      coefficients[j] = Fr.random(random);
    }
    Fr[] s = domain.fft(coefficients);
    int[] owner = owners(committee);
    List<G1Point> a = workers.map(s.length, k -> G1Point.generator().multiply(s[k]));
    List<G2Point> y = workers.map(s.length, k -> encryptionKeys.get(owner[k]).multiply(s[k]));
    G1Point yd = G1Point.generator().multiply(coefficients[0]);
    KnowledgeProof proof = KnowledgeProof.prove(coefficients[0], yd, session, dealer,
        encryptionKeys.get(dealer), random);
    PvssTranscript t = new PvssTranscript(
        List.of(new PvssTranscript.Contribution(dealer, yd, proof)), a, y,
        G2Point.generator().multiply(coefficients[0]));
    return new Dealt(t, s);
  }

  static int[] owners(Committee committee) {
    int[] owner = new int[committee.shares()];
    for (int v = 0; v < committee.validators(); v++) {
      for (int k = committee.firstPointOf(v); k < committee.firstPointOf(v + 1); k++) {
        owner[k] = v;
      }
    }
    return owner;
  }
}
