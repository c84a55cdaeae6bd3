package dev.tdsim.crypto.field;

/**
 * Lagrange coefficients at x = 0 for a signer subset S of a roots-of-unity {@link Domain}:
 * lambda_k = prod_{j in S, j != k} u_j / (u_j - u_k), so that f(0) = sum_k lambda_k f(u_k) for deg f &lt; |S|.
 *
 * <p>Fast methods use x^n - 1 = Z_S(x) Z_M(x), M the complement of S in the domain:
 * <ul>
 *   <li>COMPLEMENT: lambda_k = Z_M(u_k) / (n Z_M(0)); Z_M from a product tree that stays in evaluation
 *       form ({@link RootTree}), its values extended to the whole domain (the equivalent of the one FFT),
 *       n Z_M(0) = sum of those values; exactly one field inversion. If M is empty, Z_M = 1.</li>
 *   <li>SIGNER_TREE: lambda_k = -Z_S(0) u_k^{-1} / Z_S'(u_k); Z_S from a product tree, Z_S' evaluated by
 *       one FFT; one batch inversion (a single field inversion).</li>
 *   <li>PAIRWISE: same formula with Z_S'(u_k) = prod_{j != k} (u_k - u_j) computed directly, O(|S|^2);
 *       best for small signer sets.</li>
 * </ul>
 * {@link #atZero} picks the cheapest by an operation-count estimate; all are exact.
 */
public final class Lagrange {
    private Lagrange() {}

    /** Internal method selector (package-private so tests can exercise every path). */
    enum Method { AUTO, COMPLEMENT, SIGNER_TREE, PAIRWISE }

    /**
     * Lambda for each signer, in the given order.
     *
     * @param signerIndices distinct indices in [0, n), any order, at least one
     * @throws IllegalArgumentException on an empty set, an index out of range or a duplicate index
     */
    public static Fr[] atZero(Domain domain, int[] signerIndices) {
        return atZero(domain, signerIndices, Method.AUTO);
    }

    static Fr[] atZero(Domain domain, int[] signerIndices, Method method) {
        boolean[] inS = validate(domain, signerIndices);
        int n = domain.size();
        int t = signerIndices.length;
        int m = n - t;
        if (method == Method.AUTO) {
            method = choose(n, t);
        }
        long[] out;
        switch (method) {
            case COMPLEMENT:
                out = complement(domain, signerIndices, inS, m);
                break;
            case SIGNER_TREE:
                out = signerTree(domain, signerIndices);
                break;
            case PAIRWISE:
                out = pairwise(domain, signerIndices);
                break;
            default:
                throw new AssertionError(method);
        }
        return Polynomials.toFr(out, t);
    }

    /**
     * Cheapest method by a rough multiplication count (additions weigh ~1/5 of a multiplication and
     * roughly track the multiplications, so they are folded into the constants).
     */
    static Method choose(int n, int t) {
        int m = n - t;
        double fftN = 0.5 * n * log2(n);
        // complement: tree on |M| roots, its values extended to the whole domain, one scaling per signer
        double costComplement = treeCost(m) + extensionCost(RootTree.capacity(m), n) + t;
        // signer tree: tree on |S| roots, back to coefficients, derivative, one full FFT, batch inversion
        int capS = RootTree.capacity(t);
        double costTree = treeCost(t) + 0.5 * capS * log2(capS) + 2.0 * t + fftN + 6.0 * t;
        // pairwise: t^2 subtractions and multiplications, batch inversion
        double costPair = (double) t * t + 6.0 * t;
        if (costPair <= costComplement && costPair <= costTree) {
            return Method.PAIRWISE;
        }
        return costComplement <= costTree ? Method.COMPLEMENT : Method.SIGNER_TREE;
    }

    /** Approximate cost of {@link RootTree#evals} on c roots (~0.55 c log2(c)^2 multiplications plus overheads). */
    private static double treeCost(int c) {
        if (c <= RootTree.LEAF) {
            return 0.5 * c * c;
        }
        double l = log2(c);
        return 0.7 * c * l * l;
    }

