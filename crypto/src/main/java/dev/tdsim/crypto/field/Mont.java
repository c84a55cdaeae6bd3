package dev.tdsim.crypto.field;

/**
 * Limb-level Montgomery arithmetic for the BLS12-381 scalar field r (package-private kernels).
 *
 * <p>Elements are four little-endian 64-bit limbs holding {@code a * R mod r}, R = 2^256, always fully
 * reduced (in [0, r)). Multiplication is CIOS Montgomery with the "no-carry" shortcut, valid because the
 * top limb of r is below (2^64 - 1) / 2 - 1. The unsigned 64x64 high product is derived from
 * {@link Math#multiplyHigh} (Java 17 has no {@code unsignedMultiplyHigh}).
 *
 * <p>Array kernels take {@code (array, offset)} pairs where offset is a limb index (4 limbs per element);
 * destinations may alias sources.
 */
final class Mont {
    private Mont() {}

    static final long Q0 = 0xffffffff00000001L;
    static final long Q1 = 0x53bda402fffe5bfeL;
    static final long Q2 = 0x3339d80809a1d805L;
    static final long Q3 = 0x73eda753299d7d48L;
    /** -r^{-1} mod 2^64. */
    static final long INV = 0xfffffffeffffffffL;

    /** Unsigned high 64 bits of the 128-bit product x*y. */
    static long umulh(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }

