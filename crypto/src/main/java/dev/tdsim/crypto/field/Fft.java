package dev.tdsim.crypto.field;

/**
 * In-place radix-2 NTT kernels on Montgomery limb arrays (4 longs per element).
 *
 * <p>Twiddles come from a table {@code tw} holding w^k for k in [0, T/2), w a primitive T-th root of
 * unity (a {@link Domain}'s table); any transform size n dividing T can use it with stride T/len.
 * The forward transform is decimation-in-frequency (natural order in, bit-reversed order out); the
 * inverse is decimation-in-time (bit-reversed in, natural out), so convolution needs no permutation.
 */
final class Fft {
    private Fft() {}

    /** Forward DIF transform of size n (power of two dividing tableSize). Output in bit-reversed order. */
    static void dif(long[] a, int n, long[] tw, int tableSize) {
        dif(a, 0, n, tw, tableSize);
    }

    /** {@link #dif} on the n elements starting at limb offset {@code off}. */
    static void dif(long[] a, int off, int n, long[] tw, int tableSize) {
        for (int len = n; len >= 2; len >>>= 1) {
            int half = len >>> 1;
            int step = (tableSize / len) * 4;
            int half4 = half * 4;
            for (int start = 0; start < n; start += len) {
                int base = off + start * 4;
                // j = 0: twiddle 1
                butterflyPlain(a, base, base + half4);
                for (int j = 1, w = step; j < half; j++, w += step) {
                    int i0 = base + 4 * j;
                    int i1 = i0 + half4;
                    long u0 = a[i0], u1 = a[i0 + 1], u2 = a[i0 + 2], u3 = a[i0 + 3];
                    long v0 = a[i1], v1 = a[i1 + 1], v2 = a[i1 + 2], v3 = a[i1 + 3];
                    Mont.add(u0, u1, u2, u3, v0, v1, v2, v3, a, i0);
                    Mont.sub(u0, u1, u2, u3, v0, v1, v2, v3, a, i1);
                    Mont.mul(a[i1], a[i1 + 1], a[i1 + 2], a[i1 + 3],
                            tw[w], tw[w + 1], tw[w + 2], tw[w + 3], a, i1);
                }
            }
        }
    }

    /**
     * Inverse DIT transform of size n, bit-reversed order in, natural order out, <em>not</em> scaled by 1/n.
     * Uses w^{-m} = -w^{T/2 - m} so the same half table serves.
     */
    static void ditInverse(long[] a, int n, long[] tw, int tableSize) {
        ditInverse(a, 0, n, tw, tableSize);
    }

    /** {@link #ditInverse} on the n elements starting at limb offset {@code off}. */
    static void ditInverse(long[] a, int off, int n, long[] tw, int tableSize) {
        int halfTable = tableSize >>> 1;
        for (int len = 2; len <= n; len <<= 1) {
            int half = len >>> 1;
            int stride = tableSize / len;
            int half4 = half * 4;
            for (int start = 0; start < n; start += len) {
                int base = off + start * 4;
                butterflyPlain(a, base, base + half4);
                for (int j = 1, w = (halfTable - stride) * 4; j < half; j++, w -= stride * 4) {
                    int i0 = base + 4 * j;
                    int i1 = i0 + half4;
                    // t' = v * w^{T/2 - j*stride} = -(v * w_len^{-j})
                    Mont.mul(a[i1], a[i1 + 1], a[i1 + 2], a[i1 + 3],
                            tw[w], tw[w + 1], tw[w + 2], tw[w + 3], a, i1);
                    long u0 = a[i0], u1 = a[i0 + 1], u2 = a[i0 + 2], u3 = a[i0 + 3];
                    long t0 = a[i1], t1 = a[i1 + 1], t2 = a[i1 + 2], t3 = a[i1 + 3];
                    Mont.sub(u0, u1, u2, u3, t0, t1, t2, t3, a, i0);
                    Mont.add(u0, u1, u2, u3, t0, t1, t2, t3, a, i1);
                }
            }
        }
    }

    /** (a[i0], a[i1]) = (u + v, u - v). */
    private static void butterflyPlain(long[] a, int i0, int i1) {
        long u0 = a[i0], u1 = a[i0 + 1], u2 = a[i0 + 2], u3 = a[i0 + 3];
        long v0 = a[i1], v1 = a[i1 + 1], v2 = a[i1 + 2], v3 = a[i1 + 3];
        Mont.add(u0, u1, u2, u3, v0, v1, v2, v3, a, i0);
        Mont.sub(u0, u1, u2, u3, v0, v1, v2, v3, a, i1);
    }

    /** Multiplies the first n elements by the Montgomery constant c. */
    static void scale(long[] a, int n, long[] c) {
        long c0 = c[0], c1 = c[1], c2 = c[2], c3 = c[3];
        for (int i = 0, o = 0; i < n; i++, o += 4) {
            Mont.mul(a[o], a[o + 1], a[o + 2], a[o + 3], c0, c1, c2, c3, a, o);
        }
    }

    /** Bit-reversal permutation of the first n = 2^logN elements. */
    static void bitReverse(long[] a, int n) {
        int logN = Integer.numberOfTrailingZeros(n);
        for (int i = 0; i < n; i++) {
            int j = bitrev(i, logN);
            if (i < j) {
                int x = 4 * i, y = 4 * j;
                for (int k = 0; k < 4; k++) {
                    long t = a[x + k];
                    a[x + k] = a[y + k];
                    a[y + k] = t;
                }
            }
        }
    }

    /** Reverses the low logN bits of k. */
    static int bitrev(int k, int logN) {
        return logN == 0 ? 0 : Integer.reverse(k) >>> (32 - logN);
    }
}
