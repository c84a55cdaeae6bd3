package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.cggmp21.paillier.Exponentiator;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Pi-mod, the Paillier-Blum modulus proof (CGGMP21 section 6, "Π^mod"): N = pq with p, q ≡ 3
 * (mod 4) and gcd(N, φ(N)) = 1. The prover sends w with Jacobi symbol -1; for each of m
 * challenges y_i it gives a fourth root x_i of (-1)^a_i · w^b_i · y_i and an N-th root z_i of y_i.
 * Soundness error 2^-m.
 */
public record ModProof(BigInteger w, List<Answer> answers) {

  /** One challenge's answer: x^4 = (-1)^a w^b y and z^N = y (mod N). */
  public record Answer(BigInteger x, boolean a, boolean b, BigInteger z) {}

  public ModProof {
    answers = List.copyOf(answers);
  }

  public static ModProof prove(ProofContext context, PaillierSecretKey key, int rounds,
      StrongRandom random) {
    BigInteger n = key.n();
    BigInteger p = key.p();
    BigInteger q = key.q();
    BigInteger w;
    do {
      w = RandomInts.unit(n, random);
    } while (isQr(w, p) == isQr(w, q)); // Jacobi(w | N) = -1 exactly when one is a non-residue
    Exponentiator modN = key.modN();
    BigInteger nInvModPhi = n.modInverse(key.phi());
    BigInteger expP = fourthRootExponent(p);
    BigInteger expQ = fourthRootExponent(q);
    Transcript.Challenges ch = challenges(context, n, w);
    List<Answer> answers = new ArrayList<>(rounds);
    for (int i = 0; i < rounds; i++) {
      BigInteger y = ch.modN(n);
      BigInteger z = modN.pow(y, nInvModPhi);
      Answer found = null;
      for (int ab = 0; ab < 4 && found == null; ab++) {
        boolean a = (ab & 1) == 1;
        boolean b = (ab & 2) == 2;
        BigInteger v = twist(y, w, a, b, n);
        if (isQr(v, p) && isQr(v, q)) {
          BigInteger xp = v.mod(p).modPow(expP, p);
          BigInteger xq = v.mod(q).modPow(expQ, q);
          BigInteger x = xp.add(p.multiply(xq.subtract(xp).multiply(p.modInverse(q)).mod(q)));
          found = new Answer(x, a, b, z);
        }
      }
      if (found == null) {
        throw new IllegalStateException("challenge not a unit modulo N (probability ~2^-1000)");
      }
      answers.add(found);
    }
    return new ModProof(w, answers);
  }

  public boolean verify(ProofContext context, BigInteger n, int rounds) {
    if (w == null || n.signum() <= 0 || !n.testBit(0) || n.isProbablePrime(64)
        || answers.size() != rounds || w.signum() <= 0 || w.compareTo(n) >= 0
        || jacobi(w, n) != -1) {
      return false;
    }
    Transcript.Challenges ch = challenges(context, n, w);
    for (Answer ans : answers) {
      BigInteger y = ch.modN(n);
      if (ans.x() == null || ans.z() == null
          || !ans.z().modPow(n, n).equals(y)
          || !ans.x().modPow(BigInteger.valueOf(4), n).equals(twist(y, w, ans.a(), ans.b(), n))) {
        return false;
      }
    }
    return true;
  }

  private static Transcript.Challenges challenges(ProofContext context, BigInteger n,
      BigInteger w) {
    return new Transcript("pi-mod", context).add(n, w).challenges();
  }

  /** (-1)^a · w^b · y mod N. */
  private static BigInteger twist(BigInteger y, BigInteger w, boolean a, boolean b, BigInteger n) {
    BigInteger v = b ? y.multiply(w).mod(n) : y;
    return a ? n.subtract(v).mod(n) : v;
  }

  /** ((p + 1)/4)^2 mod (p - 1): a QR's fourth root that is itself a QR, p ≡ 3 (mod 4). */
  private static BigInteger fourthRootExponent(BigInteger p) {
    BigInteger e = p.add(BigInteger.ONE).shiftRight(2);
    return e.multiply(e).mod(p.subtract(BigInteger.ONE));
  }

  private static boolean isQr(BigInteger v, BigInteger prime) {
    return v.mod(prime).modPow(prime.shiftRight(1), prime).equals(BigInteger.ONE);
  }

  /** The Jacobi symbol (a | n) for odd n > 0. */
  static int jacobi(BigInteger a, BigInteger n) {
    a = a.mod(n);
    int result = 1;
    while (a.signum() != 0) {
      int twos = a.getLowestSetBit();
      a = a.shiftRight(twos);
      int nMod8 = n.intValue() & 7;
      if ((twos & 1) == 1 && (nMod8 == 3 || nMod8 == 5)) {
        result = -result;
      }
      if ((a.intValue() & 3) == 3 && (n.intValue() & 3) == 3) {
        result = -result;
      }
      BigInteger tmp = a;
      a = n.mod(tmp);
      n = tmp;
    }
    return n.equals(BigInteger.ONE) ? result : 0;
  }

  public int wireBytes() {
    int sum = Sigma.bytes(w);
    for (Answer a : answers) {
      sum += Sigma.bytes(a.x(), a.z()) + 1;
    }
    return sum;
  }
}
