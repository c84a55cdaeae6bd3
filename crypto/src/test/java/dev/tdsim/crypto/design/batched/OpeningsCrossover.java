package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.lang.management.ManagementFactory;

/**
 * Not a test (surefire does not pick it up): FK20's cost per slot against direct openings' per
 * B^2, on one thread, for setups of capacity n: the ratio {@link Kzg#FK20_PER_POINT} stands for.
 * Arguments n:B, e.g. {@code 2048:256 4096:256 8192:256}. From the worktree root, after {@code
 * mvn -o -q -pl sim -am package -DskipTests}:
 * <pre>
 *   javac -cp sim/target/tdsim.jar -d /tmp/oc \
 *       crypto/src/test/java/dev/tdsim/crypto/design/batched/OpeningsCrossover.java
 *   java -cp /tmp/oc:sim/target/tdsim.jar \
 *       dev.tdsim.crypto.design.batched.OpeningsCrossover 2048:256 4096:256 8192:256
 * </pre>
 */
public final class OpeningsCrossover {
  private OpeningsCrossover() {}

  public static void main(String[] args) {
    Workers one = Workers.of(1);
    KeySet keys = KeySet.deal(Committee.equal(64, Committee.defaultThreshold(64), 4),
        SeededDrbg.of(1, "xover", 0), one);
    var mx = ManagementFactory.getThreadMXBean();
    for (String a : args) {
      int n = Integer.parseInt(a.split(":")[0]);
      int b = Integer.parseInt(a.split(":")[1]);
      BatchedKeys k = (BatchedKeys) Designs.byName("batched").setup(keys, n,
          SeededDrbg.of(1, "xover", n), one);
      BatchedSetup s = k.setup();
      long c0 = mx.getCurrentThreadCpuTime();
      s.fkTable(n, one);
      long table = mx.getCurrentThreadCpuTime() - c0;
      Fr[] coeffs = new Fr[n];
      Fr[] tags = new Fr[b];
      var r = SeededDrbg.of(2, "xover", n);
      for (int i = 0; i < n; i++) {
        coeffs[i] = Fr.random(r);
      }
      for (int i = 0; i < b; i++) {
        tags[i] = Fr.random(r);
      }
      c0 = mx.getCurrentThreadCpuTime();
      G1Point[] all = Kzg.openAll(s, coeffs, one);
      long fk = mx.getCurrentThreadCpuTime() - c0;
      c0 = mx.getCurrentThreadCpuTime();
      for (int j = 0; j < b; j++) {
        Kzg.openDirect(s, tags, j);
      }
      long direct = mx.getCurrentThreadCpuTime() - c0;
      double perSlot = fk / 1e3 / n;
      double perB2 = direct / 1e3 / ((double) b * b);
      System.out.printf("n=%d table %.2f s, FK20 %.2f s (%.0f us/slot); B=%d direct %.2f s"
          + " (%.2f us per B^2); ratio %.0f, crossover B=%.0f%n", n, table / 1e9, fk / 1e9,
          perSlot, b, direct / 1e9, perB2, perSlot / perB2, Math.sqrt(perSlot / perB2 * n));
      if (all.length != n) {
        throw new IllegalStateException("FK20 gave " + all.length + " openings, not " + n);
      }
    }
  }
}
