package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The batched design's public parameters, dealt once beside a key set (sk = f(0) of the key set):
 *
 * <ul>
 *   <li>{@code powers}: T_l = [gamma tau^l]_1 for l &lt; capacity (KZG powers in a basis scaled by
 *       a second dealer secret gamma, so that Y = [sk]_1, which the key set publishes for Ferveo's
 *       variants, cannot shift a decryption key: see docs/CRYPTO.md, "batched");
 *   <li>{@code tau2} = [tau]_2 (to check the powers), {@code skTau1} = [sk tau]_1 (ciphertext
 *       validity) and {@code skTau2} = [sk tau]_2 (encryption).
 * </ul>
 *
 * Slot j is the point omega^j of the capacity-th roots of unity H_n, and every block's polynomial
 * is pinned on all of H_n (its tags at its slots, 0 elsewhere). Also public: the Lagrange basis
 * [gamma L_i(tau)]_1 and A_i = [gamma (L_i(tau) - 1)/(tau - omega^i)]_1 (direct openings).
 * Thread-safe; per-slot keys and FK20's transformed powers are cached on first use.
 */
public final class BatchedSetup {
  private final int capacity;
  private final List<G1Point> powers;
  private final List<G1Point> lagrange;
  private final List<G1Point> selfQuotients;
  private final G2Point tau2;
  private final G1Point skTau1;
  private final G2Point skTau2;
  private final G1Point publicKey;
  private final G2Point publicKeyG2;
  private final ConcurrentHashMap<Integer, G2Point> slotKeysG2 = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Integer, G1Point> slotKeysG1 = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Integer, G1Point[]> fkTables = new ConcurrentHashMap<>();

  BatchedSetup(int capacity, List<G1Point> powers, List<G1Point> lagrange,
      List<G1Point> selfQuotients, G2Point tau2, G1Point skTau1, G2Point skTau2,
      G1Point publicKey, G2Point publicKeyG2) {
    this.capacity = capacity;
    this.powers = List.copyOf(powers);
    this.lagrange = List.copyOf(lagrange);
    this.selfQuotients = List.copyOf(selfQuotients);
    this.tau2 = tau2;
    this.skTau1 = skTau1;
    this.skTau2 = skTau2;
    this.publicKey = publicKey;
    this.publicKeyG2 = publicKeyG2;
  }

  /**
   * The trusted dealer: tau and gamma from {@code random}, powers for blocks of up to
   * {@code maxBlockSize} transactions (rounded up to a power of two).
   */
  public static BatchedSetup deal(
      KeySet keys, int maxBlockSize, StrongRandom random, Workers workers) {
    int capacity = capacityFor(maxBlockSize);
    Fr tau;
    do {
      tau = Fr.random(random);
    } while (tau.isZero() || tau.pow(capacity).equals(Fr.one()));
    Fr gamma;
    do {
      gamma = Fr.random(random);
    } while (gamma.isZero());
    Fr[] scalars = new Fr[capacity];
    scalars[0] = gamma;
    for (int i = 1; i < capacity; i++) {
      scalars[i] = scalars[i - 1].mul(tau);
    }
    // L_i(tau) = (omega^i / n) (tau^n - 1) / (tau - omega^i); A_i = (L_i(tau) - 1) / (tau - omega^i).
    Domain domain = Domain.of(capacity);
    Fr[] inverses = new Fr[capacity];
    for (int i = 0; i < capacity; i++) {
      inverses[i] = tau.sub(domain.element(i));
    }
    inverses = Fr.batchInverse(inverses);
    Fr vanishing = tau.pow(capacity).sub(Fr.one()).mul(Fr.of(capacity).inverse());
    Fr[] lagrangeScalars = new Fr[capacity];
    Fr[] quotientScalars = new Fr[capacity];
    for (int i = 0; i < capacity; i++) {
      Fr l = domain.element(i).mul(vanishing).mul(inverses[i]);
      lagrangeScalars[i] = gamma.mul(l);
      quotientScalars[i] = gamma.mul(l.sub(Fr.one())).mul(inverses[i]);
    }
    List<G1Point> powers = workers.map(capacity, i -> G1Point.generator().multiply(scalars[i]));
    List<G1Point> lagrange =
        workers.map(capacity, i -> G1Point.generator().multiply(lagrangeScalars[i]));
    List<G1Point> quotients =
        workers.map(capacity, i -> G1Point.generator().multiply(quotientScalars[i]));
    return new BatchedSetup(capacity, powers, lagrange, quotients, G2Point.generator().multiply(tau),
        keys.publicKey().multiply(tau), keys.publicKeyG2().multiply(tau), keys.publicKey(),
        keys.publicKeyG2());
  }

  /**
   * The capacity a setup for blocks of up to {@code maxBlockSize} transactions gets: the power
   * of two at or above it.
   *
   * @throws CryptoException unless {@code maxBlockSize} is in [1, 2^20]
   */
  static int capacityFor(int maxBlockSize) {
    if (maxBlockSize < 1 || maxBlockSize > (1 << 20)) {
      throw new CryptoException(
          "batched setup", "maxBlockSize must be in [1, 2^20], got " + maxBlockSize);
    }
    int capacity = Integer.highestOneBit(maxBlockSize);
    return capacity < maxBlockSize ? capacity << 1 : capacity;
  }

