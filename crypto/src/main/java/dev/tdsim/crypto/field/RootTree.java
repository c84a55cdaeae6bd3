package dev.tdsim.crypto.field;

/**
 * Product tree for prod_i (x - roots[i]) kept in <em>evaluation form</em> on roots-of-unity domains
 * (package-private; used by {@link Polynomials#fromRoots} and {@link Lagrange}).
 *
 * <p>A node with {@code count} roots is stored as its values on H_cap (cap = smallest power of two
 * &gt;= count), in the bit-reversed order produced by the DIF transform. Those cap values are the values of
 * P mod (x^cap - 1), which determine the monic P: if count &lt; cap it is P itself, if count == cap it is
 * P - x^cap + 1 ("wrapped"). Merging two children multiplies their values pointwise after extending each to
 * the parent's domain; extending from H_c to H_C costs one inverse transform of size c plus one coset
 * transform of size c per extra coset, instead of the three full-size transforms of an FFT product on
 * coefficients. The left child always takes cap/2 roots, so it is a perfect subtree whose domain exactly
 * doubles.
 */
final class RootTree {
    private RootTree() {}

    /** Nodes with at most this many roots are expanded on coefficients (x - r_1)(x - r_2)... then transformed. */
    static final int LEAF = 8;

    /** Subtrees of at least this many roots build their two children in parallel. */
    static final int PARALLEL_MIN_ROOTS = 256;

    /**
     * One small pool for the tree's own parallelism (null on a single core): its tasks are short
     * and CPU-bound, and a dedicated pool keeps them off callers' pools.
     */
    private static final java.util.concurrent.ForkJoinPool POOL =
        Runtime.getRuntime().availableProcessors() > 1
            ? new java.util.concurrent.ForkJoinPool(Runtime.getRuntime().availableProcessors(),
                pool -> {
                    java.util.concurrent.ForkJoinWorkerThread t =
                        java.util.concurrent.ForkJoinPool.defaultForkJoinWorkerThreadFactory
                            .newThread(pool);
                    t.setDaemon(true);
                    t.setName("tdsim-root-tree-" + t.getPoolIndex());
                    return t;
                }, null, false)
            : null;

    /** Smallest power of two &gt;= count (1 for count &lt;= 1). */
    static int capacity(int count) {
        return count <= 1 ? 1 : Integer.highestOneBit(count - 1) << 1;
    }

    /**
     * Values, in bit-reversed order, of prod_{i in [from, from+count)} (x - roots[i]) mod (x^cap - 1) on
     * H_cap, cap = {@link #capacity}(count). Array length 4 * cap.
     */
    static long[] evals(long[] roots, int from, int count) {
        int cap = capacity(count);
        if (count <= LEAF) {
            long[] low = expandLeaf(roots, from, count);
            long[] a = new long[4 * cap];
            System.arraycopy(low, 0, a, 0, 4 * count);
            long[] one = Fr.one().limbs();
            if (count == cap) {
                Mont.add(a, 0, one, 0, a, 0); // wrap: x^cap == 1
            } else {
                Mont.copy(one, 0, a, 4 * count);
            }
            Domain.of(cap).forwardBitReversed(a, cap);
            return a;
        }
        int half = cap >>> 1;
        int rightCount = count - half;
        Domain dom = Domain.of(cap);
        long[] out;
        long[] r;
        if (count >= PARALLEL_MIN_ROOTS && POOL != null) {
            // Large subtrees are independent: build (and extend) the two children as fork-join
            // tasks, so that work stealing keeps both cores busy down the unbalanced tree.
            java.util.concurrent.ForkJoinTask<long[]> left = POOL.submit(
                () -> extend(evals(roots, from, half), half, half, cap, dom));
            r = extend(evals(roots, from + half, rightCount), rightCount, capacity(rightCount),
                cap, dom);
            out = left.join();
        } else {
            out = extend(evals(roots, from, half), half, half, cap, dom);
            r = extend(evals(roots, from + half, rightCount), rightCount, capacity(rightCount),
                cap, dom);
        }
        for (int o = 0; o < 4 * cap; o += 4) {
            Mont.mul(out, o, r, o, out, o);
        }
        return out;
    }