    /** Multiplications to extend values from H_c to H_n: one inverse transform plus (n/c - 1) coset transforms. */
    private static double extensionCost(int c, int n) {
        if (c >= n) {
            return 0;
        }
        double transform = 0.5 * c * log2(Math.max(2, c)) + c;
        return transform * (n / (double) c);
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    /**
     * lambda_k = Z_M(u_k) / (n Z_M(0)). Z_M comes out of the product tree already as values on a subgroup
     * H_cap (cap >= |M|), is extended to the whole domain, and n Z_M(0) = sum of its values over the domain
     * (deg Z_M = |M| &lt; n), so the only field inversion is of that sum.
     */
    private static long[] complement(Domain domain, int[] s, boolean[] inS, int m) {
        int n = domain.size();
        long[] roots = new long[4 * m];
        for (int i = 0, c = 0; i < n; i++) {
            if (!inS[i]) {
                domain.elementInto(i, roots, 4 * c++);
            }
        }
        long[] evals = RootTree.extend(RootTree.evals(roots, 0, m), m, RootTree.capacity(m), n, domain);
        long[] factor = new long[4];
        for (int o = 0; o < 4 * n; o += 4) {
            Mont.add(factor, 0, evals, o, factor, 0);
        }
        Fr.invertInPlace(factor, 0); // nonzero: Z_M(0) = prod(-m) != 0 and n < r
        int t = s.length;
        int logN = domain.logSize();
        long[] out = new long[4 * t];
        for (int k = 0; k < t; k++) {
            Mont.mul(evals, 4 * Fft.bitrev(s[k], logN), factor, 0, out, 4 * k);
        }
        return out;
    }

    /** lambda_k = -Z_S(0) u_k^{-1} / Z_S'(u_k), Z_S' evaluated by FFT. */
    private static long[] signerTree(Domain domain, int[] s) {
        int n = domain.size();
        int t = s.length;
        int logN = domain.logSize();
        long[] roots = gather(domain, s);
        long[] low = RootTree.monicLow(roots, 0, t);
        // Z_S'(x) = sum_{i=1..t} i c_i x^{i-1}, c_t = 1
        long[] deriv = new long[4 * n];
        for (int i = 1; i < t; i++) {
            Fr.of(i).writeTo(deriv, 4 * (i - 1));
            Mont.mul(deriv, 4 * (i - 1), low, 4 * i, deriv, 4 * (i - 1));
        }
        Fr.of(t).writeTo(deriv, 4 * (t - 1)); // t <= n, so index t-1 < n
        domain.forwardBitReversed(deriv, n);
        long[] den = new long[4 * t];
        for (int k = 0; k < t; k++) {
            Mont.copy(deriv, 4 * Fft.bitrev(s[k], logN), den, 4 * k);
        }
        return finishFromDerivative(domain, s, low, den);
    }

    /** Same as signerTree with Z_S'(u_k) = prod_{j != k} (u_k - u_j), O(t^2). */
    private static long[] pairwise(Domain domain, int[] s) {
        int t = s.length;
        long[] u = gather(domain, s);
        long[] den = new long[4 * t];
        long[] diff = new long[4];
        long[] zs0 = new long[4];
        Fr.one().writeTo(zs0, 0);
        for (int k = 0; k < t; k++) {
            int ok = 4 * k;
            Fr.one().writeTo(den, ok);
            for (int j = 0; j < t; j++) {
                if (j != k) {
                    Mont.sub(u, ok, u, 4 * j, diff, 0);
                    Mont.mul(den, ok, diff, 0, den, ok);
                }
            }
            // Z_S(0) = prod (-u_j)
            Mont.neg(u, ok, diff, 0);
            Mont.mul(zs0, 0, diff, 0, zs0, 0);
        }
        return finishFromDerivative(domain, s, zs0, den);
    }

    /** lambda_k = -Z_S(0) * omega^{-s_k} / den_k where zs0[0..3] = Z_S(0) and den_k = Z_S'(u_k). */
    private static long[] finishFromDerivative(Domain domain, int[] s, long[] zs0, long[] den) {
        int n = domain.size();
        int t = s.length;
        Fr.batchInverseInPlace(den, t);
        long[] negZ = new long[4];
        Mont.neg(zs0, 0, negZ, 0);
        long[] w = new long[4];
        for (int k = 0; k < t; k++) {
            int ok = 4 * k;
            domain.elementInto((n - s[k]) & (n - 1), w, 0);
            Mont.mul(den, ok, w, 0, den, ok);
            Mont.mul(den, ok, negZ, 0, den, ok);
        }
        return den;
    }

    private static long[] gather(Domain domain, int[] s) {
        long[] u = new long[4 * s.length];
        for (int k = 0; k < s.length; k++) {
            domain.elementInto(s[k], u, 4 * k);
        }
        return u;
    }

    /** The textbook O(t^2) formula lambda_k = prod_{j != k} x_j / (x_j - x_k) on Fr objects (test oracle). */
    public static Fr[] atZeroNaive(Domain domain, int[] signerIndices) {
        validate(domain, signerIndices);
        int t = signerIndices.length;
        Fr[] x = new Fr[t];
        for (int k = 0; k < t; k++) {
            x[k] = domain.element(signerIndices[k]);
        }
        Fr[] out = new Fr[t];
        for (int k = 0; k < t; k++) {
            Fr num = Fr.one();
            Fr den = Fr.one();
            for (int j = 0; j < t; j++) {
                if (j != k) {
                    num = num.mul(x[j]);
                    den = den.mul(x[j].sub(x[k]));
                }
            }
            out[k] = num.mul(den.inverse());
        }
        return out;
    }

    private static boolean[] validate(Domain domain, int[] s) {
        if (domain == null) {
            throw new IllegalArgumentException("domain is null");
        }
        if (s == null || s.length == 0) {
            throw new IllegalArgumentException("empty signer set");
        }
        int n = domain.size();
        boolean[] seen = new boolean[n];
        for (int idx : s) {
            if (idx < 0 || idx >= n) {
                throw new IllegalArgumentException("signer index " + idx + " out of range [0, " + n + ")");
            }
            if (seen[idx]) {
                throw new IllegalArgumentException("duplicate signer index " + idx);
            }
            seen[idx] = true;
        }
        return seen;
    }
}
