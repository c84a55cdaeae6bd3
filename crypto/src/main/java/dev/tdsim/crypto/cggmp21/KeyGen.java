package dev.tdsim.crypto.cggmp21;

import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.cggmp21.zk.ModProof;
import dev.tdsim.crypto.cggmp21.zk.PrmProof;
import dev.tdsim.crypto.cggmp21.zk.ProofContext;
import dev.tdsim.crypto.cggmp21.zk.RingPedersen;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.math.ec.ECPoint;

/**
 * t-of-n key generation with the auxiliary information of CGGMP21. The key x is shared by a joint
 * Feldman VSS (every party deals a random polynomial of degree t - 1 with commitments to its
 * coefficients; x_j = Σ_i f_i(j + 1)), in place of the paper's n-of-n key generation (figure 5)
 * with its Schnorr proofs; the auxiliary information follows the paper's figure 6 without the key
 * refresh: each party's Paillier-Blum modulus N_i with Pi-mod and ring-Pedersen parameters (N_i,
 * s_i, t_i) with Pi-prm. A dealing that fails a check names its dealer ({@link ProtocolAbort}).
 *
 * <p>Rounds: {@link Party#deal} (to every party: the broadcast part and its private share),
 * {@link Party#echo} (to every party: a hash of each dealer's broadcast part as received), {@link
 * Party#finish}. The echo round stands in for the broadcast channel the paper assumes: without it
 * a dealer could send different (each self-consistent) commitments or moduli to different parties,
 * which would end with different public keys and no error, and the first presigning would then
 * name honest parties (audit F4). With it, honest parties that finish have the same view.
 */
public final class KeyGen {
  private KeyGen() {}

  /**
   * Dealer {@code from}'s message: broadcast part (commitments, Paillier N, ring-Pedersen, the
   * two proofs) and the shares f(j + 1) for every party j, each private to j (sent over an
   * authenticated encrypted channel, not modelled here).
   */
  public record Dealing(int from, List<ECPointBytes> commitments, List<BigInteger> shares,
      BigInteger paillierN, BigInteger pedersenS, BigInteger pedersenT, ModProof mod,
      PrmProof prm) {
    public Dealing {
      commitments = List.copyOf(commitments);
      shares = List.copyOf(shares);
    }
  }

  /**
   * Party {@code from}'s echo: for each dealer i (in order 0..n-1) SHA-256 of the broadcast part
   * of i's dealing as {@code from} received it (commitments, Paillier N, ring-Pedersen s and t),
   * so a receiver can say which dealer's broadcast differs.
   */
  public record Echo(int from, List<BigInteger> digests) {
    public Echo {
      digests = List.copyOf(digests);
    }
  }

  /** A point as its compressed encoding, decoded (and validated) by the receiver. */
  public record ECPointBytes(byte[] encoded) {
    public ECPointBytes {
      encoded = encoded.clone();
    }

    @Override
    public byte[] encoded() {
      return encoded.clone();
    }
  }

  /** One party of the key generation: its secret polynomial and auxiliary keys. */
  public static final class Party {
    private final int me;
    private final int parties;
    private final int threshold;
    private final SecurityParams params;
    private final byte[] sessionId;
    private final PaillierSecretKey paillier;
    private final RingPedersen.Generated pedersen;
    private final BigInteger[] coefficients;
    private final StrongRandom random;

    public Party(int me, int parties, int threshold, SecurityParams params, byte[] sessionId,
        PaillierSecretKey paillier, StrongRandom random) {
      if (threshold < 1 || threshold > parties || me < 0 || me >= parties) {
        throw new IllegalArgumentException("need 1 <= t <= n and 0 <= party < n, got t="
            + threshold + ", n=" + parties + ", party " + me);
      }
      if (paillier.n().bitLength() != params.paillierBits()) {
        throw new IllegalArgumentException("Paillier N has " + paillier.n().bitLength()
            + " bits, the parameters ask for " + params.paillierBits());
      }
      this.me = me;
      this.parties = parties;
      this.threshold = threshold;
      this.params = params;
      this.sessionId = sessionId.clone();
      this.paillier = paillier;
      this.random = random;
      this.pedersen = RingPedersen.generate(paillier, random);
      this.coefficients = new BigInteger[threshold];
      for (int k = 0; k < threshold; k++) {
        coefficients[k] = RandomInts.below(Secp256k1.Q, random);
      }
    }

    /** The dealing this party sends. */
    public Dealing deal() {
      List<ECPointBytes> commitments = new ArrayList<>();
      for (BigInteger a : coefficients) {
        commitments.add(new ECPointBytes(Secp256k1.encode(Secp256k1.mulBase(a))));
      }
      List<BigInteger> shares = new ArrayList<>();
      for (int j = 0; j < parties; j++) {
        shares.add(evaluate(j));
      }
      ProofContext ctx = new ProofContext(sessionId, me);
      RingPedersen rp = pedersen.params();
      return new Dealing(me, commitments, shares, paillier.n(), rp.s(), rp.t(),
          ModProof.prove(ctx, paillier, params.statisticalRounds(), random),
          PrmProof.prove(ctx, paillier, rp, pedersen.lambda(), params.statisticalRounds(),
              random));
    }

