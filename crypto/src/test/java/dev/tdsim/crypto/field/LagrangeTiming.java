package dev.tdsim.crypto.field;

import java.util.Arrays;
import java.util.Random;

/**
 * Not a test: prints timings. Run with
 * {@code java -cp crypto/target/classes:crypto/target/test-classes dev.tdsim.crypto.field.LagrangeTiming}.
 */
public final class LagrangeTiming {
    private LagrangeTiming() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 8192;
        int t = args.length > 1 ? Integer.parseInt(args[1]) : 5461;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        Random rnd = new Random(2024);

        // Fr.mul throughput: dependent chain of multiplications
        Fr x = Fr.random(rnd);
        Fr y = Fr.random(rnd);
        int iters = 5_000_000;
        double[] mulNs = new double[7];
        for (int rep = 0; rep < mulNs.length; rep++) {
            long t0 = System.nanoTime();
            Fr acc = x;
            for (int i = 0; i < iters; i++) {
                acc = acc.mul(y);
            }
            mulNs[rep] = (System.nanoTime() - t0) / (double) iters;
            x = acc;
        }
        Arrays.sort(mulNs);
        // limb-level kernel (what FFT / product tree use), no allocation
        long[] a = x.limbs();
        long[] b = y.limbs();
        double[] kernNs = new double[7];
        for (int rep = 0; rep < kernNs.length; rep++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < iters; i++) {
                Mont.mul(a, 0, b, 0, a, 0);
            }
            kernNs[rep] = (System.nanoTime() - t0) / (double) iters;
        }
        Arrays.sort(kernNs);
        System.out.printf("Fr.mul: median %.1f ns/mult (Fr objects); Mont.mul limb kernel: median %.1f ns/mult (sink %s)%n",
                mulNs[mulNs.length / 2], kernNs[kernNs.length / 2], Fr.fromLimbs(a).add(x).isZero());

        Domain d = Domain.of(n);
        int warm = 30;
        double[] ms = new double[runs];
        double[] cpuMs = new double[runs];
        int sink = 0;
        for (int rep = 0; rep < warm + runs; rep++) {
            int[] s = LagrangeTestSupport.randomSubset(rnd, n, t);
            long c0 = cpuNanos();
            long t0 = System.nanoTime();
            Fr[] l = Lagrange.atZero(Domain.of(n), s);
            long el = System.nanoTime() - t0;
            long cel = cpuNanos() - c0;
            sink += l[0].hashCode();
            if (rep >= warm) {
                ms[rep - warm] = el / 1e6;
                cpuMs[rep - warm] = cel / 1e6;
            }
        }
        Arrays.sort(ms);
        Arrays.sort(cpuMs);
        System.out.printf("Lagrange.atZero(n=%d, t=%d) method=%s: median %.2f ms wall (min %.2f, max %.2f), "
                        + "median %.2f ms thread-CPU, over %d runs after %d warm-up (sink %d, %s)%n",
                n, t, Lagrange.choose(n, t), ms[runs / 2], ms[0], ms[runs - 1], cpuMs[runs / 2], runs, warm, sink, d);
    }

    private static long cpuNanos() {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        return mx.isCurrentThreadCpuTimeSupported() ? mx.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /** Local copy so the timing main does not depend on JUnit classes. */
    static final class LagrangeTestSupport {
        static int[] randomSubset(Random rnd, int n, int k) {
            int[] perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int tmp = perm[i];
                perm[i] = perm[j];
                perm[j] = tmp;
            }
            return Arrays.copyOf(perm, k);
        }
    }
}