    /** z[zo..zo+3] = a * b * R^{-1} mod r, for a, b fully reduced. */
    static void mul(long a0, long a1, long a2, long a3,
                    long b0, long b1, long b2, long b3, long[] z, int zo) {
        long t0, t1, t2, t3, A, C, m, lo, hi, s, u;
        // ---- i = 0
        lo = a0 * b0; hi = umulh(a0, b0);
        t0 = lo; A = hi;
        m = t0 * INV;
        C = Math.multiplyHigh(m, Q0) + ((m >> 63) & Q0) + m + ((t0 | -t0) >>> 63);
        lo = a1 * b0; hi = umulh(a1, b0);
        s = lo + A; hi += ((lo & A) | ((lo | A) & ~s)) >>> 63;
        t1 = s; A = hi;
        lo = m * Q1; hi = Math.multiplyHigh(m, Q1) + ((m >> 63) & Q1);
        s = lo + t1; hi += ((lo & t1) | ((lo | t1) & ~s)) >>> 63;
        t0 = s + C; hi += ((s & C) | ((s | C) & ~t0)) >>> 63;
        C = hi;
        lo = a2 * b0; hi = umulh(a2, b0);
        s = lo + A; hi += ((lo & A) | ((lo | A) & ~s)) >>> 63;
        t2 = s; A = hi;
        lo = m * Q2; hi = Math.multiplyHigh(m, Q2) + ((m >> 63) & Q2);
        s = lo + t2; hi += ((lo & t2) | ((lo | t2) & ~s)) >>> 63;
        t1 = s + C; hi += ((s & C) | ((s | C) & ~t1)) >>> 63;
        C = hi;
        lo = a3 * b0; hi = umulh(a3, b0);
        s = lo + A; hi += ((lo & A) | ((lo | A) & ~s)) >>> 63;
        t3 = s; A = hi;
        lo = m * Q3; hi = Math.multiplyHigh(m, Q3) + ((m >> 63) & Q3);
        s = lo + t3; hi += ((lo & t3) | ((lo | t3) & ~s)) >>> 63;
        t2 = s + C; hi += ((s & C) | ((s | C) & ~t2)) >>> 63;
        C = hi;
        t3 = C + A;
        // ---- i = 1
        lo = a0 * b1; hi = umulh(a0, b1);
        s = lo + t0; hi += ((lo & t0) | ((lo | t0) & ~s)) >>> 63;
        t0 = s; A = hi;
        m = t0 * INV;
        C = Math.multiplyHigh(m, Q0) + ((m >> 63) & Q0) + m + ((t0 | -t0) >>> 63);
        lo = a1 * b1; hi = umulh(a1, b1);
        s = lo + t1; hi += ((lo & t1) | ((lo | t1) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t1 = s; A = hi;
        lo = m * Q1; hi = Math.multiplyHigh(m, Q1) + ((m >> 63) & Q1);
        s = lo + t1; hi += ((lo & t1) | ((lo | t1) & ~s)) >>> 63;
        t0 = s + C; hi += ((s & C) | ((s | C) & ~t0)) >>> 63;
        C = hi;
        lo = a2 * b1; hi = umulh(a2, b1);
        s = lo + t2; hi += ((lo & t2) | ((lo | t2) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t2 = s; A = hi;
        lo = m * Q2; hi = Math.multiplyHigh(m, Q2) + ((m >> 63) & Q2);
        s = lo + t2; hi += ((lo & t2) | ((lo | t2) & ~s)) >>> 63;
        t1 = s + C; hi += ((s & C) | ((s | C) & ~t1)) >>> 63;
        C = hi;
        lo = a3 * b1; hi = umulh(a3, b1);
        s = lo + t3; hi += ((lo & t3) | ((lo | t3) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t3 = s; A = hi;
        lo = m * Q3; hi = Math.multiplyHigh(m, Q3) + ((m >> 63) & Q3);
        s = lo + t3; hi += ((lo & t3) | ((lo | t3) & ~s)) >>> 63;
        t2 = s + C; hi += ((s & C) | ((s | C) & ~t2)) >>> 63;
        C = hi;
        t3 = C + A;
        // ---- i = 2
        lo = a0 * b2; hi = umulh(a0, b2);
        s = lo + t0; hi += ((lo & t0) | ((lo | t0) & ~s)) >>> 63;
        t0 = s; A = hi;
        m = t0 * INV;
        C = Math.multiplyHigh(m, Q0) + ((m >> 63) & Q0) + m + ((t0 | -t0) >>> 63);
        lo = a1 * b2; hi = umulh(a1, b2);
        s = lo + t1; hi += ((lo & t1) | ((lo | t1) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t1 = s; A = hi;
        lo = m * Q1; hi = Math.multiplyHigh(m, Q1) + ((m >> 63) & Q1);
        s = lo + t1; hi += ((lo & t1) | ((lo | t1) & ~s)) >>> 63;
        t0 = s + C; hi += ((s & C) | ((s | C) & ~t0)) >>> 63;
        C = hi;
        lo = a2 * b2; hi = umulh(a2, b2);
        s = lo + t2; hi += ((lo & t2) | ((lo | t2) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t2 = s; A = hi;
        lo = m * Q2; hi = Math.multiplyHigh(m, Q2) + ((m >> 63) & Q2);
        s = lo + t2; hi += ((lo & t2) | ((lo | t2) & ~s)) >>> 63;
        t1 = s + C; hi += ((s & C) | ((s | C) & ~t1)) >>> 63;
        C = hi;
        lo = a3 * b2; hi = umulh(a3, b2);
        s = lo + t3; hi += ((lo & t3) | ((lo | t3) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t3 = s; A = hi;
        lo = m * Q3; hi = Math.multiplyHigh(m, Q3) + ((m >> 63) & Q3);
        s = lo + t3; hi += ((lo & t3) | ((lo | t3) & ~s)) >>> 63;
        t2 = s + C; hi += ((s & C) | ((s | C) & ~t2)) >>> 63;
        C = hi;
        t3 = C + A;
        // ---- i = 3
        lo = a0 * b3; hi = umulh(a0, b3);
        s = lo + t0; hi += ((lo & t0) | ((lo | t0) & ~s)) >>> 63;
        t0 = s; A = hi;
        m = t0 * INV;
        C = Math.multiplyHigh(m, Q0) + ((m >> 63) & Q0) + m + ((t0 | -t0) >>> 63);
        lo = a1 * b3; hi = umulh(a1, b3);
        s = lo + t1; hi += ((lo & t1) | ((lo | t1) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t1 = s; A = hi;
        lo = m * Q1; hi = Math.multiplyHigh(m, Q1) + ((m >> 63) & Q1);
        s = lo + t1; hi += ((lo & t1) | ((lo | t1) & ~s)) >>> 63;
        t0 = s + C; hi += ((s & C) | ((s | C) & ~t0)) >>> 63;
        C = hi;
        lo = a2 * b3; hi = umulh(a2, b3);
        s = lo + t2; hi += ((lo & t2) | ((lo | t2) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t2 = s; A = hi;
        lo = m * Q2; hi = Math.multiplyHigh(m, Q2) + ((m >> 63) & Q2);
        s = lo + t2; hi += ((lo & t2) | ((lo | t2) & ~s)) >>> 63;
        t1 = s + C; hi += ((s & C) | ((s | C) & ~t1)) >>> 63;
        C = hi;
        lo = a3 * b3; hi = umulh(a3, b3);
        s = lo + t3; hi += ((lo & t3) | ((lo | t3) & ~s)) >>> 63;
        u = s + A; hi += ((s & A) | ((s | A) & ~u)) >>> 63;
        s = u;
        t3 = s; A = hi;
        lo = m * Q3; hi = Math.multiplyHigh(m, Q3) + ((m >> 63) & Q3);
        s = lo + t3; hi += ((lo & t3) | ((lo | t3) & ~s)) >>> 63;
        t2 = s + C; hi += ((s & C) | ((s | C) & ~t2)) >>> 63;
        C = hi;
        t3 = C + A;

        // t < 2r: conditional subtraction of r
        long d0 = t0 - Q0;
        long br = ((~t0 & Q0) | (~(t0 ^ Q0) & d0)) >>> 63;
        long d1 = t1 - Q1 - br;
        br = ((~t1 & Q1) | (~(t1 ^ Q1) & d1)) >>> 63;
        long d2 = t2 - Q2 - br;
        br = ((~t2 & Q2) | (~(t2 ^ Q2) & d2)) >>> 63;
        long d3 = t3 - Q3 - br;
        br = ((~t3 & Q3) | (~(t3 ^ Q3) & d3)) >>> 63;
        long keepT = -br; // all ones if t < r
        z[zo] = (t0 & keepT) | (d0 & ~keepT);
        z[zo + 1] = (t1 & keepT) | (d1 & ~keepT);
        z[zo + 2] = (t2 & keepT) | (d2 & ~keepT);
        z[zo + 3] = (t3 & keepT) | (d3 & ~keepT);
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
        long s3 = a3 + b3 + c;
        long d0 = s0 - Q0;
        long br = ((~s0 & Q0) | (~(s0 ^ Q0) & d0)) >>> 63;
        long d1 = s1 - Q1 - br;
        br = ((~s1 & Q1) | (~(s1 ^ Q1) & d1)) >>> 63;
        long d2 = s2 - Q2 - br;
        br = ((~s2 & Q2) | (~(s2 ^ Q2) & d2)) >>> 63;
        long d3 = s3 - Q3 - br;
        br = ((~s3 & Q3) | (~(s3 ^ Q3) & d3)) >>> 63;
        long keepS = -br;
        z[zo] = (s0 & keepS) | (d0 & ~keepS);
        z[zo + 1] = (s1 & keepS) | (d1 & ~keepS);
        z[zo + 2] = (s2 & keepS) | (d2 & ~keepS);
        z[zo + 3] = (s3 & keepS) | (d3 & ~keepS);
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
        long q0 = Q0 & mask, q1 = Q1 & mask, q2 = Q2 & mask, q3 = Q3 & mask;
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

    /** True iff the plain (non-Montgomery) 4-limb value is < r. */
    static boolean lessThanModulus(long v0, long v1, long v2, long v3) {
        long d0 = v0 - Q0;
        long br = ((~v0 & Q0) | (~(v0 ^ Q0) & d0)) >>> 63;
        long d1 = v1 - Q1 - br;
        br = ((~v1 & Q1) | (~(v1 ^ Q1) & d1)) >>> 63;
        long d2 = v2 - Q2 - br;
        br = ((~v2 & Q2) | (~(v2 ^ Q2) & d2)) >>> 63;
        long d3 = v3 - Q3 - br;
        br = ((~v3 & Q3) | (~(v3 ^ Q3) & d3)) >>> 63;
        return br != 0;
    }

    static void copy(long[] x, int xo, long[] z, int zo) {
        z[zo] = x[xo];
        z[zo + 1] = x[xo + 1];
        z[zo + 2] = x[xo + 2];
        z[zo + 3] = x[xo + 3];
    }
}
