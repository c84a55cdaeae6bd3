package dev.tdsim.crypto.cggmp21;

import dev.tdsim.crypto.cggmp21.PresignMessages.Round1;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round2;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round3;
import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.cggmp21.zk.AffGProof;
import dev.tdsim.crypto.cggmp21.zk.EncProof;
import dev.tdsim.crypto.cggmp21.zk.LogStarProof;
import dev.tdsim.crypto.cggmp21.zk.ProofContext;
import dev.tdsim.crypto.cggmp21.zk.RingPedersen;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bouncycastle.math.ec.ECPoint;

/**
 * One signer of CGGMP21's three-round presigning (figure 7) among a signing set of t parties,
 * with the Lagrange-weighted shares w_i = λ_i·x_i (so Σ w_i = x) in place of the paper's additive
 * n-of-n shares. Call {@link #round1}, {@link #round2}, {@link #round3}, {@link #finish} in order,
 * each with the messages sent to this party in the round before. Every received message is checked
 * (points on the curve, ciphertexts in Z*_{N^2}, every proof); the first failure aborts naming its
 * sender ({@link ProtocolAbort}).
 */
public final class PresignParty {
  private static final BigInteger Q = Secp256k1.Q;

  private final KeyShare share;
  private final int me;
  private final int[] signers;
  private final byte[] sessionId;
  private final SecurityParams sp;
  private final StrongRandom random;
  private final PaillierSecretKey ownKey;
  private final RingPedersen ownPedersen;
  private final BigInteger w;
  private final Map<Integer, ECPoint> weightedShares = new HashMap<>();

  private BigInteger k;
  private BigInteger gamma;
  private BigInteger rhoK;
  private BigInteger bigK;
  private BigInteger gammaNonce;
  private BigInteger bigG;
  private BigInteger echo;
  private ECPoint bigGamma;
  private final Map<Integer, BigInteger> peerK = new HashMap<>();
  private final Map<Integer, BigInteger> peerG = new HashMap<>();
  private final Map<Integer, BigInteger> betas = new HashMap<>();
  private final Map<Integer, BigInteger> betaHats = new HashMap<>();
  private ECPoint sumGamma;
  private BigInteger delta;
  private BigInteger chi;
  private ECPoint myDelta;
  private ECPoint myS;
  private int step;

  public PresignParty(KeyShare share, int[] signers, byte[] sessionId, StrongRandom random) {
    int[] sorted = signers.clone();
    Arrays.sort(sorted);
    if (sorted.length < share.threshold()
        || Arrays.stream(sorted).distinct().count() != sorted.length
        || Arrays.binarySearch(sorted, share.party()) < 0 || sorted[0] < 0
        || sorted[sorted.length - 1] >= share.parties()) {
      throw new IllegalArgumentException("signing set " + Arrays.toString(signers)
          + " must hold >= " + share.threshold() + " distinct parties of " + share.parties()
          + " including party " + share.party());
    }
    this.share = share;
    this.me = share.party();
    this.signers = sorted;
    this.sessionId = sessionId.clone();
    this.sp = share.params();
    this.random = random;
    this.ownKey = share.paillier();
    this.ownPedersen = share.ownPedersen().ownedBy(ownKey);
    for (int j : sorted) {
      weightedShares.put(j, Secp256k1.mul(share.publicShares().get(j),
          Lagrange.atZero(j, sorted)));
    }
    this.w = share.secretShare().multiply(Lagrange.atZero(me, sorted)).mod(Q);
  }

  private List<Integer> peers() {
    List<Integer> out = new ArrayList<>();
    for (int j : signers) {
      if (j != me) {
        out.add(j);
      }
    }
    return out;
  }

  private ProofContext myContext() {
    return new ProofContext(sessionId, me);
  }

  private ProofContext contextOf(int prover) {
    return new ProofContext(sessionId, prover);
  }

  private PaillierPublicKey keyOf(int j) {
    return share.paillierKeys().get(j).publicKey();
  }

  private RingPedersen pedersenOf(int j) {
    return share.pedersenParams().get(j);
  }

  private void advance(int expected) {
    if (step != expected) {
      throw new IllegalStateException("presigning rounds out of order: at step " + step
          + ", asked for step " + expected);
    }
    step++;
  }

