package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One participant of FROST's Pedersen DKG with proofs of knowledge (Komlo-Goldberg 2020, "FROST:
 * Flexible Round-Optimized Schnorr Threshold Signatures", Figure 1), producing keys for RFC 9591
 * signing. Mutable: it holds its polynomial between rounds and the others' round-one packages.
 *
 * <p>Round 1: draw f_i of degree t - 1, broadcast C_i and a proof of knowledge of a_i0. Round 2:
 * check every other dealer's proof (a failing dealer is blamed), send f_i(l) to each other l.
 * Finish: check each received f_l(i) against C_l ([f_l(i)]B == sum_k [i^k]C_lk; a failing dealer
 * is blamed), then s_i = sum_l f_l(i), PK_i = [s_i]B, PK = sum_l C_l0. Any blame ends the run
 * without a key (the paper's abort), naming the dealers.
 */
public final class DkgParticipant {
  private final Identifier self;
  private final int minSigners;
  private final int maxSigners;
  private final StrongRandom random;
  private List<Scalar> polynomial;
  private final Map<Identifier, DkgRound1Package> received = new TreeMap<>();
  private final Set<Identifier> blamed = new TreeSet<>();

  public DkgParticipant(Identifier self, int minSigners, int maxSigners, StrongRandom random) {
    TrustedDealer.checkCounts(minSigners, maxSigners);
    if (self.value() > maxSigners) {
      throw new IllegalArgumentException("participant " + self.value() + " outside 1.."
          + maxSigners);
    }
    this.self = self;
    this.minSigners = minSigners;
    this.maxSigners = maxSigners;
    this.random = Objects.requireNonNull(random, "random");
  }

  public Identifier identifier() {
    return self;
  }

  /** Round 1: the broadcast package. */
  public DkgRound1Package round1() {
    List<Scalar> f = new ArrayList<>();
    for (int j = 0; j < minSigners; j++) {
      f.add(Scalar.random(random));
    }
    return round1(f, Scalar.random(random));
  }

  /** Round 1 with a given polynomial and proof nonce k: for published test vectors. */
  DkgRound1Package round1(List<Scalar> f, Scalar k) {
    if (f.size() != minSigners) {
      throw new IllegalArgumentException("the polynomial needs t = " + minSigners
          + " coefficients, got " + f.size());
    }
    polynomial = List.copyOf(f);
    VssCommitment commitment = VssCommitment.of(polynomial);
    GroupElement r = GroupElement.multiplyBase(k);
    Scalar c = DkgRound1Package.challenge(self, commitment.constantTerm(), r);
    return new DkgRound1Package(self, commitment, r, k.add(polynomial.get(0).multiply(c)));
  }

  /**
   * Round 2: checks the others' packages (one from every other participant, t commitments each,
   * a valid proof) and returns this dealer's share for every other participant.
   */
  public List<DkgShare> round2(List<DkgRound1Package> others) {
    if (polynomial == null) {
      throw new IllegalStateException("round 2 before round 1");
    }
    received.clear();
    for (DkgRound1Package p : others) {
      Identifier d = p.dealer();
      if (d.equals(self) || d.value() > maxSigners || received.containsKey(d)) {
        blamed.add(d); // an unknown, repeated or spoofed dealer
        continue;
      }
      received.put(d, p);
      if (p.commitment().coefficients().size() != minSigners || !p.proofVerifies()) {
        blamed.add(d);
      }
    }
    for (int l = 1; l <= maxSigners; l++) {
      Identifier id = new Identifier(l);
      if (!id.equals(self) && !received.containsKey(id)) {
        blamed.add(id); // sent nothing in round 1
      }
    }
    List<DkgShare> out = new ArrayList<>();
    for (int l = 1; l <= maxSigners; l++) {
      Identifier to = new Identifier(l);
      if (!to.equals(self)) {
        out.add(new DkgShare(self, to, TrustedDealer.evaluate(polynomial, to.scalar())));
      }
    }
    return out;
  }

  /** Round 2 steps 2-4: checks the shares sent to this participant and derives its key. */
  public DkgOutcome finish(List<DkgShare> shares) {
    if (polynomial == null) {
      throw new IllegalStateException("finish before round 1");
    }
    Map<Identifier, Scalar> byDealer = new TreeMap<>();
    for (DkgShare s : shares) {
      if (!s.recipient().equals(self) || !received.containsKey(s.dealer())
          || byDealer.put(s.dealer(), s.value()) != null) {
        blamed.add(s.dealer());
      }
    }
    for (Map.Entry<Identifier, DkgRound1Package> e : received.entrySet()) {
      Scalar share = byDealer.get(e.getKey());
      if (share == null || !e.getValue().commitment().verifies(self, share)) {
        blamed.add(e.getKey());
      }
    }
    if (!blamed.isEmpty()) {
      return new DkgOutcome(Optional.empty(), Optional.empty(), new ArrayList<>(blamed));
    }
    Scalar signingShare = TrustedDealer.evaluate(polynomial, self.scalar());
    List<List<GroupElement>> commitments = new ArrayList<>();
    commitments.add(VssCommitment.of(polynomial).coefficients());
    for (Map.Entry<Identifier, Scalar> e : byDealer.entrySet()) {
      signingShare = signingShare.add(e.getValue());
      commitments.add(received.get(e.getKey()).commitment().coefficients());
    }
    VssCommitment sum = sum(commitments);
    Map<Identifier, GroupElement> verifying = new TreeMap<>();
    for (int l = 1; l <= maxSigners; l++) {
      Identifier id = new Identifier(l);
      verifying.put(id, sum.evaluate(id));
    }
    GroupElement groupKey = sum.constantTerm();
    KeyPackage key = new KeyPackage(self, signingShare, GroupElement.multiplyBase(signingShare),
        groupKey, minSigners);
    polynomial = null; // the secret coefficients are no longer needed
    return new DkgOutcome(Optional.of(key),
        Optional.of(new PublicKeyPackage(verifying, groupKey, minSigners)), List.of());
  }

  /** Coefficient-wise sum: the commitment to sum_l f_l. */
  private static VssCommitment sum(List<List<GroupElement>> commitments) {
    List<GroupElement> out = new ArrayList<>(commitments.get(0));
    for (int c = 1; c < commitments.size(); c++) {
      for (int j = 0; j < out.size(); j++) {
        out.set(j, out.get(j).add(commitments.get(c).get(j)));
      }
    }
    return new VssCommitment(out);
  }
}
