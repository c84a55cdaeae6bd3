package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Pi-prm, ring-Pedersen parameters (CGGMP21 section 6, "Π^prm"): the prover knows λ with s =
 * t^λ mod N̂, so s lies in the group t generates. m parallel repetitions of a Schnorr-like proof
 * with one-bit challenges: A_i = t^a_i, z_i = a_i + e_i·λ mod φ(N̂); soundness error 2^-m.
 */
public record PrmProof(List<BigInteger> commitments, List<BigInteger> responses) {
  public PrmProof {
    commitments = List.copyOf(commitments);
    responses = List.copyOf(responses);
  }

  /** {@code params} must be the prover's own (generated from {@code key}, CRT exponentiation). */
  public static PrmProof prove(ProofContext context, PaillierSecretKey key, RingPedersen params,
      BigInteger lambda, int rounds, StrongRandom random) {
    RingPedersen own = params.ownedBy(key);
    List<BigInteger> a = new ArrayList<>(rounds);
    List<BigInteger> commitments = new ArrayList<>(rounds);
    for (int i = 0; i < rounds; i++) {
      a.add(RandomInts.below(key.phi(), random));
      commitments.add(own.pow(own.t(), a.get(i)));
    }
    boolean[] e = challenges(context, params, commitments, rounds);
    List<BigInteger> z = new ArrayList<>(rounds);
    for (int i = 0; i < rounds; i++) {
      z.add(e[i] ? a.get(i).add(lambda).mod(key.phi()) : a.get(i));
    }
    return new PrmProof(commitments, z);
  }

  public boolean verify(ProofContext context, RingPedersen params, int rounds) {
    if (commitments.size() != rounds || responses.size() != rounds) {
      return false;
    }
    for (int i = 0; i < rounds; i++) {
      BigInteger z = responses.get(i);
      if (!params.isUnit(commitments.get(i)) || z == null || z.signum() < 0
          || z.compareTo(params.n()) >= 0) {
        return false;
      }
    }
    boolean[] e = challenges(context, params, commitments, rounds);
    for (int i = 0; i < rounds; i++) {
      BigInteger expected = e[i]
          ? commitments.get(i).multiply(params.s()).mod(params.n()) : commitments.get(i);
      if (!params.pow(params.t(), responses.get(i)).equals(expected)) {
        return false;
      }
    }
    return true;
  }

  private static boolean[] challenges(ProofContext context, RingPedersen params,
      List<BigInteger> commitments, int rounds) {
    Transcript t = new Transcript("pi-prm", context).add(params);
    commitments.forEach(t::add);
    return t.challenges().bits(rounds);
  }

  public int wireBytes() {
    return Sigma.bytes(commitments.toArray(BigInteger[]::new))
        + Sigma.bytes(responses.toArray(BigInteger[]::new));
  }
}
