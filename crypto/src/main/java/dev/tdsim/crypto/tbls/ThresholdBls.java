package dev.tdsim.crypto.tbls;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Weighted threshold BLS signatures on BLS12-381 in the minimal-signature-size form (signatures
 * in G1, 48 bytes; keys in G2), over a dealt {@link KeySet}: the secret is f(0) of the key set's
 * polynomial (degree t - 1), validator i holds f(omega^k) for each point k of its chunk, the
 * public key is [f(0)]H and the public shares are the key set's {@link KeySet#keyShares()}
 * [f(omega^k)]H. Signatures follow the basic scheme of draft-irtf-cfrg-bls-signature-05 (section
 * 2.6 Sign, 2.7 CoreVerify with the groups swapped): sigma = [f(0)] H1(m), H1 the RFC 9380 hash to
 * G1 (BLS12381G1_XMD:SHA-256_SSWU_RO_) under {@link #DST}. The result is an ordinary BLS signature,
 * as drand's threshold network produces (its "bls-unchained-g1-rfc9380" scheme).
 *
 * <p><b>Never use the decryption key set.</b> The key set must be dealt for signing only: its
 * public key [f(0)]H is the private key of the GT-family TPKE variants, and its public shares are
 * their private shares.
 *
 * <p>Partials: one G1 point per domain point ({@link PartialSignature}); any t of the N points
 * interpolate f(0) "in the exponent": sigma = sum_k [lambda_k] sigma_k with the Lagrange
 * coefficients at 0 of the chosen points ({@link Lagrange#atZero}, one vanishing polynomial and
 * one inversion), as one Pippenger MSM. Stateless apart from the keys; thread-safe.
 */
public final class ThresholdBls {
  /** The project's own domain separation tag (RFC 9380 section 3.1; basic scheme, NUL). */
  public static final String DST = "TDSIM-TBLS-V01-CS01-with-BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

  public static final int SIGNATURE_BYTES = G1Point.COMPRESSED_BYTES;
  public static final int PUBLIC_KEY_BYTES = G2Point.COMPRESSED_BYTES;

  private static final G2Prepared GENERATOR_LINES = G2Point.generator().prepare();

  private final KeySet keys;
  private final String dst;
  private final G2Prepared publicKeyLines;
  private final Workers workers;

  private ThresholdBls(KeySet keys, String dst, Workers workers) {
    this.keys = keys;
    this.dst = dst;
    this.publicKeyLines = keys.publicKeyG2().prepare();
    this.workers = workers;
  }

  /** Threshold BLS under the project's tag over a key set dealt for signing (not for TPKE). */
  public static ThresholdBls of(KeySet signingKeys) {
    return new ThresholdBls(signingKeys, DST, signingKeys.workers());
  }

  /**
   * The same, with its checks run on {@code workers} instead of the key set's pool (a combiner
   * whose own pool is not the dealer's).
   */
  public static ThresholdBls of(KeySet signingKeys, Workers workers) {
    return new ThresholdBls(signingKeys, DST, workers);
  }

  public KeySet keys() {
    return keys;
  }

  public Committee committee() {
    return keys.committee();
  }

  /** The group public key [f(0)]H in G2. */
  public G2Point publicKey() {
    return keys.publicKeyG2();
  }

  /** H1(message), RFC 9380 hash to G1 under this scheme's tag (~0.1 ms; reuse it per message). */
  public G1Point hash(byte[] message) {
    if (message == null) {
      throw new CryptoException("threshold BLS", "message is null");
    }
    return G1Point.hashTo(message, dst);
  }

  /**
   * Validator {@code validator}'s partial: sigma_k = [f(omega^k)] H1(m) for each of its points (one
   * G1 scalar multiplication each, on the caller's thread: the signer's own CPU).
   */
  public PartialSignature sign(int validator, G1Point hashed) {
    Committee c = committee();
    checkValidator(validator);
    int first = c.firstPointOf(validator);
    List<G1Point> points = new ArrayList<>(c.pointsOf(validator));
    for (int k = first; k < first + c.pointsOf(validator); k++) {
      points.add(hashed.multiply(keys.validatorScalarShare(k)));
    }
    return new PartialSignature(validator, points);
  }

  /**
   * Whether validator {@code p.validator()}'s partial is right, with independent random 64-bit
   * weights w_k over its points: e(sum [w_k] sigma_k, H) == e(H1(m), sum [w_k] Z_k), one G1 and one
   * G2 short MSM and one 2-pair pairing product. A wrong point passes with probability at most
   * 2^-64 per check. The points must be in G1 ({@link PartialSignature#decode} checks it).
   */
  public boolean verifyPartial(G1Point hashed, PartialSignature p, StrongRandom random) {
    checkShape(p);
    return holds(hashed, List.of(p), weights(p.points().size(), random));
  }

  /**
   * One random-weight check of all given partials together (one G1 and one G2 short MSM over all
   * their points, one 2-pair product): true when every partial is right, except with probability
   * 2^-64.
   */
  public boolean verifyAll(G1Point hashed, List<PartialSignature> partials, StrongRandom random) {
    partials.forEach(this::checkShape);
    int n = partials.stream().mapToInt(p -> p.points().size()).sum();
    return n > 0 && holds(hashed, partials, weights(n, random));
  }

  /**
   * The validators whose partials are wrong, ascending: each partial is checked alone (in
   * parallel on the key set's workers), by its random-weight pairing check and the subgroup
   * membership of each of its points (which pairings cannot see; partials from
   * {@link PartialSignature#decodeOnCurve} have not had it), so that every bad one is named and no
   * good one is. The blame path: about 2.3 ms plus 55 subgroup checks per validator of 55 points.
   */
  public List<Integer> faulty(G1Point hashed, List<PartialSignature> partials,
      StrongRandom random) {
    partials.forEach(this::checkShape);
    List<long[]> w = new ArrayList<>(partials.size());
    for (PartialSignature p : partials) {
      w.add(weights(p.points().size(), random)); // drawn in order: the stream is not thread-safe
    }
    List<Boolean> ok = workers.map(partials.size(),
        i -> partials.get(i).points().stream().allMatch(G1Point::isInSubgroup)
            && holds(hashed, List.of(partials.get(i)), w.get(i)));
    List<Integer> bad = new ArrayList<>();
    for (int i = 0; i < partials.size(); i++) {
      if (!ok.get(i)) {
        bad.add(partials.get(i).validator());
      }
    }
    bad.sort(null);
    return bad;
  }

  /** {@link #combine(G1Point, List, StrongRandom)} of H1(message). */
  public CombineResult combine(byte[] message, List<PartialSignature> partials,
      StrongRandom random) {
    return combine(hash(message), partials, random);
  }

  /**
   * Combines partials into the threshold signature, optimistically: interpolate at 0 from the
   * first t points (validators in ascending order; the last one's chunk may be cut), check the
   * result against the public key (subgroup check and one 2-pair product). Only when that fails
   * are the partials checked ({@link #faulty}); the bad ones are named and left out, and the rest
   * are combined again if they still hold t points. The signature returned has always verified,
   * so partials need only be on the curve ({@link PartialSignature#decodeOnCurve}).
   *
   * @param partials at most one per validator, each of the validator's full point count
   * @param random weights for the blame path only
   * @throws CryptoException if a validator appears twice or a partial has the wrong shape
   */
  public CombineResult combine(G1Point hashed, List<PartialSignature> partials,
      StrongRandom random) {
    List<PartialSignature> sorted = sortedDistinct(partials);
    if (totalPoints(sorted) < committee().threshold()) {
      return new CombineResult(Optional.empty(), List.of(), List.of(), 0);
    }
    Interpolation first = interpolate(sorted, committee().threshold());
    if (verify(hashed, first.signature())) {
      return new CombineResult(Optional.of(first.signature()), first.signers(), List.of(), 1);
    }
    List<Integer> blamed = faulty(hashed, sorted, random);
    List<PartialSignature> good = sorted.stream()
        .filter(p -> !blamed.contains(p.validator())).toList();
    if (blamed.isEmpty() || totalPoints(good) < committee().threshold()) {
      return new CombineResult(Optional.empty(), List.of(), blamed, 1);
    }
    Interpolation again = interpolate(good, committee().threshold());
    boolean ok = verify(hashed, again.signature());
    return new CombineResult(ok ? Optional.of(again.signature()) : Optional.empty(),
        ok ? again.signers() : List.of(), blamed, 2);
  }

  /** An interpolated (not yet checked) signature and the validators whose points it used. */
  record Interpolation(G1Point signature, List<Integer> signers) {}

  /**
   * sum [lambda_k] sigma_k over the first {@code limit} points of the partials (in the given
   * order), lambda_k the Lagrange coefficients at 0 of exactly those points. Not checked, and no
   * threshold: with fewer than t points it gives a wrong value (the tests show it).
   */
  Interpolation interpolate(List<PartialSignature> partials, int limit) {
    Committee c = committee();
    int n = Math.min(limit, totalPoints(partials));
    int[] indices = new int[n];
    List<G1Point> points = new ArrayList<>(n);
    List<Integer> signers = new ArrayList<>();
    int pos = 0;
    for (PartialSignature p : partials) {
      if (pos == n) {
        break;
      }
      signers.add(p.validator());
      int first = c.firstPointOf(p.validator());
      for (int i = 0; i < p.points().size() && pos < n; i++, pos++) {
        indices[pos] = first + i;
        points.add(p.points().get(i));
      }
    }
    return new Interpolation(interpolatePoints(indices, points), signers);
  }

  /**
   * sum [lambda_k] sigma_k for arbitrary distinct domain points (any subset, any order), lambda_k
   * their Lagrange coefficients at 0. Not checked.
   */
  G1Point interpolatePoints(int[] indices, List<G1Point> sigmas) {
    Fr[] lambdas = Lagrange.atZero(keys.domain(), indices);
    return G1Point.msm(sigmas, Arrays.asList(lambdas));
  }

  /** Whether {@code signature} is [f(0)] H1(m): e(sigma, H) == e(H1(m), [f(0)]H). */
  public boolean verify(G1Point hashed, G1Point signature) {
    return !signature.isIdentity() && signature.isInSubgroup()
        && Pairings.millerLoopPrepared(List.of(signature, hashed.negate()),
            List.of(GENERATOR_LINES, publicKeyLines)).finalExponentiation().isOne();
  }

  /** Whether the 48-byte {@code signature} is valid on {@code message}; false for any bad input. */
  public boolean verify(byte[] message, byte[] signature) {
    return verify(publicKey(), message, signature, dst);
  }

  /**
   * CoreVerify with signatures in G1 (public key in G2) under tag {@code dst}: false, never an
   * exception, for a malformed or out-of-subgroup signature or key, or the identity as either.
   */
  public static boolean verify(G2Point publicKey, byte[] message, byte[] signature, String dst) {
    if (publicKey == null || publicKey.isIdentity() || message == null || signature == null
        || signature.length != SIGNATURE_BYTES) {
      return false;
    }
    G1Point sig;
    try {
      sig = G1Point.fromBytes(signature);
    } catch (CryptoException e) {
      return false;
    }
    return !sig.isIdentity() && Pairings.productIsOne(
        List.of(sig, G1Point.hashTo(message, dst).negate()),
        List.of(G2Point.generator(), publicKey));
  }

  // ---- helpers ----

  private boolean holds(G1Point hashed, List<PartialSignature> partials, long[] w) {
    List<G1Point> sigmas = new ArrayList<>(w.length);
    List<G2Point> shares = new ArrayList<>(w.length);
    List<G2Point> all = keys.keyShares();
    for (PartialSignature p : partials) {
      int first = committee().firstPointOf(p.validator());
      sigmas.addAll(p.points());
      shares.addAll(all.subList(first, first + p.points().size()));
    }
    List<Object> sums = workers.map(2, i -> i == 0 ? G1Point.msmShort(sigmas, w)
        : G2Point.msmShort(shares, w));
    return Pairings.productIsOne(List.of((G1Point) sums.get(0), hashed.negate()),
        List.of(G2Point.generator(), (G2Point) sums.get(1)));
  }

  /** Independent non-zero 64-bit weights from a strong stream (unpredictable to signers). */
  static long[] weights(int n, StrongRandom random) {
    long[] w = random.nextLongs(n);
    for (int i = 0; i < n; i++) {
      while (w[i] == 0) {
        w[i] = random.nextLong();
      }
    }
    return w;
  }

  private List<PartialSignature> sortedDistinct(List<PartialSignature> partials) {
    List<PartialSignature> sorted = new ArrayList<>(partials);
    sorted.sort(Comparator.comparingInt(PartialSignature::validator));
    for (int i = 0; i < sorted.size(); i++) {
      checkShape(sorted.get(i));
      if (i > 0 && sorted.get(i).validator() == sorted.get(i - 1).validator()) {
        throw new CryptoException("combining threshold BLS", "validator "
            + sorted.get(i).validator() + " has two partials");
      }
    }
    return sorted;
  }

  private void checkShape(PartialSignature p) {
    checkValidator(p.validator());
    int expected = committee().pointsOf(p.validator());
    if (p.points().size() != expected) {
      throw new CryptoException("threshold BLS partial", "validator " + p.validator() + " holds "
          + expected + " points, its partial has " + p.points().size());
    }
  }

  private void checkValidator(int validator) {
    if (validator < 0 || validator >= committee().validators()) {
      throw new CryptoException("threshold BLS", "no validator " + validator + " among "
          + committee().validators());
    }
  }

  private static int totalPoints(List<PartialSignature> partials) {
    return partials.stream().mapToInt(p -> p.points().size()).sum();
  }
}
