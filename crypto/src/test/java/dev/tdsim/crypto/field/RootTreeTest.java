package dev.tdsim.crypto.field;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The evaluation-form product tree behind fromRoots and Lagrange, checked against direct evaluation. */
class RootTreeTest {

    private static Fr direct(Fr[] roots, Fr x) {
        Fr acc = Fr.one();
        for (Fr r : roots) {
            acc = acc.mul(x.sub(r));
        }
        return acc;
    }

    /** Asserts that vals (bit-reversed, 4 limbs each) are P(omega_size^rev(p)) for P = prod (x - roots). */
    private static void assertValuesOnDomain(Fr[] roots, long[] vals, int size, String what) {
        Domain d = Domain.of(size);
        int log = d.logSize();
        assertEquals(4 * size, vals.length, what);
        for (int p = 0; p < size; p++) {
            Fr x = d.element(Fft.bitrev(p, log));
            assertEquals(direct(roots, x), Fr.read(vals, 4 * p), what + " p=" + p);
        }
    }

    @Test
    void evalsAreValuesOfTheProduct() {
        Random rnd = new Random(41);
        int[] counts = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100, 128, 129, 200};
        for (int count : counts) {
            Fr[] roots = DomainTest.randomVector(rnd, count);
            long[] vals = RootTree.evals(Polynomials.toLimbs(roots), 0, count);
            assertValuesOnDomain(roots, vals, RootTree.capacity(count), "count=" + count);
        }
    }

    @Test
    void rootsOnTheDomainGiveZeros() {
        // roots that are themselves domain points (the Lagrange use case): values vanish exactly there
        Domain d = Domain.of(64);
        Fr[] roots = new Fr[40];
        for (int i = 0; i < roots.length; i++) {
            roots[i] = d.element((7 * i + 3) % 64);
        }
        long[] vals = RootTree.evals(Polynomials.toLimbs(roots), 0, roots.length);
        long[] ext = RootTree.extend(vals, roots.length, 64, 64, d);
        assertValuesOnDomain(roots, ext, 64, "on-domain roots");
    }

    @Test
    void extendDoublingAndMultiCoset() {
        Random rnd = new Random(42);
        // {count, c, bigC, domainSize}: doubling with the domain's own table, and the general path
        int[][] cases = {
            {8, 8, 16, 16}, {5, 8, 16, 16}, {8, 8, 16, 64}, {5, 8, 32, 32}, {8, 8, 64, 64},
            {16, 16, 128, 256}, {1, 1, 2, 2}, {1, 1, 8, 8}, {0, 1, 4, 4}, {100, 128, 256, 256},
            {128, 128, 256, 256}, {128, 128, 1024, 1024}, {33, 64, 512, 1024},
        };
        for (int[] cs : cases) {
            int count = cs[0], c = cs[1], bigC = cs[2], n = cs[3];
            Fr[] roots = DomainTest.randomVector(rnd, count);
            long[] vals = RootTree.evals(Polynomials.toLimbs(roots), 0, count);
            assertEquals(4 * c, vals.length);
            long[] ext = RootTree.extend(vals, count, c, bigC, Domain.of(n));
            assertValuesOnDomain(roots, ext, bigC, java.util.Arrays.toString(cs));
        }
    }

    @Test
    void monicLowMatchesDirectExpansion() {
        Random rnd = new Random(43);
        for (int count : new int[] {0, 1, 8, 9, 16, 64, 65, 300}) {
            Fr[] roots = DomainTest.randomVector(rnd, count);
            long[] low = RootTree.monicLow(Polynomials.toLimbs(roots), 0, count);
            Fr[] expect = {Fr.one()};
            for (Fr r : roots) {
                expect = PolynomialsTest.naiveMultiply(expect, new Fr[] {r.neg(), Fr.one()});
            }
            for (int i = 0; i < count; i++) {
                assertEquals(expect[i], Fr.read(low, 4 * i), "count=" + count + " i=" + i);
            }
        }
    }
}
