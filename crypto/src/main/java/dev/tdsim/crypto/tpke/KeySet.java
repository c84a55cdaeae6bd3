package dev.tdsim.crypto.tpke;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2FixedBases;
import dev.tdsim.crypto.curve.G2GeneratorTable;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.List;
import java.util.function.Supplier;

/**
 * The output of a trusted dealer (the structure a DKG would also produce), for N key shares on the
 * N-th roots of unity split over a committee:
 *
 * <ul>
 *   <li>public: Y = [f(0)]G, Y2 = [f(0)]H, blinding keys P_i = [b_i]H, blinded key shares B_k =
 *       [-b_i / omega^k] Z_k (fast variant), and the G2 key shares Z_k = [f(omega^k)]H, which are
 *       public verification keys in the G1 family and private shares in the GT family;
 *   <li>private, per validator: its scalar shares f(omega^k) and its blinding scalar b_i.
 * </ul>
 *
 * The G2 point sets cost one G2 scalar multiplication per point (~0.17 ms), so they are computed
 * on first use, in parallel, and kept.
 */
public final class KeySet {
  /** Window of the blinded-share tables: ~100 MB for 8192 shares, 2x faster G2 MSMs. */
  private static final int TABLE_WINDOW_BITS = 7;

  private final Committee committee;
  private final Domain domain;
  private final Fr[] scalarShares;
  private final Fr[] blinding;
  private final G1Point publicKey;
  private final G2Point publicKeyG2;
  private final List<G2Point> blindingKeys;
  private final Workers workers;
  private final Supplier<List<G2Point>> keyShares;
  private final Supplier<List<G2Point>> blindedShares;
  private final Supplier<List<G2FixedBases>> blindedShareTables;

  private KeySet(Committee committee, Fr[] scalarShares, Fr secret, Fr[] blinding, Workers workers) {
    this.committee = committee;
    this.workers = workers;
    this.domain = Domain.of(committee.shares());
    this.scalarShares = scalarShares;
    this.blinding = blinding;
    this.publicKey = G1Point.generator().multiply(secret);
    this.publicKeyG2 = G2GeneratorTable.multiply(secret);
    this.blindingKeys = G2GeneratorTable.multiplyEach(List.of(blinding), workers);
    this.keyShares = memoize(() -> G2GeneratorTable.multiplyEach(List.of(scalarShares), workers));
    this.blindedShares = memoize(() -> G2GeneratorTable.multiplyEach(
        workers.map(committee.shares(), k -> blinding[validatorOf(k)].neg().mul(scalarShares[k])
            .mul(domain.element(k).inverse())), workers));
    this.blindedShareTables = memoize(() -> workers.map(committee.validators(), v -> {
      int first = committee.firstPointOf(v);
      return new G2FixedBases(
          blindedShares().subList(first, first + committee.pointsOf(v)), TABLE_WINDOW_BITS);
    }));
  }

  /**
   * Deals a fresh key set: the polynomial f and the blinding scalars b_i come from {@code random}
   * ({@link StrongRandom#system()}, or a {@link dev.tdsim.crypto.random.SeededDrbg} for
   * reproducible runs).
   */
  public static KeySet deal(Committee committee, StrongRandom random, Workers workers) {
    Domain domain = Domain.of(committee.shares());
    Fr[] coefficients = new Fr[committee.threshold()];
    for (int i = 0; i < coefficients.length; i++) {
      coefficients[i] = Fr.random(random);
    }
    Fr[] blinding = new Fr[committee.validators()];
    for (int i = 0; i < blinding.length; i++) {
      Fr b;
      do {
        b = Fr.random(random);
      } while (b.isZero());
      blinding[i] = b;
    }
    return new KeySet(committee, domain.fft(coefficients), coefficients[0], blinding, workers);
  }

  /**
   * The key set a distributed key generation produced (package {@code dev.tdsim.crypto.dkg}): the
   * scalar shares f(omega^k) of all N points (each validator knows only its own chunk; this
   * object, like the dealer's, is the simulator's view of all of them) and each validator's own
   * blinding scalar b_i. The secret f(0) is recovered as the mean of the shares (the constant
   * coefficient of the inverse FFT), and the shares are checked to lie on a polynomial of degree
   * below the threshold.
   *
   * @throws CryptoException if a length is wrong, a blinding scalar is zero or the shares do not
   *     lie on one polynomial of degree &lt; t
   */
  public static KeySet fromDkg(
      Committee committee, Fr[] scalarShares, Fr[] blinding, Workers workers) {
    if (scalarShares.length != committee.shares() || blinding.length != committee.validators()) {
      throw new dev.tdsim.crypto.CryptoException("key set from DKG", "expected "
          + committee.shares() + " shares and " + committee.validators() + " blinding scalars, got "
          + scalarShares.length + " and " + blinding.length);
    }
    for (int i = 0; i < blinding.length; i++) {
      if (blinding[i].isZero()) {
        throw new dev.tdsim.crypto.CryptoException(
            "key set from DKG", "blinding scalar of validator " + i + " is zero");
      }
    }
    Fr[] coefficients = Domain.of(committee.shares()).ifft(scalarShares);
    for (int j = committee.threshold(); j < coefficients.length; j++) {
      if (!coefficients[j].isZero()) {
        throw new dev.tdsim.crypto.CryptoException("key set from DKG",
            "the shares do not lie on a polynomial of degree < " + committee.threshold());
      }
    }
    return new KeySet(
        committee, scalarShares.clone(), coefficients[0], blinding.clone(), workers);
  }

  private static <T> Supplier<T> memoize(Supplier<T> supplier) {
    return com.google.common.base.Suppliers.memoize(supplier::get);
  }

  public Committee committee() {
    return committee;
  }

  public Domain domain() {
    return domain;
  }

  public G1Point publicKey() {
    return publicKey;
  }

  public G2Point publicKeyG2() {
    return publicKeyG2;
  }

  /** P_i = [b_i]H, published by each validator. */
  public G2Point blindingKey(int validator) {
    return blindingKeys.get(validator);
  }

  /** Z_k = [f(omega^k)]H. */
  public List<G2Point> keyShares() {
    return keyShares.get();
  }

  /** B_k = [-b_i / omega^k] Z_k for the owner i of point k. */
  public List<G2Point> blindedShares() {
    return blindedShares.get();
  }

  /**
   * Per validator, blst's fixed-base tables of its blinded shares B_k: built once per key set
   * (public data, like the shares themselves), they halve the cost of every later
   * prepare_combine.
   */
  public List<G2FixedBases> blindedShareTables() {
    return blindedShareTables.get();
  }

  /** f(omega^k): private to the validator that owns point k (used by its share maker). */
  public Fr validatorScalarShare(int point) {
    return scalarShares[point];
  }

  /** b_i: private to validator i (used by its share maker). */
  public Fr validatorBlinding(int validator) {
    return blinding[validator];
  }

  public Workers workers() {
    return workers;
  }

  public int validatorOf(int point) {
    int lo = 0;
    int hi = committee.validators() - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (committee.firstPointOf(mid) <= point) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }
}