    private BigInteger evaluate(int j) {
      BigInteger x = BigInteger.valueOf(j + 1L);
      BigInteger v = BigInteger.ZERO;
      for (int k = threshold - 1; k >= 0; k--) {
        v = v.multiply(x).add(coefficients[k]).mod(Secp256k1.Q);
      }
      return v;
    }

    /** The echo of {@code dealings} (one from every party, in party order) for every party. */
    public Echo echo(List<Dealing> dealings) {
      requireOnePerDealer(dealings);
      return new Echo(me, broadcastDigests(dealings));
    }

    /**
     * Checks every dealing (commitments decode, the share sent to this party matches them, the
     * Paillier N has the right size, Pi-mod and Pi-prm verify when {@code verifyAuxProofs}), then
     * every other party's echo against this party's view of the broadcast parts, and returns this
     * party's key share. A dealing that fails its check names its dealer (the dealer sent it to
     * this party); an echo that differs names no one: either the dealer sent different broadcast
     * parts to the two parties, or the echo's sender lies, and an echo cannot tell which.
     * {@code verifyAuxProofs} false is for benchmarks that need many keys and time only signing:
     * the proofs are still made, not checked.
     */
    public KeyShare finish(List<Dealing> dealings, List<Echo> echoes, boolean verifyAuxProofs) {
      requireOnePerDealer(dealings);
      List<List<ECPoint>> commitments = new ArrayList<>();
      List<PaillierPublicKey> keys = new ArrayList<>();
      List<RingPedersen> rps = new ArrayList<>();
      BigInteger share = BigInteger.ZERO;
      for (int i = 0; i < parties; i++) {
        Dealing d = dealings.get(i);
        List<ECPoint> c = checkDealing(d, verifyAuxProofs);
        commitments.add(c);
        keys.add(i == me ? paillier : new PaillierPublicKey(d.paillierN()));
        rps.add(RingPedersen.of(d.paillierN(), d.pedersenS(), d.pedersenT()));
        share = share.add(d.shares().get(me)).mod(Secp256k1.Q);
      }
      compareEchoes(broadcastDigests(dealings), echoes);
      List<ECPoint> publicShares = new ArrayList<>();
      for (int j = 0; j < parties; j++) {
        ECPoint xj = null;
        for (List<ECPoint> c : commitments) {
          ECPoint v = evaluateInExponent(c, j);
          xj = xj == null ? v : Secp256k1.add(xj, v);
        }
        publicShares.add(xj);
      }
      ECPoint publicKey = null;
      for (List<ECPoint> c : commitments) {
        publicKey = publicKey == null ? c.get(0) : Secp256k1.add(publicKey, c.get(0));
      }
      if (publicKey.isInfinity()) {
        throw ProtocolAbort.unidentified("keygen", "the public key is the point at infinity");
      }
      return new KeyShare(me, threshold, params, share, publicKey, publicShares, paillier,
          pedersen.params(), keys, rps);
    }

    private void requireOnePerDealer(List<Dealing> dealings) {
      if (dealings.size() != parties) {
        throw new IllegalArgumentException("expected " + parties + " dealings, got "
            + dealings.size());
      }
      for (int i = 0; i < parties; i++) {
        if (dealings.get(i).from() != i) {
          throw new IllegalArgumentException("dealing " + i + " claims to be from "
              + dealings.get(i).from());
        }
      }
    }

    /** One echo from every other party, each agreeing with {@code mine} dealer by dealer. */
    private void compareEchoes(List<BigInteger> mine, List<Echo> echoes) {
      Echo[] byParty = new Echo[parties];
      for (Echo e : echoes) {
        if (e == null || e.from() < 0 || e.from() >= parties || e.from() == me
            || byParty[e.from()] != null) {
          throw new IllegalArgumentException("keygen: unexpected or duplicate echo"
              + (e == null ? "" : " from " + e.from()));
        }
        byParty[e.from()] = e;
      }
      for (int j = 0; j < parties; j++) {
        if (j == me) {
          continue;
        }
        Echo e = byParty[j];
        if (e == null) {
          throw ProtocolAbort.blame(j, "keygen", "no echo");
        }
        if (e.digests().size() != parties) {
          throw ProtocolAbort.blame(j, "keygen", "an echo with " + e.digests().size()
              + " digests for " + parties + " dealers");
        }
        for (int i = 0; i < parties; i++) {
          if (!mine.get(i).equals(e.digests().get(i))) {
            throw ProtocolAbort.unidentified("keygen", "party " + j + " received another"
                + " broadcast (commitments, Paillier N or ring-Pedersen parameters) from dealer "
                + i + " than this party: dealer " + i + " equivocated or party " + j
                + " lies about its echo");
          }
        }
      }
    }