    /**
     * Re-expresses a node of {@code count} roots, given by its values on H_c (bit-reversed), by its values on
     * H_bigC (bit-reversed), bigC a multiple of c with count &lt; bigC. Returns a fresh array (or src when
     * c == bigC). {@code dom} must be a domain whose size is a multiple of bigC.
     */
    static long[] extend(long[] src, int count, int c, int bigC, Domain dom) {
        if (c == bigC) {
            return src;
        }
        long[] out = new long[4 * bigC];
        // block 0 of the bit-reversed layout of H_bigC is H_c itself, in bit-reversed order
        System.arraycopy(src, 0, out, 0, 4 * c);
        boolean wrapped = count == c;
        long[] one = Fr.one().limbs();
        if (bigC == 2 * c && dom.size() == bigC) {
            // doubling: one coset, g = omega_bigC; the 1/c scaling is folded into the precomputed table.
            // Works in place on the upper half of out.
            int hi = 4 * c;
            System.arraycopy(src, 0, out, hi, 4 * c);
            Fft.ditInverse(out, hi, c, dom.tw, dom.size());
            long[] tab = dom.halfCosetScaled();
            for (int o = 0; o < 4 * c; o += 4) {
                Mont.mul(out, hi + o, tab, o, out, hi + o);
            }
            if (wrapped) {
                // P(g h) = g^c + low(g h) = -1 + low(g h), stored coefficients give low(g h) + 1
                Mont.sub(out, hi, one, 0, out, hi);
                Mont.sub(out, hi, one, 0, out, hi);
            }
            Fft.dif(out, hi, c, dom.tw, dom.size());
            return out;
        }
        // coefficients of P mod (x^c - 1), divided by c
        long[] coef = new long[4 * c];
        System.arraycopy(src, 0, coef, 0, 4 * c);
        dom.inverseFromBitReversed(coef, c, true);
        int blocks = bigC / c;
        int logBlocks = Integer.numberOfTrailingZeros(blocks);
        int stride = dom.size() / bigC; // omega_bigC^e == dom omega^(e * stride)
        long[] tmp = new long[4 * c];
        long[] g = new long[4];
        for (int k = 1; k < blocks; k++) {
            // block k holds the values on the coset g * H_c, g = omega_bigC^rev(k), in bit-reversed order
            int e = Fft.bitrev(k, logBlocks);
            Mont.copy(coef, 0, tmp, 0);
            for (int i = 1; i < c; i++) {
                dom.elementInto(e * i * stride, g, 0); // e * i < bigC: no overflow, no reduction
                Mont.mul(coef, 4 * i, g, 0, tmp, 4 * i);
            }
            if (wrapped) {
                // P(g h) = g^c + low(g h) whereas the stored coefficients give low(g h) + 1
                dom.elementInto(e * c * stride, g, 0);
                Mont.add(tmp, 0, g, 0, tmp, 0);
                Mont.sub(tmp, 0, one, 0, tmp, 0);
            }
            dom.forwardBitReversed(tmp, c);
            System.arraycopy(tmp, 0, out, 4 * k * c, 4 * c);
        }
        return out;
    }

    /**
     * Low coefficients c_0..c_{count-1} of the monic prod (x - roots[i]) (the leading 1 is implicit).
     */
    static long[] monicLow(long[] roots, int from, int count) {
        if (count <= LEAF) {
            return expandLeaf(roots, from, count);
        }
        int cap = capacity(count);
        long[] a = evals(roots, from, count);
        Domain.of(cap).inverseFromBitReversed(a, cap, true);
        long[] low = new long[4 * count];
        System.arraycopy(a, 0, low, 0, 4 * count);
        if (count == cap) {
            Mont.sub(low, 0, Fr.one().limbs(), 0, low, 0); // unwrap x^cap == 1
        }
        return low;
    }

    /** Incremental expansion of a small product of linear factors: low coefficients, leading 1 implicit. */
    static long[] expandLeaf(long[] roots, int from, int count) {
        long[] c = new long[4 * count];
        long[] t = new long[4];
        for (int d = 0; d < count; d++) {
            int ro = 4 * (from + d);
            long r0 = roots[ro], r1 = roots[ro + 1], r2 = roots[ro + 2], r3 = roots[ro + 3];
            // current poly: x^d + sum_{i<d} c_i x^i ; multiply by (x - r)
            if (d == 0) {
                Mont.sub(0, 0, 0, 0, r0, r1, r2, r3, c, 0);
                continue;
            }
            // new c_d = c_{d-1} - r   (old c_d = 1)
            int od = 4 * d, odm = 4 * (d - 1);
            Mont.sub(c[odm], c[odm + 1], c[odm + 2], c[odm + 3], r0, r1, r2, r3, c, od);
            // c_i = c_{i-1} - r c_i for i = d-1 .. 1
            for (int i = d - 1; i >= 1; i--) {
                int oi = 4 * i, om = 4 * (i - 1);
                Mont.mul(c[oi], c[oi + 1], c[oi + 2], c[oi + 3], r0, r1, r2, r3, t, 0);
                Mont.sub(c[om], c[om + 1], c[om + 2], c[om + 3], t[0], t[1], t[2], t[3], c, oi);
            }
            // c_0 = -r c_0
            Mont.mul(c[0], c[1], c[2], c[3], r0, r1, r2, r3, t, 0);
            Mont.sub(0, 0, 0, 0, t[0], t[1], t[2], t[3], c, 0);
        }
        return c;
    }
}
