package dev.tdsim.crypto.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PolynomialsTest {

    static Fr[] naiveMultiply(Fr[] a, Fr[] b) {
        if (a.length == 0 || b.length == 0) {
            return new Fr[0];
        }
        Fr[] c = new Fr[a.length + b.length - 1];
        java.util.Arrays.fill(c, Fr.zero());
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                c[i + j] = c[i + j].add(a[i].mul(b[j]));
            }
        }
        return c;
    }

    @Test
    void multiplyMatchesSchoolbookAcrossCutoff() {
        Random rnd = new Random(21);
        int[][] sizes = {{1, 1}, {1, 300}, {2, 3}, {63, 63}, {63, 64}, {64, 64}, {64, 65}, {65, 200},
            {100, 100}, {128, 129}, {257, 300}, {70, 1000}, {513, 511}};
        for (int[] s : sizes) {
            Fr[] a = DomainTest.randomVector(rnd, s[0]);
            Fr[] b = DomainTest.randomVector(rnd, s[1]);
            assertArrayEquals(naiveMultiply(a, b), Polynomials.multiply(a, b), s[0] + "x" + s[1]);
            assertArrayEquals(naiveMultiply(b, a), Polynomials.multiply(b, a), s[1] + "x" + s[0]);
        }
        assertEquals(0, Polynomials.multiply(new Fr[0], new Fr[] {Fr.one()}).length);
    }

    @Property(tries = 15)
    void multiplyProperty(@ForAll @IntRange(min = 1, max = 200) int la,
                          @ForAll @IntRange(min = 1, max = 200) int lb,
                          @ForAll long seed) {
        Random rnd = new Random(seed);
        Fr[] a = DomainTest.randomVector(rnd, la);
        Fr[] b = DomainTest.randomVector(rnd, lb);
        assertArrayEquals(naiveMultiply(a, b), Polynomials.multiply(a, b));
    }

    @Test
    void multiplyWithZeroAndShortPolys() {
        Fr[] a = {Fr.zero(), Fr.zero(), Fr.of(3)};
        Fr[] b = {Fr.of(2), Fr.one()};
        assertArrayEquals(new Fr[] {Fr.zero(), Fr.zero(), Fr.of(6), Fr.of(3)}, Polynomials.multiply(a, b));
    }

    @Test
    void fromRootsVanishesAndIsMonic() {
        Random rnd = new Random(22);
        for (int m : new int[] {0, 1, 2, 3, 31, 32, 33, 64, 65, 100, 257, 1000, 1500}) {
            Fr[] roots = DomainTest.randomVector(rnd, m);
            Fr[] p = Polynomials.fromRoots(roots);
            assertEquals(m + 1, p.length, "degree for m=" + m);
            assertEquals(Fr.one(), p[m]);
            for (Fr root : roots) {
                assertTrue(Polynomials.evaluate(p, root).isZero(), "m=" + m);
            }
            // at a random point it equals the product of (x - root)
            Fr x = DomainTest.randomFr(rnd);
            Fr expect = Fr.one();
            for (Fr root : roots) {
                expect = expect.mul(x.sub(root));
            }
            assertEquals(expect, Polynomials.evaluate(p, x), "m=" + m);
        }
    }

    @Test
    void fromRootsMatchesRepeatedMultiplication() {
        Random rnd = new Random(23);
        Fr[] roots = DomainTest.randomVector(rnd, 150);
        roots[7] = roots[3]; // repeated root allowed
        Fr[] expect = {Fr.one()};
        for (Fr r : roots) {
            expect = naiveMultiply(expect, new Fr[] {r.neg(), Fr.one()});
        }
        assertArrayEquals(expect, Polynomials.fromRoots(roots));
    }

    @Test
    void evaluateMatchesBigInteger() {
        Random rnd = new Random(24);
        BigInteger r = Fr.MODULUS;
        for (int len : new int[] {0, 1, 5, 40}) {
            Fr[] c = DomainTest.randomVector(rnd, len);
            BigInteger x = FrTest.randBig(rnd);
            BigInteger acc = BigInteger.ZERO;
            for (int i = len - 1; i >= 0; i--) {
                acc = acc.multiply(x).add(c[i].toBigInteger()).mod(r);
            }
            assertEquals(acc, Polynomials.evaluate(c, Fr.of(x)).toBigInteger());
        }
    }
}