  /** Round 1: sample k_i, γ_i; send K_i, G_i and Pi-enc (for each receiver's parameters). */
  public List<Round1> round1() {
    advance(0);
    k = RandomInts.below(Q, random);
    gamma = RandomInts.below(Q, random);
    var encK = ownKey.encrypt(k, random);
    var encG = ownKey.encrypt(gamma, random);
    rhoK = encK.nonce();
    bigK = encK.ciphertext();
    List<Round1> out = new ArrayList<>();
    for (int j : peers()) {
      out.add(new Round1(me, j, bigK, encG.ciphertext(), EncProof.prove(myContext(), sp, ownKey,
          pedersenOf(j), bigK, k, rhoK, random)));
    }
    gammaNonce = encG.nonce();
    bigG = encG.ciphertext();
    return out;
  }

  /** Round 2: check every Pi-enc; answer each K_j with the two MtAs and their proofs. */
  public List<Round2> round2(List<Round1> received) {
    advance(1);
    for (Round1 m : expectFromEveryPeer(received, Round1::from, Round1::to, "round 1")) {
      int j = m.from();
      PaillierPublicKey nj = keyOf(j);
      if (!nj.isCiphertext(m.bigK()) || !nj.isCiphertext(m.bigG())) {
        throw ProtocolAbort.blame(j, "presign round 2", "a K or G outside Z*_{N^2}");
      }
      if (!m.psi().verify(contextOf(j), sp, nj, ownPedersen, m.bigK())) {
        throw ProtocolAbort.blame(j, "presign round 2", "a Pi-enc proof that does not verify");
      }
      peerK.put(j, m.bigK());
      peerG.put(j, m.bigG());
    }
    bigGamma = Secp256k1.mulBase(gamma);
    echo = roundOneEcho();
    List<Round2> out = new ArrayList<>();
    for (int j : peers()) {
      Mta forGamma = mta(j, gamma, bigGamma);
      Mta forKey = mta(j, w, weightedShares.get(me));
      betas.put(j, forGamma.beta());
      betaHats.put(j, forKey.beta());
      LogStarProof psiPrime = LogStarProof.prove(myContext(), sp, ownKey, pedersenOf(j), bigG,
          bigGamma, Secp256k1.CURVE.getG(), gamma, gammaNonce, random);
      out.add(new Round2(me, j, bigGamma, forGamma.d(), forGamma.f(), forKey.d(), forKey.f(),
          forGamma.proof(), forKey.proof(), psiPrime, echo));
    }
    return out;
  }

