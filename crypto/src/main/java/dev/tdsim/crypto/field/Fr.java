package dev.tdsim.crypto.field;

import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;

/**
 * Immutable element of the BLS12-381 scalar field Fr (modulus r, 255 bits).
 *
 * <p>Internally four 64-bit limbs in Montgomery form (a * 2^260 mod r), always fully reduced, so
 * {@link #equals}/{@link #hashCode} compare values. {@link #toString()} prints the canonical value in hex.
 * BigInteger is used only at the edges (construction from / conversion to BigInteger, class initialisation).
 */
public final class Fr {
    /** r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001. */
    public static final BigInteger MODULUS =
            new BigInteger("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001", 16);

    /** Multiplicative generator of Fr^*. */
    public static final int GENERATOR = 7;
    /** r - 1 = 2^TWO_ADICITY * odd. */
    public static final int TWO_ADICITY = 32;

    /** Montgomery radix R = 2^260 (see {@link Mont}). */
    private static final BigInteger MONT_R = BigInteger.ONE.shiftLeft(Mont.MONT_BITS);
    private static final BigInteger MASK64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** R^2 mod r in plain limbs: Montgomery-multiplying a plain value by it yields its Montgomery form. */
    static final long[] R2 = limbsOf(MONT_R.multiply(MONT_R).mod(MODULUS));
    /** r - 2 (exponent for Fermat inversion), plain limbs. */
    private static final long[] R_MINUS_2 = limbsOf(MODULUS.subtract(BigInteger.TWO));

    private static final Fr ZERO = new Fr(0, 0, 0, 0);
    private static final Fr ONE = fromLimbs(limbsOf(MONT_R.mod(MODULUS)));

    /** ROOTS[k] = primitive 2^k-th root of unity = 7^((r-1)/2^k), k = 0..32. */
    private static final Fr[] ROOTS = new Fr[TWO_ADICITY + 1];
    /** INV_POW2[k] = 2^{-k} in Montgomery limbs, k = 0..32. */
    private static final long[][] INV_POW2 = new long[TWO_ADICITY + 1][];

    static {
        BigInteger rm1 = MODULUS.subtract(BigInteger.ONE);
        ROOTS[TWO_ADICITY] = of(BigInteger.valueOf(GENERATOR).modPow(rm1.shiftRight(TWO_ADICITY), MODULUS));
        for (int k = TWO_ADICITY - 1; k >= 0; k--) {
            ROOTS[k] = ROOTS[k + 1].square();
        }
        Fr half = of(2).inverse();
        Fr acc = ONE;
        for (int k = 0; k <= TWO_ADICITY; k++) {
            INV_POW2[k] = acc.limbs();
            acc = acc.mul(half);
        }
    }

    // Montgomery-form limbs, little-endian, fully reduced.
    final long m0;
    final long m1;
    final long m2;
    final long m3;

    private Fr(long m0, long m1, long m2, long m3) {
        this.m0 = m0;
        this.m1 = m1;
        this.m2 = m2;
        this.m3 = m3;
    }

