package dev.tdsim.crypto.field;

/**
 * Limb-level Montgomery arithmetic for the BLS12-381 scalar field r (package-private kernels).
 *
 * <p>Storage format: four little-endian 64-bit limbs holding {@code a * R mod r} with R = 2^260, always
 * fully reduced (in [0, r)). Array kernels take {@code (array, offset)} pairs where offset is a limb index
 * (4 limbs per element); destinations may alias sources.
 *
 * <p>Multiplication internally re-splits the operands into five 52-bit limbs (each shifted left by 6). Every
 * partial product of two limbs is then below 2^104 and both its halves come exactly from one plain
 * {@code long} multiply (low 52 bits) and one {@link Math#multiplyHigh} on non-negative operands (high part):
 * no unsigned-high correction ({@code Math.unsignedMultiplyHigh} is Java 18+) and no carry detection, because
 * accumulators stay far below 2^63 and carries move once per reduction round. That is 50 limb products
 * instead of 32 for a 64-bit-limb CIOS (tried first: {@code multiplyHigh} plus the
 * {@code (a >> 63 & b) + (b >> 63 & a)} correction and branch-free carries), but far fewer other
 * instructions and registers; it measured ~30% faster than that CIOS on the development machine.
 */
final class Mont {
    private Mont() {}

    // r in 64-bit limbs (little-endian)
    static final long P0 = 0xffffffff00000001L;
    static final long P1 = 0x53bda402fffe5bfeL;
    static final long P2 = 0x3339d80809a1d805L;
    static final long P3 = 0x73eda753299d7d48L;

    // r in 52-bit limbs (little-endian) for the multiplication kernel
    static final long M52 = 0xfffffffffffffL;
    static final long M20 = 0xfffffL;
    static final long Q0 = 0xfffff00000001L;
    static final long Q1 = 0x2fffe5bfefffL;
    static final long Q2 = 0x9a1d80553bda4L;
    static final long Q3 = 0x7d483339d8080L;
    static final long Q4 = 0x73eda753299dL;
    static final long QS1 = 0xbfff96ffbffc0L; // Q1 << 6
    static final long QS2 = 0x268760154ef6900L; // Q2 << 6
    static final long QS3 = 0x1f520cce7602000L; // Q3 << 6
    static final long QS4 = 0x1cfb69d4ca6740L; // Q4 << 6

    /** Montgomery radix exponent: R = 2^MONT_BITS. */
    static final int MONT_BITS = 260;