  /** SHA-256 over every signer's (index, K, G) in signer order, as this party received them. */
  private BigInteger roundOneEcho() {
    MessageDigest sha = sha256();
    for (int j : signers) {
      BigInteger kj = j == me ? bigK : peerK.get(j);
      BigInteger gj = j == me ? bigG : peerG.get(j);
      for (BigInteger v : new BigInteger[] {BigInteger.valueOf(j), kj, gj}) {
        byte[] b = v.toByteArray();
        sha.update(new byte[] {(byte) (b.length >>> 24), (byte) (b.length >>> 16),
            (byte) (b.length >>> 8), (byte) b.length});
        sha.update(b);
      }
    }
    return new BigInteger(1, sha.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  private record Mta(BigInteger beta, BigInteger d, BigInteger f, AffGProof proof) {}

  /**
   * The sender's half of a multiplicative-to-additive conversion of x·k_j: D = x ⊙ K_j ⊕
   * enc_j(β; s), F = enc_i(β; r) with β ∈ ±2^ℓ', and Pi-aff-g; the receiver decrypts α = x·k_j + β
   * and the sender keeps -β.
   */
  private Mta mta(int j, BigInteger x, ECPoint bigX) {
    PaillierPublicKey nj = keyOf(j);
    BigInteger beta = RandomInts.signedBits(sp.ellPrime(), random);
    BigInteger s = RandomInts.unit(nj.n(), random);
    BigInteger d = nj.add(nj.multiply(peerK.get(j), x), nj.encrypt(beta, s));
    var f = ownKey.encrypt(beta, random);
    var st = new AffGProof.Statement(nj, ownKey, peerK.get(j), d, f.ciphertext(), bigX);
    AffGProof proof = AffGProof.prove(myContext(), sp, st, pedersenOf(j), x, beta, s, f.nonce(),
        random);
    return new Mta(beta, d, f.ciphertext(), proof);
  }

  /**
   * Round 3: check every MtA's Pi-aff-g and Γ_j's Pi-log*; Γ = Σ Γ_j, Δ_i = k_i·Γ; decrypt the
   * MtA answers into δ_i = k_i γ_i + Σ (α_ij - β_ij) and χ_i = k_i w_i + Σ (α̂_ij - β̂_ij); send
   * δ_i, Δ_i, S_i = χ_i·Γ and Pi-log* of Δ_i against K_i.
   */
  public List<Round3> round3(List<Round2> received) {
    advance(2);
    sumGamma = bigGamma;
    BigInteger deltaSum = k.multiply(gamma);
    BigInteger chiSum = k.multiply(w);
    List<Round2> fromPeers = expectFromEveryPeer(received, Round2::from, Round2::to, "round 2");
    // The echo first: every proof below is checked against round-1 values (K_i, G_j), so if the
    // signers did not see the same round 1 (an equivocation, or a round-1 message replayed from
    // an earlier session with the same id), a proof failing here would name an honest party,
    // each honest party naming the other (audit F6). An echo alone cannot name anyone.
    for (Round2 m : fromPeers) {
      if (!echo.equals(m.echo())) {
        // Someone sent different K or G to different signers, or m's sender lies about what it
        // received: an echo alone cannot tell which (the paper's broadcast would need signatures).
        throw ProtocolAbort.unidentified("presign round 3", "party " + m.from()
            + " received different round-1 K or G than this party (equivocation or replay)");
      }
    }
    for (Round2 m : fromPeers) {
      int j = m.from();
      ECPoint gammaJ = requirePointFrom(j, m.bigGamma(), "presign round 3", "Γ");
      PaillierPublicKey nj = keyOf(j);
      ProofContext ctx = contextOf(j);
      var stGamma = new AffGProof.Statement(ownKey, nj, bigK, m.d(), m.f(), gammaJ);
      if (!m.psi().verify(ctx, sp, stGamma, ownPedersen)) {
        throw ProtocolAbort.blame(j, "presign round 3", "a Pi-aff-g proof (γ MtA) that does not"
            + " verify");
      }
      var stKey = new AffGProof.Statement(ownKey, nj, bigK, m.dHat(), m.fHat(),
          weightedShares.get(j));
      if (!m.psiHat().verify(ctx, sp, stKey, ownPedersen)) {
        throw ProtocolAbort.blame(j, "presign round 3", "a Pi-aff-g proof (key MtA) that does"
            + " not verify");
      }
      if (!m.psiPrime().verify(ctx, sp, nj, ownPedersen, peerG.get(j), gammaJ,
          Secp256k1.CURVE.getG())) {
        throw ProtocolAbort.blame(j, "presign round 3", "a Pi-log* proof for Γ that does not"
            + " verify");
      }
      sumGamma = Secp256k1.add(sumGamma, gammaJ);
      deltaSum = deltaSum.add(ownKey.decrypt(m.d())).subtract(betas.get(j));
      chiSum = chiSum.add(ownKey.decrypt(m.dHat())).subtract(betaHats.get(j));
    }
    if (sumGamma.isInfinity()) {
      throw ProtocolAbort.unidentified("presign round 3", "Γ is the point at infinity");
    }
    delta = deltaSum.mod(Q);
    chi = chiSum.mod(Q);
    ECPoint bigDelta = Secp256k1.mul(sumGamma, k);
    ECPoint bigS = Secp256k1.mul(sumGamma, chi);
    List<Round3> out = new ArrayList<>();
    for (int j : peers()) {
      LogStarProof psi = LogStarProof.prove(myContext(), sp, ownKey, pedersenOf(j), bigK,
          bigDelta, sumGamma, k, rhoK, random);
      out.add(new Round3(me, j, delta, bigDelta, bigS, psi));
    }
    myDelta = bigDelta;
    myS = bigS;
    return out;
  }

  /**
   * Output: check every Δ_j's Pi-log*; δ = Σ δ_j must satisfy δ·G = Σ Δ_j (else the paper's
   * identification with further proofs would run: not implemented, the abort names nobody); R =
   * δ^-1·Γ; Σ δ^-1·S_j must equal the public key (the χ shares are consistent).
   */
  public Presignature finish(List<Round3> received) {
    advance(3);
    BigInteger deltaSum = delta;
    ECPoint deltaPoints = myDelta;
    Map<Integer, ECPoint> deltas = new HashMap<>(Map.of(me, myDelta));
    Map<Integer, ECPoint> ss = new HashMap<>(Map.of(me, myS));
    for (Round3 m : expectFromEveryPeer(received, Round3::from, Round3::to, "round 3")) {
      int j = m.from();
      ECPoint deltaJ = requirePointFrom(j, m.bigDelta(), "presign output", "Δ");
      ECPoint sJ = requirePointFrom(j, m.bigS(), "presign output", "S");
      if (m.delta().signum() < 0 || m.delta().compareTo(Q) >= 0) {
        throw ProtocolAbort.blame(j, "presign output", "a δ outside [0, q)");
      }
      if (!m.psi().verify(contextOf(j), sp, keyOf(j), ownPedersen, peerK.get(j), deltaJ,
          sumGamma)) {
        throw ProtocolAbort.blame(j, "presign output", "a Pi-log* proof for Δ that does not"
            + " verify");
      }
      deltaSum = deltaSum.add(m.delta());
      deltaPoints = Secp256k1.add(deltaPoints, deltaJ);
      deltas.put(j, deltaJ);
      ss.put(j, sJ);
    }
    BigInteger d = deltaSum.mod(Q);
    if (d.signum() == 0 || !Secp256k1.mulBase(d).equals(deltaPoints)) {
      throw ProtocolAbort.unidentified("presign output", "δ·G differs from Σ Δ_j");
    }
    BigInteger dInv = d.modInverse(Q);
    ECPoint bigR = Secp256k1.mul(sumGamma, dInv);
    Map<Integer, ECPoint> rShares = new HashMap<>();
    Map<Integer, ECPoint> sShares = new HashMap<>();
    ECPoint sSum = null;
    for (int j : signers) {
      rShares.put(j, Secp256k1.mul(deltas.get(j), dInv));
      ECPoint sj = Secp256k1.mul(ss.get(j), dInv);
      sShares.put(j, sj);
      sSum = sSum == null ? sj : Secp256k1.add(sSum, sj);
    }
    if (!share.publicKey().equals(sSum)) {
      throw ProtocolAbort.unidentified("presign output", "Σ S_j differs from the public key");
    }
    return new Presignature(me, signers, share.publicKey(), bigR, k, chi, rShares, sShares);
  }

  private static ECPoint requirePointFrom(int j, ECPoint p, String phase, String what) {
    try {
      return Secp256k1.requirePoint(p, what);
    } catch (RuntimeException e) {
      throw ProtocolAbort.blame(j, phase, "a malformed " + what + " (" + e.getMessage() + ")");
    }
  }

  /** The messages, one from each other signer, addressed to this party; else fails naming why. */
  private <M> List<M> expectFromEveryPeer(List<M> received,
      java.util.function.ToIntFunction<M> from, java.util.function.ToIntFunction<M> to,
      String round) {
    Map<Integer, M> byFrom = new HashMap<>();
    for (M m : received) {
      int f = from.applyAsInt(m);
      if (to.applyAsInt(m) != me) {
        throw new IllegalArgumentException(round + ": message from " + f + " is addressed to "
            + to.applyAsInt(m) + ", not " + me);
      }
      if (f == me || Arrays.binarySearch(signers, f) < 0 || byFrom.put(f, m) != null) {
        throw new IllegalArgumentException(round + ": unexpected or duplicate sender " + f);
      }
    }
    List<M> out = new ArrayList<>();
    for (int j : peers()) {
      M m = byFrom.get(j);
      if (m == null) {
        throw ProtocolAbort.blame(j, "presign " + round, "no message");
      }
      out.add(m);
    }
    return out;
  }
}
