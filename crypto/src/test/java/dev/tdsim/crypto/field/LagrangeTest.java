package dev.tdsim.crypto.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LagrangeTest {
    private static final Lagrange.Method[] METHODS = Lagrange.Method.values();

    /** k distinct indices of [0, n) in random order. */
    static int[] randomSubset(Random rnd, int n, int k) {
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        return java.util.Arrays.copyOf(perm, k);
    }

    private static void checkAllMethods(Domain d, int[] s) {
        Fr[] naive = Lagrange.atZeroNaive(d, s);
        for (Lagrange.Method m : METHODS) {
            assertArrayEquals(naive, Lagrange.atZero(d, s, m), "n=" + d.size() + " t=" + s.length + " " + m);
        }
    }

    @Test
    void matchesNaiveOnRandomSignerSets() {
        Random rnd = new Random(31);
        for (int n : new int[] {8, 64, 1024}) {
            Domain d = Domain.of(n);
            int[] sizes = {1, 2, 3, Math.max(1, n / 8), (2 * n) / 3, n - 1, n};
            for (int t : sizes) {
                int reps = n == 1024 && t > 100 ? 1 : 3;
                for (int rep = 0; rep < reps; rep++) {
                    checkAllMethods(d, randomSubset(rnd, n, t));
                }
            }
        }
    }

    @Test
    void trivialDomains() {
        checkAllMethods(Domain.of(1), new int[] {0});
        assertEquals(Fr.one(), Lagrange.atZero(Domain.of(1), new int[] {0})[0]);
        checkAllMethods(Domain.of(2), new int[] {1});
        checkAllMethods(Domain.of(2), new int[] {1, 0});
        // single signer: lambda = 1
        assertEquals(Fr.one(), Lagrange.atZero(Domain.of(64), new int[] {17})[0]);
        // all signers: Z_S = x^n - 1, Z_S'(u) = n u^{-1}, so every lambda_k = 1/n
        Domain d = Domain.of(16);
        int[] all = new int[16];
        for (int i = 0; i < 16; i++) {
            all[i] = 15 - i;
        }
        Fr[] l = Lagrange.atZero(d, all);
        for (int i = 0; i < 16; i++) {
            assertEquals(Fr.of(16).inverse(), l[i]);
        }
    }

    @Test
    void interpolatesRandomPolynomialAtZero() {
        Random rnd = new Random(32);
        for (int n : new int[] {8, 64, 1024}) {
            Domain d = Domain.of(n);
            for (int t : new int[] {1, 5, (2 * n) / 3, n - 1, n}) {
                if (t > n) {
                    continue;
                }
                int[] s = randomSubset(rnd, n, t);
                Fr[] f = DomainTest.randomVector(rnd, t); // degree < t
                Fr[] fu = new Fr[t];
                for (int k = 0; k < t; k++) {
                    fu[k] = DomainTest.horner(f, d.element(s[k]));
                }
                for (Lagrange.Method m : METHODS) {
                    Fr[] lambda = Lagrange.atZero(d, s, m);
                    Fr sum = Fr.zero();
                    for (int k = 0; k < t; k++) {
                        sum = sum.add(lambda[k].mul(fu[k]));
                    }
                    assertEquals(f[0], sum, "n=" + n + " t=" + t + " " + m);
                }
            }
        }
    }

    @Test
    void productionSizeMethodsAgreeAndInterpolate() {
        Random rnd = new Random(33);
        Domain d = Domain.of(8192);
        int[] s = randomSubset(rnd, 8192, 5461);
        assertEquals(Lagrange.Method.COMPLEMENT, Lagrange.choose(8192, 5461));
        Fr[] fast = Lagrange.atZero(d, s);
        assertArrayEquals(Lagrange.atZero(d, s, Lagrange.Method.SIGNER_TREE), fast);
        // f of degree < t, evaluated on the domain by FFT
        Fr[] f = DomainTest.randomVector(rnd, 5461);
        Fr[] evals = d.fft(f);
        Fr sum = Fr.zero();
        Fr sumLambda = Fr.zero();
        for (int k = 0; k < s.length; k++) {
            sum = sum.add(fast[k].mul(evals[s[k]]));
            sumLambda = sumLambda.add(fast[k]);
        }
        assertEquals(f[0], sum);
        assertEquals(Fr.one(), sumLambda);
        // spot-check a few coefficients against the textbook formula
        for (int k : new int[] {0, 1, 2500, 5460}) {
            Fr num = Fr.one();
            Fr den = Fr.one();
            Fr xk = d.element(s[k]);
            for (int j = 0; j < s.length; j++) {
                if (j != k) {
                    Fr xj = d.element(s[j]);
                    num = num.mul(xj);
                    den = den.mul(xj.sub(xk));
                }
            }
            assertEquals(num.mul(den.inverse()), fast[k], "k=" + k);
        }
    }

    @Test
    void chooserPrefersPairwiseForSmallSets() {
        assertEquals(Lagrange.Method.PAIRWISE, Lagrange.choose(8192, 3));
        assertEquals(Lagrange.Method.PAIRWISE, Lagrange.choose(64, 5));
        assertTrue(Lagrange.choose(1024, 1000) == Lagrange.Method.COMPLEMENT);
    }

    @Test
    void validation() {
        Domain d = Domain.of(8);
        IllegalArgumentException e;
        e = assertThrows(IllegalArgumentException.class, () -> Lagrange.atZero(d, new int[0]));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Lagrange.atZero(d, null));
        e = assertThrows(IllegalArgumentException.class, () -> Lagrange.atZero(d, new int[] {1, 8}));
        assertTrue(e.getMessage().contains("out of range"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Lagrange.atZero(d, new int[] {-1}));
        assertTrue(e.getMessage().contains("out of range"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Lagrange.atZero(d, new int[] {3, 1, 3}));
        assertTrue(e.getMessage().contains("duplicate"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Lagrange.atZeroNaive(d, new int[] {2, 2}));
        assertTrue(e.getMessage().contains("duplicate"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Lagrange.atZeroNaive(d, new int[0]));
    }
}
