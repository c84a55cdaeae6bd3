package dev.tdsim.crypto.field;

/**
 * Dense univariate polynomials over Fr, coefficients low to high.
 *
 * <p>The public {@code Fr[]} API converts at the edges; the work happens on Montgomery limb arrays
 * (4 longs per coefficient) in the package-private kernels, which {@link Lagrange} uses directly.
 */
public final class Polynomials {
    private Polynomials() {}

    /** Below this length of the shorter factor, {@link #multiply} uses schoolbook multiplication. */
    static final int MUL_CUTOFF = 64;

    /** a * b (length a.length + b.length - 1; empty if either factor is empty). */
    public static Fr[] multiply(Fr[] a, Fr[] b) {
        if (a.length == 0 || b.length == 0) {
            return new Fr[0];
        }
        long[] la = toLimbs(a);
        long[] lb = toLimbs(b);
        long[] c = mulLimbs(la, a.length, lb, b.length, MUL_CUTOFF);
        return toFr(c, a.length + b.length - 1);
    }

    /**
     * prod_i (x - roots[i]), coefficients low to high, length roots.length + 1, leading coefficient 1.
     * Product tree whose nodes are kept as values on roots-of-unity domains (see {@link RootTree}).
     */
    public static Fr[] fromRoots(Fr[] roots) {
        int m = roots.length;
        long[] low = RootTree.monicLow(toLimbs(roots), 0, m);
        Fr[] out = new Fr[m + 1];
        for (int i = 0; i < m; i++) {
            out[i] = Fr.read(low, 4 * i);
        }
        out[m] = Fr.one();
        return out;
    }

    /** Horner evaluation; the empty polynomial evaluates to 0. */
    public static Fr evaluate(Fr[] coeffs, Fr x) {
        long[] acc = new long[4];
        long[] xl = x.limbs();
        long[] c = new long[4];
        for (int i = coeffs.length - 1; i >= 0; i--) {
            Mont.mul(acc, 0, xl, 0, acc, 0);
            coeffs[i].writeTo(c, 0);
            Mont.add(acc, 0, c, 0, acc, 0);
        }
        return Fr.read(acc, 0);
    }

    // ------------------------------------------------------------------ limb-level kernels

    /**
     * Product of a (la coefficients) and b (lb coefficients), both at least 1, as a fresh limb array of
     * la + lb - 1 coefficients. Schoolbook when min(la, lb) &lt; cutoff, otherwise FFT convolution.
     */
    static long[] mulLimbs(long[] a, int la, long[] b, int lb, int cutoff) {
        int lc = la + lb - 1;
        if (Math.min(la, lb) < cutoff || lc < 2) {
            return schoolbook(a, la, b, lb);
        }
        int size = Integer.highestOneBit(lc - 1) << 1; // smallest power of two >= lc (lc >= 2 here)
        Domain d = Domain.of(size);
        int logSize = Integer.numberOfTrailingZeros(size);
        // fold the 1/size of the inverse transform into the shorter input
        long[] fa = new long[4 * size];
        long[] fb = new long[4 * size];
        if (la <= lb) {
            copyScaled(a, la, fa, Fr.invPow2(logSize));
            System.arraycopy(b, 0, fb, 0, 4 * lb);
        } else {
            System.arraycopy(a, 0, fa, 0, 4 * la);
            copyScaled(b, lb, fb, Fr.invPow2(logSize));
        }
        d.forwardBitReversed(fa, size);
        d.forwardBitReversed(fb, size);
        for (int i = 0, o = 0; i < size; i++, o += 4) {
            Mont.mul(fa, o, fb, o, fa, o);
        }
        d.inverseFromBitReversed(fa, size, false);
        if (4 * lc == fa.length) {
            return fa;
        }
        long[] c = new long[4 * lc];
        System.arraycopy(fa, 0, c, 0, 4 * lc);
        return c;
    }

    private static void copyScaled(long[] src, int count, long[] dst, long[] c) {
        long c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];
        for (int i = 0, o = 0; i < count; i++, o += 4) {
            Mont.mul(src[o], src[o + 1], src[o + 2], src[o + 3], c0, c1, c2, c3, dst, o);
        }
    }

    static long[] schoolbook(long[] a, int la, long[] b, int lb) {
        long[] c = new long[4 * (la + lb - 1)];
        long[] t = new long[4];
        for (int i = 0; i < la; i++) {
            int ai = 4 * i;
            long a0 = a[ai], a1 = a[ai + 1], a2 = a[ai + 2], a3 = a[ai + 3];
            if ((a0 | a1 | a2 | a3) == 0) {
                continue;
            }
            for (int j = 0; j < lb; j++) {
                int bj = 4 * j;
                int ck = 4 * (i + j);
                Mont.mul(a0, a1, a2, a3, b[bj], b[bj + 1], b[bj + 2], b[bj + 3], t, 0);
                Mont.add(c[ck], c[ck + 1], c[ck + 2], c[ck + 3], t[0], t[1], t[2], t[3], c, ck);
            }
        }
        return c;
    }

    static long[] toLimbs(Fr[] xs) {
        long[] a = new long[4 * xs.length];
        for (int i = 0; i < xs.length; i++) {
            xs[i].writeTo(a, 4 * i);
        }
        return a;
    }

    static Fr[] toFr(long[] a, int count) {
        Fr[] out = new Fr[count];
        for (int i = 0; i < count; i++) {
            out[i] = Fr.read(a, 4 * i);
        }
        return out;
    }
}