    /** Per dealer, SHA-256 of the broadcast part, each value length-prefixed. */
    private static List<BigInteger> broadcastDigests(List<Dealing> dealings) {
      List<BigInteger> out = new ArrayList<>();
      for (Dealing d : dealings) {
        java.security.MessageDigest sha = sha256();
        addLengthPrefixed(sha, BigInteger.valueOf(d.from()).toByteArray());
        addLengthPrefixed(sha, BigInteger.valueOf(d.commitments().size()).toByteArray());
        for (ECPointBytes c : d.commitments()) {
          addLengthPrefixed(sha, c.encoded());
        }
        for (BigInteger v : new BigInteger[] {d.paillierN(), d.pedersenS(), d.pedersenT()}) {
          addLengthPrefixed(sha, v == null ? new byte[0] : v.toByteArray());
        }
        out.add(new BigInteger(1, sha.digest()));
      }
      return out;
    }

    private static void addLengthPrefixed(java.security.MessageDigest sha, byte[] b) {
      sha.update(new byte[] {(byte) (b.length >>> 24), (byte) (b.length >>> 16),
          (byte) (b.length >>> 8), (byte) b.length});
      sha.update(b);
    }

    private static java.security.MessageDigest sha256() {
      try {
        return java.security.MessageDigest.getInstance("SHA-256");
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is required of every Java platform", e);
      }
    }

    private List<ECPoint> checkDealing(Dealing d, boolean verifyAuxProofs) {
      int from = d.from();
      if (d.commitments().size() != threshold || d.shares().size() != parties) {
        throw ProtocolAbort.blame(from, "keygen", "a dealing of the wrong shape");
      }
      List<ECPoint> c = new ArrayList<>();
      try {
        for (ECPointBytes b : d.commitments()) {
          c.add(Secp256k1.decode(b.encoded(), "commitment"));
        }
        Secp256k1.requireScalar(d.shares().get(me), "share");
      } catch (RuntimeException e) {
        throw ProtocolAbort.blame(from, "keygen", "a malformed commitment or share ("
            + e.getMessage() + ")");
      }
      if (!Secp256k1.mulBase(d.shares().get(me)).equals(evaluateInExponent(c, me))) {
        throw ProtocolAbort.blame(from, "keygen", "a share that does not match its commitments");
      }
      if (d.paillierN() == null || d.paillierN().bitLength() != params.paillierBits()) {
        throw ProtocolAbort.blame(from, "keygen", "a Paillier modulus of the wrong size");
      }
      RingPedersen rp;
      try {
        rp = RingPedersen.of(d.paillierN(), d.pedersenS(), d.pedersenT());
      } catch (RuntimeException e) {
        throw ProtocolAbort.blame(from, "keygen", "malformed ring-Pedersen parameters");
      }
      if (verifyAuxProofs && from != me) {
        ProofContext ctx = new ProofContext(sessionId, from);
        if (d.mod() == null || !d.mod().verify(ctx, d.paillierN(), params.statisticalRounds())) {
          throw ProtocolAbort.blame(from, "keygen", "a Pi-mod proof that does not verify");
        }
        if (d.prm() == null || !d.prm().verify(ctx, rp, params.statisticalRounds())) {
          throw ProtocolAbort.blame(from, "keygen", "a Pi-prm proof that does not verify");
        }
      }
      return c;
    }
  }

  /** Σ_k (j + 1)^k · C_k: the commitment to f(j + 1). */
  static ECPoint evaluateInExponent(List<ECPoint> commitments, int j) {
    BigInteger x = BigInteger.valueOf(j + 1L);
    ECPoint v = commitments.get(commitments.size() - 1);
    for (int k = commitments.size() - 2; k >= 0; k--) {
      v = Secp256k1.add(Secp256k1.mul(v, x), commitments.get(k));
    }
    return v;
  }

  /**
   * Runs all n parties honestly in this JVM (tests, benchmarks): party i's Paillier key is
   * {@code keys.get(i)}.
   */
  public static List<KeyShare> run(int parties, int threshold, SecurityParams params,
      byte[] sessionId, List<PaillierSecretKey> keys, boolean verifyAuxProofs,
      StrongRandom random) {
    List<Party> ps = new ArrayList<>();
    for (int i = 0; i < parties; i++) {
      ps.add(new Party(i, parties, threshold, params, sessionId, keys.get(i), random.split()));
    }
    List<Dealing> dealings = ps.stream().map(Party::deal).toList();
    List<Echo> echoes = ps.stream().map(p -> p.echo(dealings)).toList();
    return ps.stream().map(p -> p.finish(dealings, echoes.stream()
        .filter(e -> e.from() != p.me).toList(), verifyAuxProofs)).toList();
  }
}
