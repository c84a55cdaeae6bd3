package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.cggmp21.paillier.Exponentiator;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.Objects;

/**
 * Ring-Pedersen parameters (N̂, s, t) of one party (CGGMP21 definition 2.3): t a random square
 * modulo N̂, s = t^λ. A commitment to (a, b) is s^a · t^b mod N̂. Each party's N̂ is its Paillier
 * N, as in the paper's auxiliary-info phase. The verifier of a proof that commits under its own
 * parameters knows the factorization and exponentiates with CRT ({@link #ownedBy}).
 */
public final class RingPedersen {
  private final BigInteger n;
  private final BigInteger s;
  private final BigInteger t;
  private final Exponentiator pow;

  private RingPedersen(BigInteger n, BigInteger s, BigInteger t, Exponentiator pow) {
    this.n = n;
    this.s = s;
    this.t = t;
    this.pow = pow;
  }

  /** Received parameters: checked to be units modulo an odd N̂ (Pi-prm proves the rest). */
  public static RingPedersen of(BigInteger n, BigInteger s, BigInteger t) {
    Objects.requireNonNull(n, "n");
    if (n.signum() <= 0 || !n.testBit(0)) {
      throw new CryptoException("ring-pedersen", "N̂ must be a positive odd integer");
    }
    for (BigInteger v : new BigInteger[] {s, t}) {
      if (v == null || v.signum() <= 0 || v.compareTo(n) >= 0 || !v.gcd(n).equals(BigInteger.ONE)
          || v.equals(BigInteger.ONE)) {
        throw new CryptoException("ring-pedersen", "s and t must be units modulo N̂ other than 1");
      }
    }
    return new RingPedersen(n, s, t, Exponentiator.plain(n));
  }

  /** Fresh parameters on the owner's modulus, with the trapdoor λ (s = t^λ) for Pi-prm. */
  public static Generated generate(PaillierSecretKey key, StrongRandom random) {
    BigInteger n = key.n();
    Exponentiator crt = key.modN();
    BigInteger tau = RandomInts.unit(n, random);
    BigInteger t = tau.multiply(tau).mod(n);
    BigInteger lambda = RandomInts.below(key.phi(), random);
    BigInteger s = crt.pow(t, lambda);
    return new Generated(new RingPedersen(n, s, t, crt), lambda);
  }

  /** The owner's parameters with its trapdoor λ (secret). */
  public record Generated(RingPedersen params, BigInteger lambda) {
    @Override
    public String toString() {
      return "RingPedersen.Generated(" + params + ", λ hidden)";
    }
  }

  /** These parameters exponentiated with CRT, for their owner (who holds the factorization). */
  public RingPedersen ownedBy(PaillierSecretKey key) {
    if (!key.n().equals(n)) {
      throw new CryptoException("ring-pedersen", "key does not own these parameters");
    }
    return new RingPedersen(n, s, t, key.modN());
  }

  /** The parameters without the owner's CRT, to hand to others. */
  public RingPedersen publicParams() {
    return new RingPedersen(n, s, t, Exponentiator.plain(n));
  }

  public BigInteger n() {
    return n;
  }

  public BigInteger s() {
    return s;
  }

  public BigInteger t() {
    return t;
  }

  /** s^a · t^b mod N̂ (any signs). */
  public BigInteger commit(BigInteger a, BigInteger b) {
    return pow.pow(s, a).multiply(pow.pow(t, b)).mod(n);
  }

  /** v^e mod N̂ (any sign of e; v a unit). */
  public BigInteger pow(BigInteger v, BigInteger e) {
    return pow.pow(v, e);
  }

  /** Whether v is a unit modulo N̂ in [1, N̂). */
  public boolean isUnit(BigInteger v) {
    return v != null && v.signum() > 0 && v.compareTo(n) < 0 && v.gcd(n).equals(BigInteger.ONE);
  }

  /** Size of one element on the wire. */
  public int elementBytes() {
    return (n.bitLength() + 7) / 8;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RingPedersen r && r.n.equals(n) && r.s.equals(s) && r.t.equals(t);
  }

  @Override
  public int hashCode() {
    return Objects.hash(n, s, t);
  }

  @Override
  public String toString() {
    return "RingPedersen(" + n.bitLength() + " bits)";
  }
}