    /**
     * Montgomery product a * b * 2^-260 mod r written straight into the fields (no scratch array).
     * Inlined by hand from {@link Mont#mul(long, long, long, long, long, long, long, long, long[],
     * int)} (the JIT does not inline a body this large, and storing into the fields saves the scratch
     * array): the same statements except for the final stores, kept so by FrInlinedMulTest; both are
     * checked against BigInteger by the tests.
     */
    private Fr(long ax0, long ax1, long ax2, long ax3, long bx0, long bx1, long bx2, long bx3) {
        // split 4 x 64 -> 5 x 52-bit limbs, pre-shifted by 6: for x, y < 2^57 (so xs, ys < 2^63),
        // (xs * ys) >>> 12 = (x * y) mod 2^52 and multiplyHigh(xs, ys) = floor(x * y / 2^52), both exact
        long a0 = (ax0 & Mont.M52) << 6;
        long a1 = (((ax0 >>> 52) | (ax1 << 12)) & Mont.M52) << 6;
        long a2 = (((ax1 >>> 40) | (ax2 << 24)) & Mont.M52) << 6;
        long a3 = (((ax2 >>> 28) | (ax3 << 36)) & Mont.M52) << 6;
        long a4 = (ax3 >>> 16) << 6;
        long b0 = (bx0 & Mont.M52) << 6;
        long b1 = (((bx0 >>> 52) | (bx1 << 12)) & Mont.M52) << 6;
        long b2 = (((bx1 >>> 40) | (bx2 << 24)) & Mont.M52) << 6;
        long b3 = (((bx2 >>> 28) | (bx3 << 36)) & Mont.M52) << 6;
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
        m = -(t0 + (t0 << 32)) & Mont.M52;
        t0 += m - ((m & Mont.M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * Mont.QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, Mont.QS1);
        t2 += (ms * Mont.QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, Mont.QS2);
        t3 += (ms * Mont.QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, Mont.QS3);
        t4 += (ms * Mont.QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, Mont.QS4);
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
        m = -(t0 + (t0 << 32)) & Mont.M52;
        t0 += m - ((m & Mont.M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * Mont.QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, Mont.QS1);
        t2 += (ms * Mont.QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, Mont.QS2);
        t3 += (ms * Mont.QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, Mont.QS3);
        t4 += (ms * Mont.QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, Mont.QS4);
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
        m = -(t0 + (t0 << 32)) & Mont.M52;
        t0 += m - ((m & Mont.M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * Mont.QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, Mont.QS1);
        t2 += (ms * Mont.QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, Mont.QS2);
        t3 += (ms * Mont.QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, Mont.QS3);
        t4 += (ms * Mont.QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, Mont.QS4);
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
        m = -(t0 + (t0 << 32)) & Mont.M52;
        t0 += m - ((m & Mont.M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * Mont.QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, Mont.QS1);
        t2 += (ms * Mont.QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, Mont.QS2);
        t3 += (ms * Mont.QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, Mont.QS3);
        t4 += (ms * Mont.QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, Mont.QS4);
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
        m = -(t0 + (t0 << 32)) & Mont.M52;
        t0 += m - ((m & Mont.M20) << 32);
        t1 += m - (m >>> 20);
        ms = m << 6;
        t1 += (ms * Mont.QS1) >>> 12;
        t2 += Math.multiplyHigh(ms, Mont.QS1);
        t2 += (ms * Mont.QS2) >>> 12;
        t3 += Math.multiplyHigh(ms, Mont.QS2);
        t3 += (ms * Mont.QS3) >>> 12;
        t4 += Math.multiplyHigh(ms, Mont.QS3);
        t4 += (ms * Mont.QS4) >>> 12;
        t5 += Math.multiplyHigh(ms, Mont.QS4);
        t0 = t1 + (t0 >> 52);
        t1 = t2;
        t2 = t3;
        t3 = t4;
        t4 = t5;
        t5 = 0;
        // normalise: t < 2r
        t1 += t0 >>> 52;
        t0 &= Mont.M52;
        t2 += t1 >>> 52;
        t1 &= Mont.M52;
        t3 += t2 >>> 52;
        t2 &= Mont.M52;
        t4 += t3 >>> 52;
        t3 &= Mont.M52;
        // conditional subtraction of r
        long d0 = t0 - Mont.Q0;
        long br = d0 >>> 63;
        d0 &= Mont.M52;
        long d1 = t1 - Mont.Q1 - br;
        br = d1 >>> 63;
        d1 &= Mont.M52;
        long d2 = t2 - Mont.Q2 - br;
        br = d2 >>> 63;
        d2 &= Mont.M52;
        long d3 = t3 - Mont.Q3 - br;
        br = d3 >>> 63;
        d3 &= Mont.M52;
        long d4 = t4 - Mont.Q4 - br;
        br = d4 >>> 63;
        d4 &= Mont.M52;
        long keep = -br; // all ones iff t < r
        t0 = d0 ^ ((t0 ^ d0) & keep);
        t1 = d1 ^ ((t1 ^ d1) & keep);
        t2 = d2 ^ ((t2 ^ d2) & keep);
        t3 = d3 ^ ((t3 ^ d3) & keep);
        t4 = d4 ^ ((t4 ^ d4) & keep);
        this.m0 = t0 | (t1 << 52);
        this.m1 = (t1 >>> 12) | (t2 << 40);
        this.m2 = (t2 >>> 24) | (t3 << 28);
        this.m3 = (t3 >>> 36) | (t4 << 16);
    }

    // ------------------------------------------------------------------ construction

    public static Fr zero() {
        return ZERO;
    }

    public static Fr one() {
        return ONE;
    }

    /** The integer v reduced mod r (negative values map to r - |v|). */
    public static Fr of(long v) {
        if (v == 0) {
            return ZERO;
        }
        long mag = v < 0 ? -v : v; // for Long.MIN_VALUE, -v is 2^63 read as unsigned: still correct
        Fr x = fromPlain(mag, 0, 0, 0);
        return v < 0 ? x.neg() : x;
    }

    /** Any integer, reduced mod r. */
    public static Fr of(BigInteger v) {
        BigInteger red = v.mod(MODULUS);
        long[] l = limbsOf(red);
        return fromPlain(l[0], l[1], l[2], l[3]);
    }

    /**
     * Uniform element of [0, r) by rejection sampling of 255-bit values (acceptance ~0.91), each
     * attempt one 32-byte request to {@code rnd}. Secrets, encryption scalars and weights come
     * from here, so only a {@link StrongRandom} is accepted.
     */
    public static Fr random(StrongRandom rnd) {
        byte[] b = new byte[32];
        while (true) {
            rnd.nextBytes(b);
            long v0 = readLongLE(b, 0);
            long v1 = readLongLE(b, 8);
            long v2 = readLongLE(b, 16);
            long v3 = readLongLE(b, 24) & Long.MAX_VALUE;
            if (Mont.lessThanModulus(v0, v1, v2, v3)) {
                return fromPlain(v0, v1, v2, v3);
            }
        }
    }

    /**
     * Parses a canonical 32-byte little-endian scalar (blst scalar format).
     *
     * @throws IllegalArgumentException if the length is not 32 or the value is {@code >= r}
     */
    public static Fr fromBytesLE(byte[] b32) {
        if (b32 == null || b32.length != 32) {
            throw new IllegalArgumentException("scalar not canonical: expected 32 bytes, got "
                    + (b32 == null ? "null" : b32.length + " bytes"));
        }
        long v0 = readLongLE(b32, 0);
        long v1 = readLongLE(b32, 8);
        long v2 = readLongLE(b32, 16);
        long v3 = readLongLE(b32, 24);
        if (!Mont.lessThanModulus(v0, v1, v2, v3)) {
            throw new IllegalArgumentException("scalar not canonical: value >= r");
        }
        return fromPlain(v0, v1, v2, v3);
    }

    /** 32 bytes, little-endian, canonical. */
    public byte[] toBytesLE() {
        byte[] out = new byte[32];
        toBytesLE(out, 0);
        return out;
    }

    public void toBytesLE(byte[] dst, int offset) {
        if (offset < 0 || offset > dst.length - 32) {
            throw new IndexOutOfBoundsException("need 32 bytes at offset " + offset + " of " + dst.length);
        }
        long[] p = new long[4];
        Mont.mul(m0, m1, m2, m3, 1, 0, 0, 0, p, 0);
        for (int i = 0; i < 4; i++) {
            writeLongLE(dst, offset + 8 * i, p[i]);
        }
    }

    // ------------------------------------------------------------------ arithmetic

    public Fr add(Fr o) {
        long[] t = new long[4];
        Mont.add(m0, m1, m2, m3, o.m0, o.m1, o.m2, o.m3, t, 0);
        return new Fr(t[0], t[1], t[2], t[3]);
    }

    public Fr sub(Fr o) {
        long[] t = new long[4];
        Mont.sub(m0, m1, m2, m3, o.m0, o.m1, o.m2, o.m3, t, 0);
        return new Fr(t[0], t[1], t[2], t[3]);
    }

    public Fr mul(Fr o) {
        return new Fr(m0, m1, m2, m3, o.m0, o.m1, o.m2, o.m3);
    }

    public Fr neg() {
        if (isZero()) {
            return ZERO;
        }
        long[] t = new long[4];
        Mont.sub(0, 0, 0, 0, m0, m1, m2, m3, t, 0);
        return new Fr(t[0], t[1], t[2], t[3]);
    }

    public Fr square() {
        return new Fr(m0, m1, m2, m3, m0, m1, m2, m3);
    }

    /** this^e; negative exponents invert first (ArithmeticException for zero). 0^0 = 1. */
    public Fr pow(BigInteger e) {
        if (e.signum() < 0) {
            return inverse().pow(e.negate());
        }
        if (e.bitLength() <= 63) {
            return pow(e.longValue());
        }
        long[] acc = ONE.limbs();
        long[] base = limbs();
        for (int i = e.bitLength() - 1; i >= 0; i--) {
            Mont.mul(acc, 0, acc, 0, acc, 0);
            if (e.testBit(i)) {
                Mont.mul(acc, 0, base, 0, acc, 0);
            }
        }
        return fromLimbs(acc);
    }

    /** this^e; negative exponents invert first (ArithmeticException for zero). 0^0 = 1. */
    public Fr pow(long e) {
        if (e < 0) {
            if (e == Long.MIN_VALUE) {
                return pow(BigInteger.valueOf(e));
            }
            return inverse().pow(-e);
        }
        long[] acc = ONE.limbs();
        long[] base = limbs();
        for (int i = 63 - Long.numberOfLeadingZeros(e); i >= 0; i--) {
            Mont.mul(acc, 0, acc, 0, acc, 0);
            if (((e >>> i) & 1) != 0) {
                Mont.mul(acc, 0, base, 0, acc, 0);
            }
        }
        return fromLimbs(acc);
    }

    /** Multiplicative inverse (Fermat, x^(r-2)). */
    public Fr inverse() {
        if (isZero()) {
            throw new ArithmeticException("inverse of zero in Fr");
        }
        long[] t = limbs();
        invertInPlace(t, 0);
        return fromLimbs(t);
    }

    public boolean isZero() {
        return (m0 | m1 | m2 | m3) == 0;
    }

    /** Canonical value in [0, r). */
    public BigInteger toBigInteger() {
        long[] p = new long[4];
        Mont.mul(m0, m1, m2, m3, 1, 0, 0, 0, p, 0);
        return bigOf(p[0], p[1], p[2], p[3]);
    }

    /**
     * Inverts every element with Montgomery's trick (one field inversion, ~3n multiplications).
     *
     * @throws ArithmeticException naming the index of the first zero element
     */
    public static Fr[] batchInverse(Fr[] xs) {
        int n = xs.length;
        long[] a = new long[4 * n];
        for (int i = 0; i < n; i++) {
            Fr x = xs[i];
            if (x == null) {
                throw new IllegalArgumentException("batchInverse: element at index " + i + " is null");
            }
            x.writeTo(a, 4 * i);
        }
        batchInverseInPlace(a, n);
        Fr[] out = new Fr[n];
        for (int i = 0; i < n; i++) {
            out[i] = read(a, 4 * i);
        }
        return out;
    }

    /** Primitive n-th root of unity 7^((r-1)/n), n a power of two (as an int, at most 2^30). */
    public static Fr rootOfUnity(int n) {
        if (n <= 0 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("root of unity order must be a power of two >= 1, got " + n);
        }
        return ROOTS[Integer.numberOfTrailingZeros(n)];
    }

    /** Primitive 2^k-th root of unity, 0 <= k <= 32 (covers the order 2^32 an int cannot express). */
    public static Fr rootOfUnityLog2(int k) {
        if (k < 0 || k > TWO_ADICITY) {
            throw new IllegalArgumentException("log2 of root order must be in [0, 32], got " + k);
        }
        return ROOTS[k];
    }

    // ------------------------------------------------------------------ Object

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Fr)) {
            return false;
        }
        Fr f = (Fr) o;
        return m0 == f.m0 && m1 == f.m1 && m2 == f.m2 && m3 == f.m3;
    }

    @Override
    public int hashCode() {
        long h = m0 * 31 + m1;
        h = h * 31 + m2;
        h = h * 31 + m3;
        return Long.hashCode(h);
    }

    @Override
    public String toString() {
        return "0x" + toBigInteger().toString(16);
    }

    // ------------------------------------------------------------------ package-private limb helpers

    /** Montgomery limbs as a fresh array. */
    long[] limbs() {
        return new long[] {m0, m1, m2, m3};
    }

    void writeTo(long[] dst, int off) {
        dst[off] = m0;
        dst[off + 1] = m1;
        dst[off + 2] = m2;
        dst[off + 3] = m3;
    }

    static Fr read(long[] src, int off) {
        return new Fr(src[off], src[off + 1], src[off + 2], src[off + 3]);
    }

    static Fr fromLimbs(long[] m) {
        return new Fr(m[0], m[1], m[2], m[3]);
    }

    /** Plain value (must be < r) to element. */
    static Fr fromPlain(long v0, long v1, long v2, long v3) {
        long[] t = new long[4];
        Mont.mul(v0, v1, v2, v3, R2[0], R2[1], R2[2], R2[3], t, 0);
        return new Fr(t[0], t[1], t[2], t[3]);
    }

    /** 2^{-k} in Montgomery limbs (shared array: do not modify). */
    static long[] invPow2(int k) {
        return INV_POW2[k];
    }

    /** In-place inversion of a nonzero Montgomery element by Fermat's little theorem. */
    static void invertInPlace(long[] a, int off) {
        long[] base = {a[off], a[off + 1], a[off + 2], a[off + 3]};
        long[] acc = ONE.limbs();
        for (int limb = 3; limb >= 0; limb--) {
            long e = R_MINUS_2[limb];
            for (int bit = 63; bit >= 0; bit--) {
                Mont.mul(acc, 0, acc, 0, acc, 0);
                if (((e >>> bit) & 1) != 0) {
                    Mont.mul(acc, 0, base, 0, acc, 0);
                }
            }
        }
        Mont.copy(acc, 0, a, off);
    }

    /**
     * In-place batch inversion of {@code count} Montgomery elements stored in {@code a} (4 limbs each).
     *
     * @throws ArithmeticException naming the index of the first zero element
     */
    static void batchInverseInPlace(long[] a, int count) {
        if (count == 0) {
            return;
        }
        long[] prefix = new long[4 * count]; // prefix[i] = a[0] * ... * a[i-1]  (prefix[0] = 1)
        long[] acc = ONE.limbs();
        for (int i = 0; i < count; i++) {
            if (Mont.isZero(a, 4 * i)) {
                throw new ArithmeticException("batchInverse: element at index " + i + " is zero");
            }
            Mont.copy(acc, 0, prefix, 4 * i);
            Mont.mul(acc, 0, a, 4 * i, acc, 0);
        }
        invertInPlace(acc, 0); // acc = 1 / (a0 * ... * a_{n-1})
        long[] tmp = new long[4];
        for (int i = count - 1; i >= 0; i--) {
            // inv(a_i) = acc * prefix_i ; then acc *= a_i
            Mont.mul(acc, 0, prefix, 4 * i, tmp, 0);
            Mont.mul(acc, 0, a, 4 * i, acc, 0);
            Mont.copy(tmp, 0, a, 4 * i);
        }
    }

    static long[] limbsOf(BigInteger v) {
        if (v.signum() < 0 || v.bitLength() > 256) {
            throw new IllegalArgumentException("value out of 256-bit range");
        }
        long[] l = new long[4];
        for (int i = 0; i < 4; i++) {
            l[i] = v.shiftRight(64 * i).and(MASK64).longValue();
        }
        return l;
    }

    static BigInteger bigOf(long v0, long v1, long v2, long v3) {
        byte[] be = new byte[33]; // leading zero byte keeps it positive
        long[] v = {v0, v1, v2, v3};
        for (int i = 0; i < 4; i++) {
            long x = v[i];
            for (int b = 0; b < 8; b++) {
                be[32 - 8 * i - b] = (byte) (x >>> (8 * b));
            }
        }
        return new BigInteger(be);
    }

    private static long readLongLE(byte[] b, int off) {
        long x = 0;
        for (int i = 7; i >= 0; i--) {
            x = (x << 8) | (b[off + i] & 0xffL);
        }
        return x;
    }

    private static void writeLongLE(byte[] b, int off, long x) {
        for (int i = 0; i < 8; i++) {
            b[off + i] = (byte) (x >>> (8 * i));
        }
    }
}
