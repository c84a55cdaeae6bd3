package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One participant of FROST's Pedersen DKG with proofs of knowledge (Komlo-Goldberg 2020, "FROST:
 * Flexible Round-Optimized Schnorr Threshold Signatures", Figure 1), producing keys for RFC 9591
 * signing. Mutable: it holds its polynomial between rounds and the others' messages.
 *
 * <p>Driven by its caller: {@link #round1()}, {@link #receive(Identifier, DkgRound1Package)} for
 * each broadcast package, {@link #round2()} and {@link #echo()} (sent together),
 * {@link #receive(Identifier, DkgShare)} for each share and {@link #receive(Identifier, DkgEcho)}
 * for each echo, {@link #finish()}. Round 1: draw f_i of degree t - 1, broadcast C_i and a proof of
 * knowledge of a_i0. Round 2: check every other dealer's proof, send f_i(l) to each other l.
 * Finish: check each received f_l(i) against C_l ([f_l(i)]B == sum_k [i^k]C_lk), then s_i = sum_l
 * f_l(i), PK_i = [s_i]B, PK = sum_l C_l0. Any blame ends the run without a key (the paper's abort),
 * naming the participants and why.
 *
 * <p>Blame rests on positive evidence against the blamed participant only. Each message comes
 * with the sender the authenticated channel names (as {@code dkg.FeldmanParty.receive}): a
 * message naming another dealer than its sender is refused and held against the sender, never
 * against the dealer it names (anyone can write any identifier into a message); an identical
 * retransmission is ignored; this participant's own messages coming back are ignored; two
 * different packages, or two different shares, from one sender are its equivocation. Silence is
 * blamed too (the paper's abort), since the protocol cannot finish without every dealer.
 *
 * <p>The paper assumes a broadcast channel for round 1; without one a dealer can send different
 * valid packages to different participants, each of which sees only its own (audit F4: two honest
 * participants ended with different group keys and the first signing blamed an honest signer). So
 * each participant echoes, with its shares, a hash of every dealer's package as it holds it, and
 * {@link #finish()} derives no key unless every echo matches its own.
 */
public final class DkgParticipant {
  /** SHA-256, the echo's digest of one dealer's commitment. */
  private static final int DIGEST_BYTES = 32;

  private final Identifier self;
  private final int minSigners;
  private final int maxSigners;
  private final StrongRandom random;
  private List<Scalar> polynomial;
  private DkgRound1Package ownPackage;
  private boolean sharesSent;
  private final Map<Identifier, DkgRound1Package> received = new TreeMap<>();
  private final Map<Identifier, Scalar> sharesByDealer = new TreeMap<>();
  private final Map<Identifier, DkgEcho> echoes = new TreeMap<>();
  private final Map<Identifier, String> blame = new TreeMap<>();

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
    if (polynomial != null || sharesSent) {
      throw new IllegalStateException("round 1 runs once");
    }
    if (f.size() != minSigners) {
      throw new IllegalArgumentException("the polynomial needs t = " + minSigners
          + " coefficients, got " + f.size());
    }
    polynomial = List.copyOf(f);
    VssCommitment commitment = VssCommitment.of(polynomial);
    GroupElement r = GroupElement.multiplyBase(k);
    Scalar c = DkgRound1Package.challenge(self, commitment.constantTerm(), r);
    ownPackage = new DkgRound1Package(self, commitment, r, k.add(polynomial.get(0).multiply(c)));
    return ownPackage;
  }

  /**
   * A round-1 package, with {@code from} the sender the authenticated channel names. Accepted
   * until {@link #round2()}; later a first package counts as missing (its dealer is already
   * blamed), but a package that contradicts an earlier one is still equivocation.
   */
  public void receive(Identifier from, DkgRound1Package p) {
    requireParticipant(from, "round-1 package");
    Objects.requireNonNull(p, "round-1 package");
    if (from.equals(self)) {
      return; // our own broadcast coming back: nothing to learn, nothing to blame
    }
    if (!p.dealer().equals(from)) {
      blame(from, "sent a round-1 package in the name of dealer " + p.dealer().value());
      return;
    }
    DkgRound1Package earlier = received.get(from);
    if (earlier != null) {
      if (!earlier.equals(p)) {
        blame(from, "sent two different round-1 packages (equivocation)");
      }
      return; // an identical retransmission
    }
    if (sharesSent) {
      return; // too late: round 2 has already counted this dealer as silent
    }
    received.put(from, p);
    if (p.commitment().coefficients().size() != minSigners) {
      blame(from, "committed to " + p.commitment().coefficients().size()
          + " coefficients, not t = " + minSigners);
    } else if (!p.proofVerifies()) {
      blame(from, "sent a proof of knowledge that does not verify");
    }
  }

  /**
   * Round 2: blames every other participant that sent no round-1 package and returns this
   * dealer's share for every other participant.
   */
  public List<DkgShare> round2() {
    if (polynomial == null) {
      throw new IllegalStateException("round 2 before round 1");
    }
    if (sharesSent) {
      throw new IllegalStateException("round 2 runs once");
    }
    sharesSent = true;
    for (int l = 1; l <= maxSigners; l++) {
      Identifier id = new Identifier(l);
      if (!id.equals(self) && !received.containsKey(id)) {
        blame(id, "sent no round-1 package");
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

  /**
   * A round-2 share, with {@code from} the sender the authenticated (and private) channel names.
   * A share in another dealer's name is held against its sender (an honest participant never
   * forwards one); a share its own dealer addressed to another participant is ignored: it says
   * nothing about this one's key.
   */
  public void receive(Identifier from, DkgShare s) {
    requireParticipant(from, "round-2 share");
    Objects.requireNonNull(s, "round-2 share");
    if (from.equals(self)) {
      return;
    }
    if (!s.dealer().equals(from)) {
      blame(from, "sent a share in the name of dealer " + s.dealer().value());
      return;
    }
    if (!s.recipient().equals(self)) {
      return;
    }
    Scalar earlier = sharesByDealer.putIfAbsent(from, s.value());
    if (earlier != null && !earlier.equals(s.value())) {
      blame(from, "sent two different shares (equivocation)");
    }
  }

  /**
   * This participant's echo of round 1, sent to every other participant with its shares: from
   * {@link #round2()} on, the packages it holds are fixed.
   */
  public DkgEcho echo() {
    if (!sharesSent) {
      throw new IllegalStateException("the echo follows round 2");
    }
    List<byte[]> digests = new ArrayList<>();
    for (int l = 1; l <= maxSigners; l++) {
      Identifier id = new Identifier(l);
      DkgRound1Package p = id.equals(self) ? ownPackage : received.get(id);
      digests.add(p == null ? new byte[DIGEST_BYTES] : digest(p));
    }
    return new DkgEcho(self, digests);
  }

  /**
   * An echo, with {@code from} the sender the authenticated channel names: one per sender, in its
   * own name, n digests; an identical copy is ignored.
   */
  public void receive(Identifier from, DkgEcho e) {
    requireParticipant(from, "echo");
    Objects.requireNonNull(e, "echo");
    if (from.equals(self)) {
      return;
    }
    if (!e.sender().equals(from)) {
      blame(from, "sent an echo in the name of participant " + e.sender().value());
      return;
    }
    if (e.digests().size() != maxSigners
        || e.digests().stream().anyMatch(d -> d.length != DIGEST_BYTES)) {
      blame(from, "sent a malformed echo (" + maxSigners + " digests of " + DIGEST_BYTES
          + " bytes expected)");
      return;
    }
    DkgEcho earlier = echoes.putIfAbsent(from, e);
    if (earlier != null && !earlier.sameDigests(e)) {
      blame(from, "sent two different echoes (equivocation)");
    }
  }

  /**
   * Round 2 steps 2-4: checks the shares sent to this participant and every other participant's
   * echo, and derives its key.
   */
  public DkgOutcome finish() {
    if (polynomial == null || !sharesSent) {
      throw new IllegalStateException("finish before rounds 1 and 2");
    }
    for (Map.Entry<Identifier, DkgRound1Package> e : received.entrySet()) {
      Scalar share = sharesByDealer.get(e.getKey());
      if (share == null) {
        blame(e.getKey(), "sent no share");
      } else if (!e.getValue().commitment().verifies(self, share)) {
        blame(e.getKey(), "sent a share that does not match its commitment");
      }
    }
    for (int l = 1; l <= maxSigners; l++) {
      Identifier id = new Identifier(l);
      if (!id.equals(self) && !echoes.containsKey(id)) {
        blame(id, "sent no echo");
      }
    }
    if (!blame.isEmpty()) {
      return new DkgOutcome(Optional.empty(), Optional.empty(), blame, Optional.empty());
    }
    Optional<String> mismatch = echoMismatch(echo());
    if (mismatch.isPresent()) {
      return new DkgOutcome(Optional.empty(), Optional.empty(), Map.of(), mismatch);
    }
    Scalar signingShare = TrustedDealer.evaluate(polynomial, self.scalar());
    List<List<GroupElement>> commitments = new ArrayList<>();
    commitments.add(ownPackage.commitment().coefficients());
    for (Map.Entry<Identifier, DkgRound1Package> e : received.entrySet()) {
      signingShare = signingShare.add(sharesByDealer.get(e.getKey()));
      commitments.add(e.getValue().commitment().coefficients());
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
        Optional.of(new PublicKeyPackage(verifying, groupKey, minSigners)), Map.of(),
        Optional.empty());
  }

  /** The first dealer whose package another participant's echo says differs, if any. */
  private Optional<String> echoMismatch(DkgEcho mine) {
    for (DkgEcho other : echoes.values()) {
      for (int l = 1; l <= maxSigners; l++) {
        Identifier dealer = new Identifier(l);
        if (!java.util.Arrays.equals(mine.digestOf(dealer), other.digestOf(dealer))) {
          return Optional.of("participant " + other.sender().value() + " holds another round-1"
              + " package of dealer " + l + " than participant " + self.value() + ": dealer " + l
              + " equivocated or participant " + other.sender().value()
              + " lies about its echo");
        }
      }
    }
    return Optional.empty();
  }

  /**
   * SHA-256 of what the key is derived from: the dealer and its commitment, each point
   * length-prefixed. The proof is left out: two valid proofs for one commitment do not split the
   * key (and the published DKG vectors come with proofs other than the ones tdsim makes).
   */
  private static byte[] digest(DkgRound1Package p) {
    java.security.MessageDigest sha;
    try {
      sha = java.security.MessageDigest.getInstance("SHA-256");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
    List<byte[]> fields = new ArrayList<>();
    fields.add(p.dealer().encode());
    for (GroupElement c : p.commitment().coefficients()) {
      fields.add(c.encode());
    }
    for (byte[] f : fields) {
      sha.update(new byte[] {(byte) (f.length >>> 24), (byte) (f.length >>> 16),
          (byte) (f.length >>> 8), (byte) f.length});
      sha.update(f);
    }
    return sha.digest();
  }

  /** The first reason against {@code who} is kept; blame is never withdrawn. */
  private void blame(Identifier who, String reason) {
    blame.putIfAbsent(who, "participant " + who.value() + " " + reason);
  }

  /** A sender outside 1..n is the caller's (transport's) error, not a participant to blame. */
  private void requireParticipant(Identifier from, String what) {
    Objects.requireNonNull(from, "sender");
    if (from.value() > maxSigners) {
      throw new CryptoException("FROST DKG " + what + " from " + from.value(),
          "the sender is not a participant (1.." + maxSigners + ")");
    }
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
