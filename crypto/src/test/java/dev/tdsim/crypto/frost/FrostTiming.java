package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * Not a test (surefire does not pick it up): measurement only (issue 24 E). For each t, interleaves
 * every FROST signing step with a reference made of the scalar multiplications that step performs,
 * on the same thread, round after round and in alternating order, so both see the same machine
 * load and cache; prints the median thread-CPU time of each and the median of the per-round ratios
 * step / reference.
 *
 * <ul>
 *   <li>round 1 (commit): two fixed-base multiplications;
 *   <li>round 2 (sign, package already decoded): one t-point multi-scalar multiplication (the
 *       group commitment);
 *   <li>package decoding: 2t subgroup checks, i.e. 2t variable-base multiplications by L;
 *   <li>aggregate: one t-point multi-scalar multiplication and one Ed25519 verification, whose
 *       reference is the MSM plus one variable-base multiplication (the verifier's double-scalar
 *       multiplication costs about one).
 * </ul>
 *
 * <p>From the worktree root, after {@code mvn -B -q -o -pl crypto -am test-compile} and {@code mvn
 * -B -q -o -pl jmh -am package -DskipTests} (for jmh/target/classpath.txt):
 * <pre>
 *   CP=crypto/target/classes:crypto/target/test-classes:$(cat jmh/target/classpath.txt)
 *   java -cp $CP dev.tdsim.crypto.frost.FrostTiming [rounds] [t ...]
 * </pre>
 */
