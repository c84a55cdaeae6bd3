package dev.tdsim.crypto.field;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The multiplicative subgroup {omega^0, ..., omega^(n-1)} of Fr, n a power of two, with omega the
 * primitive n-th root of unity 7^((r-1)/n). Immutable and thread-safe; instances up to 2^20 are cached.
 *
 * <p>One precomputed table of omega^k for k &lt; n/2 (omega^(k+n/2) = -omega^k) serves both
 * {@link #element(int)} and the FFT twiddles of every transform size dividing n.
 */
public final class Domain {
    /** Largest supported log2 size: limb arrays (4 longs per element) are int-indexed. */
    static final int MAX_LOG = 28;
    private static final int CACHE_MAX_LOG = 20;
    private static final AtomicReferenceArray<Domain> CACHE = new AtomicReferenceArray<>(CACHE_MAX_LOG + 1);

    private final int n;
    private final int logN;
    private final Fr omega;
    /** omega^k, k in [0, max(1, n/2)), Montgomery limbs. */
    final long[] tw;
    /** Lazily built: omega^i / (n/2) for i in [0, n/2) (coset shift + scaling for doubling a sub-domain). */
    private volatile long[] halfCosetScaled;

    private Domain(int logN) {
        this.logN = logN;
        this.n = 1 << logN;
        this.omega = Fr.rootOfUnityLog2(logN);
        int half = Math.max(1, n >>> 1);
        long[] t = new long[4 * half];
        Fr.one().writeTo(t, 0);
        long[] w = omega.limbs();
        for (int k = 1; k < half; k++) {
            Mont.mul(t, 4 * (k - 1), w, 0, t, 4 * k);
        }
        this.tw = t;
    }

    /**
     * The domain of size n.
     *
     * @throws IllegalArgumentException unless n is a power of two with 1 &lt;= n &lt;= 2^28 (the 2^32
     *     two-adicity bound of Fr is further limited by int-indexed arrays)
     */
    public static Domain of(int n) {
        if (n <= 0 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("domain size must be a power of two >= 1, got " + n);
        }
        int log = Integer.numberOfTrailingZeros(n);
        if (log > MAX_LOG) {
            throw new IllegalArgumentException("domain size 2^" + log + " exceeds the supported maximum 2^" + MAX_LOG);
        }
        if (log > CACHE_MAX_LOG) {
            return new Domain(log);
        }
        Domain d = CACHE.get(log);
        if (d == null) {
            d = new Domain(log);
            if (!CACHE.compareAndSet(log, null, d)) {
                d = CACHE.get(log);
            }
        }
        return d;
    }

    public int size() {
        return n;
    }

    public int logSize() {
        return logN;
    }

    /** The primitive n-th root of unity omega. */
    public Fr generator() {
        return omega;
    }

    /** omega^k for 0 &lt;= k &lt; n. */
    public Fr element(int k) {
        if (k < 0 || k >= n) {
            throw new IndexOutOfBoundsException("domain index " + k + " out of range [0, " + n + ")");
        }
        long[] t = new long[4];
        elementInto(k, t, 0);
        return Fr.read(t, 0);
    }

    /** Writes omega^k (0 &lt;= k &lt; n, unchecked) as Montgomery limbs. */
    void elementInto(int k, long[] dst, int off) {
        int half = n >>> 1;
        if (k < half || n == 1) {
            Mont.copy(tw, 4 * k, dst, off);
        } else {
            Mont.neg(tw, 4 * (k - half), dst, off);
        }
    }

    /** Evaluations of the polynomial with the given coefficients (low to high, zero-padded) at omega^0..omega^(n-1). */
    public Fr[] fft(Fr[] coeffs) {
        if (coeffs.length > n) {
            throw new IllegalArgumentException("fft: " + coeffs.length + " coefficients exceed domain size " + n);
        }
        long[] a = new long[4 * n];
        for (int i = 0; i < coeffs.length; i++) {
            coeffs[i].writeTo(a, 4 * i);
        }
        Fft.dif(a, n, tw, n);
        Fft.bitReverse(a, n);
        return toFr(a, n);
    }

    /** Coefficients (low to high, length n) of the unique polynomial of degree &lt; n with the given evaluations. */
    public Fr[] ifft(Fr[] evals) {
        if (evals.length != n) {
            throw new IllegalArgumentException("ifft: expected " + n + " evaluations, got " + evals.length);
        }
        long[] a = new long[4 * n];
        for (int i = 0; i < n; i++) {
            evals[i].writeTo(a, 4 * i);
        }
        Fft.bitReverse(a, n);
        Fft.ditInverse(a, n, tw, n);
        Fft.scale(a, n, Fr.invPow2(logN));
        return toFr(a, n);
    }

    /** In-place forward transform of size m (power of two dividing n): natural order in, bit-reversed out. */
    void forwardBitReversed(long[] a, int m) {
        Fft.dif(a, m, tw, n);
    }

    /** In-place inverse of size m: bit-reversed in, natural out, scaled by 1/m unless scaled=false. */
    void inverseFromBitReversed(long[] a, int m, boolean scaled) {
        Fft.ditInverse(a, m, tw, n);
        if (scaled) {
            Fft.scale(a, m, Fr.invPow2(Integer.numberOfTrailingZeros(m)));
        }
    }

    /**
     * omega^i * 2/n for i in [0, n/2): multiplying the unscaled inverse transform of size n/2 by this
     * table yields the coefficients shifted to the coset omega * H_{n/2}, already divided by n/2.
     */
    long[] halfCosetScaled() {
        long[] t = halfCosetScaled;
        if (t == null) {
            int half = n >>> 1;
            t = new long[4 * half];
            long[] c = Fr.invPow2(logN - 1);
            for (int i = 0; i < half; i++) {
                Mont.mul(tw, 4 * i, c, 0, t, 4 * i);
            }
            halfCosetScaled = t;
        }
        return t;
    }

    private static Fr[] toFr(long[] a, int count) {
        Fr[] out = new Fr[count];
        for (int i = 0; i < count; i++) {
            out[i] = Fr.read(a, 4 * i);
        }
        return out;
    }

    @Override
    public String toString() {
        return "Domain(n=" + n + ")";
    }
}
