package dev.tdsim.crypto.tpke;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Not a test (surefire does not pick it up): the validity check of n honest ciphertexts, before
 * and after issue 22 D, wall and CPU (all threads), median of the reps after two warm-ups. Mode
 * {@code old}: {@link Tpke#areAllValid} (the only batched check before, serial); {@code new1} /
 * {@code new2}: {@link ValidityBatch#allValid} on 1 / 2 workers. To compare with an older build,
 * compile this class against the current jar and run it with the older jar on the class path
 * (mode {@code old} calls only what both have):
 *
 * <pre>
 *   javac -cp sim/target/tdsim.jar -d /tmp/vt crypto/src/test/java/dev/tdsim/crypto/tpke/ValidityTiming.java
 *   java -cp OLD.jar:/tmp/vt dev.tdsim.crypto.tpke.ValidityTiming old 1000 7
 *   java -cp sim/target/tdsim.jar:/tmp/vt dev.tdsim.crypto.tpke.ValidityTiming new2 1000 7
 * </pre>
 */
public final class ValidityTiming {

  private ValidityTiming() {}

  private interface Check {
    void run(List<Ciphertext> cts, StrongRandom random);
  }

  /** Kept apart so that mode old never loads a class an older build lacks. */
  private static final class Old {
    static Check check() {
      return (cts, random) -> require(Tpke.areAllValid(cts, random));
    }
  }

  private static final class New {
    static Check check(Workers workers) {
      return (cts, random) -> require(ValidityBatch.allValid(cts, random, workers));
    }
  }

  private static void require(boolean valid) {
    if (!valid) {
      throw new AssertionError("an honest block failed its validity check");
    }
  }


  /**
   * The check as it was before issue 22 D (Tpke.areAllValid at commit 67ef187), rebuilt from
   * public calls, to interleave with the new one rep by rep in one JVM: weights 63-bit + 1 as Fr,
   * a full-width G1 multiplication each, the hashes one by one, a full-width G2 MSM of the W's.
   */
  static boolean before(List<Ciphertext> cts, StrongRandom random) {
    List<dev.tdsim.crypto.curve.G1Point> ps = new ArrayList<>();
    List<dev.tdsim.crypto.curve.G2Point> qs = new ArrayList<>();
    List<dev.tdsim.crypto.curve.G2Point> ws = new ArrayList<>();
    List<dev.tdsim.crypto.field.Fr> alphas = new ArrayList<>();
    for (Ciphertext ct : cts) {
      dev.tdsim.crypto.field.Fr alpha =
          dev.tdsim.crypto.field.Fr.of(random.nextLong() >>> 1).add(dev.tdsim.crypto.field.Fr.one());
      ps.add(ct.u().multiply(alpha));
      qs.add(Tpke.hashToG2(ct.u(), ct.group(), ct.payloadView()));
      ws.add(ct.w());
      alphas.add(alpha);
    }
    ps.add(dev.tdsim.crypto.curve.G1Point.generator().negate());
    qs.add(dev.tdsim.crypto.curve.G2Point.msm(ws, alphas));
    return dev.tdsim.crypto.curve.Pairings.productIsOne(ps, qs);
  }

  /** Mode same: before, new on 1 worker, new on 2, interleaved rep by rep in this JVM. */
  static void interleaved(List<Ciphertext> cts, int reps) {
    StrongRandom random = SeededDrbg.of(3, "x", 1);
    Workers one = Workers.of(1);
    Workers two = Workers.of(2);
    List<Check> checks = List.of((c, r) -> require(before(c, r)), New.check(one), New.check(two));
    String[] names = {"before (rebuilt)", "new, 1 worker", "new, 2 workers"};
    long[][] wall = new long[3][reps];
    long[][] cpu = new long[3][reps];
    for (int i = -2; i < reps; i++) {
      for (int k = 0; k < 3; k++) {
        long c0 = Workers.allThreadsCpuNanos();
        long w0 = System.nanoTime();
        checks.get(k).run(cts, random);
        if (i >= 0) {
          wall[k][i] = System.nanoTime() - w0;
          cpu[k][i] = Workers.allThreadsCpuNanos() - c0;
        }
      }
    }
    for (int k = 0; k < 3; k++) {
      Arrays.sort(wall[k]);
      Arrays.sort(cpu[k]);
      System.out.printf("%-18s n=%d: wall median %.1f ms (min %.1f), cpu median %.1f ms (min %.1f)%n",
          names[k], cts.size(), wall[k][reps / 2] / 1e6, wall[k][0] / 1e6, cpu[k][reps / 2] / 1e6,
          cpu[k][0] / 1e6);
    }
  }

  public static void main(String[] args) {
    String mode = args[0];
    int n = Integer.parseInt(args[1]);
    int reps = Integer.parseInt(args[2]);
    KeySet keys = KeySet.deal(Committee.equal(16, 10, 4), SeededDrbg.of(1, "x", 0), Workers.of(1));
    StrongRandom enc = SeededDrbg.of(2, "x", 0);
    List<Ciphertext> cts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byte[] m = new byte[100];
      m[0] = (byte) i;
      cts.add(Tpke.encrypt(keys.publicKey(), m, SecretGroup.G1, enc));
    }
    if (mode.equals("same")) {
      interleaved(cts, reps);
      return;
    }
    Check check = mode.equals("old") ? Old.check()
        : New.check(Workers.of(Integer.parseInt(mode.substring(3))));
    StrongRandom random = SeededDrbg.of(3, "x", 0);
    for (int i = 0; i < 2; i++) {
      check.run(cts, random);
    }
    long[] wall = new long[reps];
    long[] cpu = new long[reps];
    for (int i = 0; i < reps; i++) {
      long c0 = Workers.allThreadsCpuNanos();
      long w0 = System.nanoTime();
      check.run(cts, random);
      wall[i] = System.nanoTime() - w0;
      cpu[i] = Workers.allThreadsCpuNanos() - c0;
    }
    Arrays.sort(wall);
    Arrays.sort(cpu);
    System.out.printf("%s n=%d: wall median %.1f ms (min %.1f), cpu median %.1f ms (min %.1f)%n",
        mode, n, wall[reps / 2] / 1e6, wall[0] / 1e6, cpu[reps / 2] / 1e6, cpu[0] / 1e6);
  }
}
