package dev.tdsim.crypto.field;

import java.util.Arrays;
import java.util.Random;

/**
 * Not a test (surefire does not pick it up): prints timings, asserts nothing. From /work/main:
 * <pre>
 *   mvn -q -B -pl crypto test-compile
 *   java -cp crypto/target/classes:crypto/target/test-classes dev.tdsim.crypto.field.LagrangeTiming [n] [t] [runs]
 * </pre>
 * Defaults: n = 8192, t = 5461 random signers, 20 timed runs after 30 warm-up runs; prints the median
 * wall-clock and thread-CPU times (the CPU time is the more stable number on a shared machine), plus
 * Fr.mul throughput and latency.
 */
public final class LagrangeTiming {
    private LagrangeTiming() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 8192;
        int t = args.length > 1 ? Integer.parseInt(args[1]) : 5461;
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        Random rnd = new Random(2024);

        // Fr.mul throughput: independent multiplications over arrays (what FFT-like loops see)
        int len = 4096;
        Fr[] xs = new Fr[len];
        Fr[] ys = new Fr[len];
        Fr[] zs = new Fr[len];
        for (int i = 0; i < len; i++) {
            xs[i] = DomainTest.randomFr(rnd);
            ys[i] = DomainTest.randomFr(rnd);
        }
        int reps = 400;
        double[] thrNs = new double[9];
        for (int rep = 0; rep < thrNs.length; rep++) {
            long c0 = cpuNanos();
            for (int r = 0; r < reps; r++) {
                for (int i = 0; i < len; i++) {
                    zs[i] = xs[i].mul(ys[i]);
                }
                Fr[] tmp = xs;
                xs = zs;
                zs = tmp;
            }
            thrNs[rep] = (cpuNanos() - c0) / (double) (reps * len);
        }
        Arrays.sort(thrNs);
        // latency: dependent chain
        Fr x = xs[0];
        Fr y = ys[0];
        int iters = 2_000_000;
        double[] latNs = new double[7];
        for (int rep = 0; rep < latNs.length; rep++) {
            long c0 = cpuNanos();
            Fr acc = x;
            for (int i = 0; i < iters; i++) {
                acc = acc.mul(y);
            }
            latNs[rep] = (cpuNanos() - c0) / (double) iters;
            x = acc;
        }
        Arrays.sort(latNs);
        // limb-level kernel over arrays (what the FFT / product tree use), no allocation
        long[] a = new long[4 * len];
        long[] b = new long[4 * len];
        for (int i = 0; i < len; i++) {
            xs[i].writeTo(a, 4 * i);
            ys[i].writeTo(b, 4 * i);
        }
        double[] kernNs = new double[9];
        for (int rep = 0; rep < kernNs.length; rep++) {
            long c0 = cpuNanos();
            for (int r = 0; r < reps; r++) {
                for (int o = 0; o < 4 * len; o += 4) {
                    Mont.mul(a, o, b, o, a, o);
                }
            }
            kernNs[rep] = (cpuNanos() - c0) / (double) (reps * len);
        }
        Arrays.sort(kernNs);
        System.out.printf("Fr.mul throughput (independent, allocating Fr): median %.1f ns/mult; "
                        + "latency (dependent chain): median %.1f ns/mult; "
                        + "limb kernel Mont.mul over arrays: median %.1f ns/mult (sink %s)%n",
                thrNs[thrNs.length / 2], latNs[latNs.length / 2], kernNs[kernNs.length / 2],
                x.add(Fr.read(a, 0)).isZero());

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