    /** z[zo..zo+3] = a * b * 2^-260 mod r, for a, b fully reduced (4 x 64-bit limbs); result fully reduced. */
    static void mul(long ax0, long ax1, long ax2, long ax3,
                    long bx0, long bx1, long bx2, long bx3, long[] z, int zo) {
        // split 4 x 64 -> 5 x 52-bit limbs, pre-shifted by 6: for x, y < 2^57 (so xs, ys < 2^63),
        // (xs * ys) >>> 12 = (x * y) mod 2^52 and multiplyHigh(xs, ys) = floor(x * y / 2^52), both exact
        long a0 = (ax0 & M52) << 6;
        long a1 = (((ax0 >>> 52) | (ax1 << 12)) & M52) << 6;
        long a2 = (((ax1 >>> 40) | (ax2 << 24)) & M52) << 6;
        long a3 = (((ax2 >>> 28) | (ax3 << 36)) & M52) << 6;
        long a4 = (ax3 >>> 16) << 6;
        long b0 = (bx0 & M52) << 6;
        long b1 = (((bx0 >>> 52) | (bx1 << 12)) & M52) << 6;
        long b2 = (((bx1 >>> 40) | (bx2 << 24)) & M52) << 6;
        long b3 = (((bx2 >>> 28) | (bx3 << 36)) & M52) << 6;
        long b4 = (bx3 >>> 16) << 6;
        // Row-wise Montgomery (operand scanning with interleaved reduction, 5 rounds of 52 bits).
        // N' = -r^{-1} mod 2^52 = -(1 + 2^32) and r_0 = 2^52 - 2^32 + 1, so m and m * r_0 = m * 2^52 + (m - m * 2^32)
        // need no multiplication. Accumulators never exceed ~20 * 2^52 < 2^57: no carry detection needed.
        long t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, m, ms;
        t0 += (a0 * b0) >>> 12;
        t1 += Math.multiplyHigh(a0, b0);
        t1 += (a0 * b1) >>> 12;
        t2 += Math.multiplyHigh(a0, b1);
        t2 += (a0 * b2) >>> 12;
        t3 += Math.multiplyHigh(a0, b2);
        t3 += (a0 * b3) >>> 12;
        t4 += Math.multiplyHigh(a0, b3);
        t4 += (a0 * b4) >>> 12;
        t5 += Math.multiplyHigh(a0, b4);
        m = -(t0 + (t0 << 32)) & M52;
        t0 += m - ((m & M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, QS1);
        t2 += (ms * QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, QS2);
        t3 += (ms * QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, QS3);
        t4 += (ms * QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, QS4);
        t0 = t1 + (t0 >> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        t0 += (a1 * b0) >>> 12;
        t1 += Math.multiplyHigh(a1, b0);
        t1 += (a1 * b1) >>> 12;
        t2 += Math.multiplyHigh(a1, b1);
        t2 += (a1 * b2) >>> 12;
        t3 += Math.multiplyHigh(a1, b2);
        t3 += (a1 * b3) >>> 12;
        t4 += Math.multiplyHigh(a1, b3);
        t4 += (a1 * b4) >>> 12;
        t5 += Math.multiplyHigh(a1, b4);
        m = -(t0 + (t0 << 32)) & M52;
        t0 += m - ((m & M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, QS1);
        t2 += (ms * QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, QS2);
        t3 += (ms * QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, QS3);
        t4 += (ms * QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, QS4);
        t0 = t1 + (t0 >> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        t0 += (a2 * b0) >>> 12;
        t1 += Math.multiplyHigh(a2, b0);
        t1 += (a2 * b1) >>> 12;
        t2 += Math.multiplyHigh(a2, b1);
        t2 += (a2 * b2) >>> 12;
        t3 += Math.multiplyHigh(a2, b2);
        t3 += (a2 * b3) >>> 12;
        t4 += Math.multiplyHigh(a2, b3);
        t4 += (a2 * b4) >>> 12;
        t5 += Math.multiplyHigh(a2, b4);
        m = -(t0 + (t0 << 32)) & M52;
        t0 += m - ((m & M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, QS1);
        t2 += (ms * QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, QS2);
        t3 += (ms * QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, QS3);
        t4 += (ms * QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, QS4);
        t0 = t1 + (t0 >> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        t0 += (a3 * b0) >>> 12;
        t1 += Math.multiplyHigh(a3, b0);
        t1 += (a3 * b1) >>> 12;
        t2 += Math.multiplyHigh(a3, b1);
        t2 += (a3 * b2) >>> 12;
        t3 += Math.multiplyHigh(a3, b2);
        t3 += (a3 * b3) >>> 12;
        t4 += Math.multiplyHigh(a3, b3);
        t4 += (a3 * b4) >>> 12;
        t5 += Math.multiplyHigh(a3, b4);
        m = -(t0 + (t0 << 32)) & M52;
        t0 += m - ((m & M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, QS1);
        t2 += (ms * QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, QS2);
        t3 += (ms * QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, QS3);
        t4 += (ms * QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, QS4);
        t0 = t1 + (t0 >> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        t0 += (a4 * b0) >>> 12;
        t1 += Math.multiplyHigh(a4, b0);
        t1 += (a4 * b1) >>> 12;
        t2 += Math.multiplyHigh(a4, b1);
        t2 += (a4 * b2) >>> 12;
        t3 += Math.multiplyHigh(a4, b2);
        t3 += (a4 * b3) >>> 12;
        t4 += Math.multiplyHigh(a4, b3);
        t4 += (a4 * b4) >>> 12;
        t5 += Math.multiplyHigh(a4, b4);
        m = -(t0 + (t0 << 32)) & M52;
        t0 += m - ((m & M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, QS1);
        t2 += (ms * QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, QS2);
        t3 += (ms * QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, QS3);
        t4 += (ms * QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, QS4);
        t0 = t1 + (t0 >> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        // normalise: t < 2r
        t1 += t0 >>> 52;
        t0 &= M52;
        t2 += t1 >>> 52;
        t1 &= M52;
        t3 += t2 >>> 52;
        t2 &= M52;
        t4 += t3 >>> 52;
        t3 &= M52;
        // conditional subtraction of r
        long d0 = t0 - Q0;
        long br = d0 >>> 63;
        d0 &= M52;
        long d1 = t1 - Q1 - br;
        br = d1 >>> 63;
        d1 &= M52;
        long d2 = t2 - Q2 - br;
        br = d2 >>> 63;
        d2 &= M52;
        long d3 = t3 - Q3 - br;
        br = d3 >>> 63;
        d3 &= M52;
        long d4 = t4 - Q4 - br;
        br = d4 >>> 63;
        d4 &= M52;
        long keep = -br; // all ones iff t < r
        t0 = d0 ^ ((t0 ^ d0) & keep);
        t1 = d1 ^ ((t1 ^ d1) & keep);
        t2 = d2 ^ ((t2 ^ d2) & keep);
        t3 = d3 ^ ((t3 ^ d3) & keep);
        t4 = d4 ^ ((t4 ^ d4) & keep);
        z[zo] = t0 | (t1 << 52);
        z[zo + 1] = (t1 >>> 12) | (t2 << 40);
        z[zo + 2] = (t2 >>> 24) | (t3 << 28);
        z[zo + 3] = (t3 >>> 36) | (t4 << 16);
    }

    /** z = x * y (array form). */
    static void mul(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        mul(x[xo], x[xo + 1], x[xo + 2], x[xo + 3], y[yo], y[yo + 1], y[yo + 2], y[yo + 3], z, zo);
    }

    /** z = a + b mod r. */
    static void add(long a0, long a1, long a2, long a3,
                    long b0, long b1, long b2, long b3, long[] z, int zo) {
        // a + b < 2r < 2^256: no carry out of the top limb
        long s0 = a0 + b0;
        long c = ((a0 & b0) | ((a0 | b0) & ~s0)) >>> 63;
        long s1 = a1 + b1 + c;
        c = ((a1 & b1) | ((a1 | b1) & ~s1)) >>> 63;
        long s2 = a2 + b2 + c;
        c = ((a2 & b2) | ((a2 | b2) & ~s2)) >>> 63;
        subtractModulusIfGe(s0, s1, s2, a3 + b3 + c, z, zo);
    }

    /**
     * z = s - r if s &gt;= r else s, for s &lt; 2r. (Split from {@link #add} so that both stay under the JIT's
     * hot-method inlining limit.)
     */
    private static void subtractModulusIfGe(long s0, long s1, long s2, long s3, long[] z, int zo) {
        long d0 = s0 - P0;
        long br = ((~s0 & P0) | (~(s0 ^ P0) & d0)) >>> 63;
        long d1 = s1 - P1 - br;
        br = ((~s1 & P1) | (~(s1 ^ P1) & d1)) >>> 63;
        long d2 = s2 - P2 - br;
        br = ((~s2 & P2) | (~(s2 ^ P2) & d2)) >>> 63;
        long d3 = s3 - P3 - br;
        br = ((~s3 & P3) | (~(s3 ^ P3) & d3)) >>> 63;
        long keepS = -br; // all ones iff s < r
        z[zo] = d0 ^ ((s0 ^ d0) & keepS);
        z[zo + 1] = d1 ^ ((s1 ^ d1) & keepS);
        z[zo + 2] = d2 ^ ((s2 ^ d2) & keepS);
        z[zo + 3] = d3 ^ ((s3 ^ d3) & keepS);
    }

    /** z = a - b mod r. */
    static void sub(long a0, long a1, long a2, long a3,
                    long b0, long b1, long b2, long b3, long[] z, int zo) {
        long d0 = a0 - b0;
        long br = ((~a0 & b0) | (~(a0 ^ b0) & d0)) >>> 63;
        long d1 = a1 - b1 - br;
        br = ((~a1 & b1) | (~(a1 ^ b1) & d1)) >>> 63;
        long d2 = a2 - b2 - br;
        br = ((~a2 & b2) | (~(a2 ^ b2) & d2)) >>> 63;
        long d3 = a3 - b3 - br;
        br = ((~a3 & b3) | (~(a3 ^ b3) & d3)) >>> 63;
        // if borrow, add r back (mask selects r or 0)
        long mask = -br;
        long q0 = P0 & mask, q1 = P1 & mask, q2 = P2 & mask, q3 = P3 & mask;
        long s0 = d0 + q0;
        long c = ((d0 & q0) | ((d0 | q0) & ~s0)) >>> 63;
        long s1 = d1 + q1 + c;
        c = ((d1 & q1) | ((d1 | q1) & ~s1)) >>> 63;
        long s2 = d2 + q2 + c;
        c = ((d2 & q2) | ((d2 | q2) & ~s2)) >>> 63;
        long s3 = d3 + q3 + c;
        z[zo] = s0;
        z[zo + 1] = s1;
        z[zo + 2] = s2;
        z[zo + 3] = s3;
    }

    static void add(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        add(x[xo], x[xo + 1], x[xo + 2], x[xo + 3], y[yo], y[yo + 1], y[yo + 2], y[yo + 3], z, zo);
    }

    static void sub(long[] x, int xo, long[] y, int yo, long[] z, int zo) {
        sub(x[xo], x[xo + 1], x[xo + 2], x[xo + 3], y[yo], y[yo + 1], y[yo + 2], y[yo + 3], z, zo);
    }

    /** z = -x mod r. */
    static void neg(long[] x, int xo, long[] z, int zo) {
        sub(0, 0, 0, 0, x[xo], x[xo + 1], x[xo + 2], x[xo + 3], z, zo);
    }

    static boolean isZero(long[] x, int xo) {
        return (x[xo] | x[xo + 1] | x[xo + 2] | x[xo + 3]) == 0;
    }

    /** True iff the plain 4-limb value is < r. */
    static boolean lessThanModulus(long v0, long v1, long v2, long v3) {
        long d0 = v0 - P0;
        long br = ((~v0 & P0) | (~(v0 ^ P0) & d0)) >>> 63;
        long d1 = v1 - P1 - br;
        br = ((~v1 & P1) | (~(v1 ^ P1) & d1)) >>> 63;
        long d2 = v2 - P2 - br;
        br = ((~v2 & P2) | (~(v2 ^ P2) & d2)) >>> 63;
        long d3 = v3 - P3 - br;
        br = ((~v3 & P3) | (~(v3 ^ P3) & d3)) >>> 63;
        return br != 0;
    }

    static void copy(long[] x, int xo, long[] z, int zo) {
        z[zo] = x[xo];
        z[zo + 1] = x[xo + 1];
        z[zo + 2] = x[xo + 2];
        z[zo + 3] = x[xo + 3];
    }
}