public final class FrostTiming {
  private FrostTiming() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 21;
    int[] ts = args.length > 1 ? Arrays.stream(args).skip(1).mapToInt(Integer::parseInt).toArray()
        : new int[] {3, 7, 67};
    System.out.println("single scalar multiplications (medians of " + rounds + "):");
    primitives(rounds);
    for (int t : ts) {
      measure(t, rounds);
    }
  }

  private static void primitives(int rounds) {
    StrongRandom random = SeededDrbg.of(1, "frost.timing.primitives", 0);
    Scalar k = Scalar.random(random);
    GroupElement p = GroupElement.multiplyBase(Scalar.random(random));
    byte[] encoded = p.encode();
    byte[] sk = random.nextBytes(32);
    byte[] pk = new byte[32];
    Ed25519.generatePublicKey(sk, 0, pk, 0);
    byte[] msg = "m".getBytes(StandardCharsets.UTF_8);
    byte[] sig = new byte[64];
    Ed25519.sign(sk, 0, msg, 0, 1, sig, 0);
    Map<String, Supplier<Object>> ops = new LinkedHashMap<>();
    ops.put("[k]B (fixed base, constant-time lookup)", () -> GroupElement.multiplyBase(k));
    ops.put("[k]P (variable base)", () -> p.multiply(k));
    ops.put("decode with subgroup check", () -> GroupElement.decode(encoded, "p"));
    ops.put("decode, curve check only", () -> GroupElement.decodeOnCurve(encoded, "p"));
    ops.put("encode", p::encode);
    ops.put("BouncyCastle Ed25519 sign", () -> {
      Ed25519.sign(sk, 0, msg, 0, 1, sig, 0);
      return sig;
    });
    ops.put("BouncyCastle Ed25519 verify", () -> Ed25519.verify(sig, 0, pk, 0, msg, 0, 1));
    long[][] cpu = run(new ArrayList<>(ops.values()), rounds * 10);
    int i = 0;
    for (String name : ops.keySet()) {
      System.out.printf("  %-42s %8.1f us%n", name, median(cpu[i++]) / 1e3);
    }
  }

  private static void measure(int t, int rounds) {
    StrongRandom random = SeededDrbg.of(t, "frost.timing", 0);
    TrustedDealer.Dealt keys = TrustedDealer.deal(t, t, random);
    FrostCoordinator coordinator = new FrostCoordinator(keys.publicKeys());
    byte[] message = "timing".getBytes(StandardCharsets.UTF_8);
    List<SigningCommitments> commitments = new ArrayList<>();
    List<FrostSigner> signers = new ArrayList<>();
    for (KeyPackage k : keys.keyPackages()) {
      FrostSigner s = new FrostSigner(k);
      signers.add(s);
      commitments.add(s.commit(random));
    }
    SigningPackage pkg = coordinator.signingPackage(commitments, message);
    byte[] pkgWire = pkg.encode();
    List<SignatureShare> shares = new ArrayList<>();
    for (FrostSigner s : signers) {
      shares.add(s.sign(pkg));
    }
    List<Scalar> scalars = new ArrayList<>();
    List<GroupElement> points = new ArrayList<>();
    for (SigningCommitments c : commitments) {
      scalars.add(Scalar.random(random));
      points.add(c.binding());
    }
    Scalar k1 = Scalar.random(random);
    Scalar k2 = Scalar.random(random);
    FrostSigner first = signers.get(0);
    GroupElement someKey = keys.publicKeys().groupPublicKey();
    byte[][] encodedPoints = new byte[2 * t][];
    for (int i = 0; i < t; i++) {
      encodedPoints[2 * i] = commitments.get(i).hiding().encode();
      encodedPoints[2 * i + 1] = commitments.get(i).binding().encode();
    }
    // Round 2 signs once per commitment: each timed sign call gets a fresh commitment outside
    // the timed part (a fresh package too, since it carries the commitment).
    SigningPackage[] fresh = new SigningPackage[1];
    List<Supplier<Object>> ops = List.of(
        () -> first.commit(random),
        () -> {
          GroupElement.multiplyBase(k1);
          return GroupElement.multiplyBase(k2);
        },
        () -> first.sign(fresh[0]),
        () -> GroupElement.multiScalar(scalars, points),
        () -> SigningPackage.decode(pkgWire),
        () -> {
          for (byte[] e : encodedPoints) {
            GroupElement.decode(e, "p");
          }
          return null;
        },
        () -> coordinator.aggregate(pkg, shares),
        () -> {
          GroupElement.multiScalar(scalars, points);
          return someKey.multiply(k1);
        });
    String[] names = {"round 1: commit", "  reference: 2 fixed-base mults",
        "round 2: sign (decoded package)", "  reference: t-point MSM",
        "round 2: decode the package", "  reference: 2t point decodings",
        "aggregate + verify", "  reference: t-point MSM + 1 mult"};
    long[][] cpu = new long[ops.size()][rounds];
    // Enough untimed rounds for the JIT to compile the hashing and BigInteger paths too (a few
    // thousand calls), not only the field arithmetic that every step shares.
    int warmup = Math.max(20, 3000 / t);
    for (int r = -warmup; r < rounds; r++) {
      for (int k = 0; k < ops.size(); k++) {
        // Each step and its reference run back to back, in alternating order: whichever runs
        // second finds the fixed-base table and the points in the cache, so a fixed order would
        // favour one of them.
        int o = (r & 1) == 0 ? k : k ^ 1;
        if (o == 2) {
          List<SigningCommitments> cs = new ArrayList<>(commitments);
          cs.set(0, first.commit(random));
          fresh[0] = new SigningPackage(cs, message);
        }
        long c0 = Workers.callerCpuNanos();
        ops.get(o).get();
        long dt = Workers.callerCpuNanos() - c0;
        if (r >= 0) {
          cpu[o][r] = dt;
        }
      }
    }
    System.out.println("t = " + t + " (thread CPU, medians of " + rounds + " interleaved rounds):");
    for (int o = 0; o < ops.size(); o += 2) {
      double[] ratio = new double[rounds];
      for (int r = 0; r < rounds; r++) {
        ratio[r] = (double) cpu[o][r] / Math.max(1, cpu[o + 1][r]);
      }
      Arrays.sort(ratio);
      System.out.printf("  %-34s %9.3f ms | %-34s %9.3f ms | ratio %.2f (min %.2f, max %.2f)%n",
          names[o], median(cpu[o]) / 1e6, names[o + 1].trim(), median(cpu[o + 1]) / 1e6,
          ratio[rounds / 2], ratio[0], ratio[rounds - 1]);
    }
  }

  private static long[][] run(List<Supplier<Object>> ops, int rounds) {
    long[][] cpu = new long[ops.size()][rounds];
    for (int r = -rounds; r < rounds; r++) {
      for (int o = 0; o < ops.size(); o++) {
        long c0 = Workers.callerCpuNanos();
        ops.get(o).get();
        long dt = Workers.callerCpuNanos() - c0;
        if (r >= 0) {
          cpu[o][r] = dt;
        }
      }
    }
    return cpu;
  }

  private static long median(long[] values) {
    long[] v = values.clone();
    Arrays.sort(v);
    return v[v.length / 2];
  }
}