  /**
   * Checks that these parameters were dealt for {@code keys} and are well formed: e([sk tau]_1, H)
   * == e(Y, [tau]_2), e(G, [sk tau]_2) == e([sk tau]_1, H), and the powers form one geometric
   * sequence in tau (a random linear combination of e(T_(l+1), H) == e(T_l, [tau]_2)).
   *
   * @throws CryptoException naming the failed check
   */
  public void checkAgainst(KeySet keys, StrongRandom random) {
    if (!keys.publicKey().equals(publicKey) || !keys.publicKeyG2().equals(publicKeyG2)) {
      throw new CryptoException("batched setup",
          "the parameters were dealt for another key set (public keys differ)");
    }
    if (!Pairings.productIsOne(List.of(skTau1, keys.publicKey().negate()),
        List.of(G2Point.generator(), tau2))) {
      throw new CryptoException("batched setup",
          "[sk*tau]_1 does not match the key set's public key and [tau]_2");
    }
    if (!Pairings.productIsOne(List.of(G1Point.generator(), skTau1.negate()),
        List.of(skTau2, G2Point.generator()))) {
      throw new CryptoException("batched setup", "[sk*tau]_2 does not match [sk*tau]_1");
    }
    if (powers.get(0).isIdentity()) {
      throw new CryptoException("batched setup", "the first KZG power is the identity");
    }
    // (one power, capacity 1: empty sums, nothing to check)
    long[] weights = random.nextLongs(capacity - 1);
    G1Point lhs = G1Point.msmShort(powers.subList(1, capacity), weights);
    G1Point rhs = G1Point.msmShort(powers.subList(0, capacity - 1), weights);
    if (!Pairings.productIsOne(List.of(lhs, rhs.negate()), List.of(G2Point.generator(), tau2))) {
      throw new CryptoException("batched setup", "the KZG powers are not powers of one tau");
    }
    // The Lagrange basis commits to the same polynomials: a random one in both forms.
    Fr[] c = new Fr[capacity];
    for (int i = 0; i < capacity; i++) {
      c[i] = Fr.random(random);
    }
    Fr[] evals = capacity == 1 ? c.clone() : Domain.of(capacity).fft(c);
    if (!G1Point.msm(powers, List.of(c)).equals(G1Point.msm(lagrange, List.of(evals)))) {
      throw new CryptoException("batched setup", "the Lagrange basis does not match the powers");
    }
    // A_i (tau - omega^i) == L_i(tau) - 1 in the exponent, all i at once with random weights:
    // e(sum rho_i A_i, [tau]_2) == e(sum rho_i omega^i A_i + sum rho_i (L_i - [gamma]_1), H).
    long[] rho = random.nextLongs(capacity);
    Domain domain = Domain.of(capacity);
    List<Fr> shifted = new java.util.ArrayList<>(capacity);
    for (int i = 0; i < capacity; i++) {
      shifted.add(Fr.of(rho[i] >>> 1).mul(domain.element(i)));
      rho[i] >>>= 1;
    }
    G1Point left = G1Point.msmShort(selfQuotients, rho);
    G1Point right = G1Point.msm(selfQuotients, shifted).add(G1Point.msmShort(lagrange, rho));
    Fr total = Fr.zero();
    for (long r : rho) {
      total = total.add(Fr.of(r));
    }
    right = right.add(gammaG1().multiply(total).negate());
    if (!Pairings.productIsOne(List.of(left, right.negate()), List.of(tau2, G2Point.generator()))) {
      throw new CryptoException("batched setup", "the opening helpers A_i do not match the basis");
    }
  }

  /** The largest block: a power of two. */
  public int capacity() {
    return capacity;
  }

  public List<G1Point> powers() {
    return powers;
  }

  /** [gamma L_i(tau)]_1 on the capacity-th roots of unity (the digest's MSM bases). */
  public List<G1Point> lagrange() {
    return lagrange;
  }

  /** A_i = [gamma (L_i(tau) - 1) / (tau - omega^i)]_1 (direct openings of small blocks). */
  public List<G1Point> selfQuotients() {
    return selfQuotients;
  }

  public G2Point tau2() {
    return tau2;
  }

  public G1Point skTau1() {
    return skTau1;
  }

  public G2Point skTau2() {
    return skTau2;
  }

  G2Point publicKeyG2() {
    return publicKeyG2;
  }

  /** [gamma]_1, the base the tags are committed in. */
  G1Point gammaG1() {
    return powers.get(0);
  }

  /** The evaluation point of slot j: omega^j on the capacity-th roots of unity. */
  Fr slotPoint(int slot) {
    return Domain.of(capacity).element(slot);
  }

  /** [sk (tau - x_j)]_2, what a client multiplies by r for slot j. */
  G2Point slotKeyG2(int slot) {
    return slotKeysG2.computeIfAbsent(slot,
        s -> skTau2.add(publicKeyG2.multiply(slotPoint(s)).negate()));
  }

  /** [sk (tau - x_j)]_1, what the validity check pairs with the ciphertext's [r]_2. */
  G1Point slotKeyG1(int slot) {
    return slotKeysG1.computeIfAbsent(slot,
        s -> skTau1.add(publicKey.multiply(slotPoint(s)).negate()));
  }

  /** Whether {@link #fkTable} of m is built. */
  boolean hasFkTable(int m) {
    return fkTables.containsKey(m);
  }

  /** FK20's transform of the first m powers zero-padded to 2m: computed once per block size. */
  G1Point[] fkTable(int m, Workers workers) {
    G1Point[] t = fkTables.get(m);
    if (t == null) {
      G1Point[] padded = new G1Point[2 * m];
      for (int i = 0; i < 2 * m; i++) {
        padded[i] = i < m ? powers.get(i) : G1Point.identity();
      }
      t = G1Fft.transform(padded, false, workers);
      G1Point[] prior = fkTables.putIfAbsent(m, t);
      if (prior != null) {
        t = prior;
      }
    }
    return t;
  }

  @Override
  public String toString() {
    return "BatchedSetup[capacity=" + capacity + "]";
  }
}
