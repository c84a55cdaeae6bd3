package dev.tdsim.bench.mpc;

import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.random.SeededDrbg;
import java.io.PrintWriter;
import java.util.List;

/**
 * Not a test (surefire does not pick it up): one CGGMP21 row beyond {@code --mpc-rows all}, for a
 * one-off measurement of its cost (presigning costs about t^2 x 0.35 s of one core to measure:
 * (34, 50) about 7 min, (67, 100) about 26 min per repetition). After {@code mvn -o -B -q -pl sim
 * -am package -DskipTests} and {@code mvn -o -B -q -pl sim test-compile}:
 * <pre>
 *   java -cp sim/target/test-classes:sim/target/tdsim.jar dev.tdsim.bench.mpc.Cggmp21LargeRow 34 50
 * </pre>
 */
public final class Cggmp21LargeRow {
  private Cggmp21LargeRow() {}

  public static void main(String[] args) {
    int t = Integer.parseInt(args[0]);
    int n = Integer.parseInt(args[1]);
    int reps = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    var random = SeededDrbg.of(1, "bench.mpc.cggmp21_sign.large", 0);
    var pool = new Cggmp21Rows.KeyPool(SecurityParams.PAPER, random.split());
    Cggmp21Rows.run(2, 3, 1, MpcNetwork.PAPER, pool, random.split()); // warm-up
    long t0 = System.nanoTime();
    List<MpcRow> rows = Cggmp21Rows.run(t, n, reps, MpcNetwork.PAPER, pool, random.split());
    PrintWriter out = new PrintWriter(System.out, true);
    MpcTable.printSign(rows, out);
    out.printf("measured in %.1f s of wall clock (key generation included)%n",
        (System.nanoTime() - t0) / 1e9);
  }
}
