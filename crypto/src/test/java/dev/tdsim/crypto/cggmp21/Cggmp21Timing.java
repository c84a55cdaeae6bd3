package dev.tdsim.crypto.cggmp21;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round1;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round2;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round3;
import dev.tdsim.crypto.cggmp21.Signing.SignatureShare;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.paillier.RandomInts;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Not a test (surefire does not pick it up): measurement only (issue 24 E). At the paper's
 * parameters (2048-bit N) and two signers, interleaves each step of signer 0 with its reference:
 * the modular exponentiations the step performs (counted by hand from the code, listed below with
 * their modulus and exponent sizes; CRT ones as the two half-size exponentiations they are) and its
 * point multiplications, on the same moduli; the online combination against one BouncyCastle ECDSA
 * verification. Prints thread-CPU medians and the median of per-iteration ratios. From the
 * worktree root, after {@code mvn -B -o -DskipTests -pl jmh -am package} (for
 * jmh/target/classpath.txt) and {@code mvn -B -q -o -pl crypto test-compile}:
 * <pre>
 *   CP=crypto/target/classes:crypto/target/test-classes:$(cat jmh/target/classpath.txt)
 *   java -cp $CP dev.tdsim.crypto.cggmp21.Cggmp21Timing [iterations]
 * </pre>
 */
public final class Cggmp21Timing {
  private Cggmp21Timing() {}

  /** count exponentiations modulo {@code modulus} with exponents of {@code exponentBits}. */
  private record Op(int count, BigInteger modulus, int exponentBits) {}

  /** One step's reference work: exponentiations and point multiplications. */
  private static final class Reference {
    private final List<Op> ops = new ArrayList<>();
    private int pointMuls;

    Reference pow(int count, BigInteger modulus, int exponentBits) {
      ops.add(new Op(count, modulus, exponentBits));
      return this;
    }

    Reference points(int count) {
      pointMuls += count;
      return this;
    }

    long runCpuNanos(StrongRandom random) {
      List<BigInteger[]> inputs = new ArrayList<>();
      for (Op op : ops) {
        for (int i = 0; i < op.count(); i++) {
          inputs.add(new BigInteger[] {RandomInts.unit(op.modulus(), random),
              RandomInts.bits(op.exponentBits(), random).setBit(op.exponentBits() - 1),
              op.modulus()});
        }
      }
      BigInteger[] scalars = new BigInteger[pointMuls];
      for (int i = 0; i < pointMuls; i++) {
        scalars[i] = RandomInts.below(Secp256k1.Q, random);
      }
      var base = Secp256k1.mulBase(BigInteger.valueOf(7));
      long c0 = Workers.callerCpuNanos();
      for (BigInteger[] in : inputs) {
        in[0].modPow(in[1], in[2]);
      }
      for (BigInteger s : scalars) {
        Secp256k1.mul(base, s);
      }
      return Workers.callerCpuNanos() - c0;
    }

    int exponentiations() {
      return ops.stream().mapToInt(Op::count).sum();
    }
  }

  public static void main(String[] args) throws Exception {
    int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    SecurityParams sp = SecurityParams.PAPER;
    var random = SeededDrbg.of(24, "cggmp21 timing", 0);
    List<PaillierSecretKey> paillier = List.of(PaillierSecretKey.generate(sp.paillierBits(),
        random.split()), PaillierSecretKey.generate(sp.paillierBits(), random.split()));
    List<KeyShare> keys = KeyGen.run(2, 2, sp, bytes("timing keygen"), paillier, false,
        random.split());
    PaillierSecretKey own = paillier.get(0);
    BigInteger pSq = own.p().multiply(own.p());
    BigInteger p = own.p();
    BigInteger nOwn = own.n();
    BigInteger nPeer = paillier.get(1).n();
    BigInteger nSqPeer = nPeer.multiply(nPeer);
    int nBits = sp.paillierBits();
    int ell = sp.ell();
    int eps = sp.epsilon();
    int muBits = ell + nBits;
    int gammaBits = ell + eps + nBits;
    // Commitments under the peer's ring-Pedersen parameters (plain, modulo the peer's N̂).
    Reference encProve = new Reference().pow(3, pSq, nBits).pow(3, pSq, nBits) // 3 own r^N, CRT
        .pow(1, nPeer, ell).pow(1, nPeer, muBits).pow(1, nPeer, ell + eps)
        .pow(1, nPeer, gammaBits).pow(1, nOwn, ell);
    Reference round2 = new Reference()
        // Pi-enc check: z2^N and K^e modulo the peer's N^2; own ring-Pedersen with CRT
        .pow(1, nSqPeer, nBits).pow(1, nSqPeer, ell)
        .pow(2, p, ell + eps).pow(2, p, nBits / 2).pow(2, p, ell)
        // two MtAs: K^x, enc under the peer's key, F under the own key (CRT)
        .pow(2, nSqPeer, ell).pow(2, nSqPeer, nBits).pow(4, pSq, nBits)
        // two Pi-aff-g: C^α and enc(β) under the peer's key, B_y (CRT), 8 commitments, w, w_y
        .pow(2, nSqPeer, ell + eps).pow(2, nSqPeer, nBits).pow(4, pSq, nBits)
        .pow(2, nPeer, ell + eps).pow(4, nPeer, gammaBits).pow(2, nPeer, ell)
        .pow(4, nPeer, muBits).pow(2, nPeer, sp.ellPrime() + eps).pow(2, nPeer, sp.ellPrime())
        .pow(2, nPeer, ell).pow(2, nOwn, ell)
        // Pi-log* for Γ: 4 commitments, A (CRT), z2
        .pow(1, nPeer, ell).pow(1, nPeer, muBits).pow(1, nPeer, ell + eps)
        .pow(1, nPeer, gammaBits).pow(2, pSq, nBits).pow(1, nOwn, ell)
        .points(4);
    Reference logStarCheck = new Reference().pow(1, nSqPeer, nBits).pow(1, nSqPeer, ell)
        .pow(2, p, ell + eps).pow(2, p, nBits / 2).pow(2, p, ell).points(2);
    Reference round3 = new Reference()
        // two Pi-aff-g checks: C^z1, w^N0, D^e (own N0, CRT); w_y^N1, Y^e (peer's N1);
        // own ring-Pedersen with CRT: two commitments and S^e, T^e
        .pow(4, pSq, ell + eps).pow(4, pSq, nBits).pow(4, pSq, ell)
        .pow(2, nSqPeer, nBits).pow(2, nSqPeer, ell)
        .pow(4, p, ell + eps).pow(12, p, nBits / 2).pow(8, p, ell)
        // Pi-log* check for Γ_j
        .pow(1, nSqPeer, nBits).pow(1, nSqPeer, ell).pow(2, p, ell + eps).pow(2, p, nBits / 2)
        .pow(2, p, ell)
        // two decryptions (CRT: c^(p-1) mod p^2 and mod q^2)
        .pow(4, pSq, nBits / 2)
        // Pi-log* for Δ_i
        .pow(1, nPeer, ell).pow(1, nPeer, muBits).pow(1, nPeer, ell + eps)
        .pow(1, nPeer, gammaBits).pow(2, pSq, nBits).pow(1, nOwn, ell)
        .points(4 + 2 + 2 + 1);
    Reference finish = new Reference().pow(1, nSqPeer, nBits).pow(1, nSqPeer, ell)
        .pow(2, p, ell + eps).pow(2, p, nBits / 2).pow(2, p, ell).points(2 + 1 + 1 + 4);

    String[] names = {"round 1 (K, G, Pi-enc)", "round 2 (MtA x2, Pi-aff-g x2, Pi-log*)",
        "round 3 (checks, decrypt, Pi-log*)", "output (Pi-log* check, R)",
        "online: σ share", "online: combine + verify"};
    Reference[] refs = {encProve, round2, round3, finish, null, null};
    long[][] real = new long[names.length][iterations];
    long[][] ref = new long[names.length][iterations];
    for (int it = -1; it < iterations; it++) { // iteration -1: JIT warm-up, not recorded
      int[] signers = {0, 1};
      byte[] sid = bytes("timing " + it);
      PresignParty a = new PresignParty(keys.get(0), signers, sid, random.split());
      PresignParty b = new PresignParty(keys.get(1), signers, sid, random.split());
      long[] steps = new long[names.length];
      long c0 = Workers.callerCpuNanos();
      List<Round1> a1 = a.round1();
      steps[0] = Workers.callerCpuNanos() - c0;
      List<Round1> b1 = b.round1();
      c0 = Workers.callerCpuNanos();
      List<Round2> a2 = a.round2(b1);
      steps[1] = Workers.callerCpuNanos() - c0;
      List<Round2> b2 = b.round2(a1);
      c0 = Workers.callerCpuNanos();
      List<Round3> a3 = a.round3(b2);
      steps[2] = Workers.callerCpuNanos() - c0;
      List<Round3> b3 = b.round3(a2);
      c0 = Workers.callerCpuNanos();
      Presignature pa = a.finish(b3);
      steps[3] = Workers.callerCpuNanos() - c0;
      Presignature pb = b.finish(a3);
      byte[] hash = MessageDigest.getInstance("SHA-256").digest(bytes("block " + it));
      c0 = Workers.callerCpuNanos();
      SignatureShare sa = Signing.share(pa, hash);
      steps[4] = Workers.callerCpuNanos() - c0;
      SignatureShare sb = Signing.share(pb, hash);
      c0 = Workers.callerCpuNanos();
      EcdsaSignature sig = Signing.combine(pa, hash, List.of(sa, sb));
      steps[5] = Workers.callerCpuNanos() - c0;
      c0 = Workers.callerCpuNanos();
      boolean ok = sig.verify(pa.publicKey(), hash);
      long verify = Workers.callerCpuNanos() - c0;
      if (!ok) {
        throw new IllegalStateException("signature does not verify");
      }
      if (it < 0) {
        continue;
      }
      for (int s = 0; s < 4; s++) {
        real[s][it] = steps[s];
        ref[s][it] = refs[s].runCpuNanos(random);
      }
      // σ_i = k m + r χ mod q: two multiplications of 256-bit numbers; no primitive dominates
      real[4][it] = steps[4];
      ref[4][it] = steps[4];
      real[5][it] = steps[5];
      ref[5][it] = verify;
    }
    System.out.printf(Locale.ROOT, "CGGMP21 signer 0 of 2, N %d bits, %d iterations, thread CPU"
        + " medians%n", nBits, iterations);
    System.out.println("| step | exponentiations in the reference | step | reference | ratio"
        + " (median of per-iteration) |");
    System.out.println("|---|---|---|---|---|");
    for (int s = 0; s < names.length; s++) {
      double[] ratios = new double[iterations];
      for (int i = 0; i < iterations; i++) {
        ratios[i] = (double) real[s][i] / ref[s][i];
      }
      Arrays.sort(ratios);
      String count = refs[s] == null ? (s == 5 ? "one BouncyCastle ECDSA verify" : "(none)")
          : refs[s].exponentiations() + " + " + refs[s].pointMuls + " point mults";
      System.out.printf(Locale.ROOT, "| %s | %s | %.2f ms | %.2f ms | %.2fx |%n", names[s],
          count, median(real[s]) / 1e6, median(ref[s]) / 1e6, ratios[iterations / 2]);
    }
  }

  private static double median(long[] v) {
    long[] c = v.clone();
    Arrays.sort(c);
    return c[c.length / 2];
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
