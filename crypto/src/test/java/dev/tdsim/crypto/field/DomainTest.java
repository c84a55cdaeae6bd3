package dev.tdsim.crypto.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DomainTest {

    static Fr[] randomVector(Random rnd, int len) {
        Fr[] v = new Fr[len];
        for (int i = 0; i < len; i++) {
            v[i] = randomFr(rnd);
        }
        return v;
    }

    /**
     * Test data (not secret): a nearly uniform element from a cheap generator. {@link Fr#random}
     * takes only strong streams.
     */
    static Fr randomFr(Random rnd) {
        return Fr.of(new BigInteger(320, rnd));
    }

    /** Independent Horner on Fr objects (does not use Polynomials). */
    static Fr horner(Fr[] c, Fr x) {
        Fr acc = Fr.zero();
        for (int i = c.length - 1; i >= 0; i--) {
            acc = acc.mul(x).add(c[i]);
        }
        return acc;
    }

    @Test
    void rejectsBadSizes() {
        for (int bad : new int[] {0, -1, -8, 3, 12, 1000, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 29, 1 << 30}) {
            assertThrows(IllegalArgumentException.class, () -> Domain.of(bad), "n=" + bad);
        }
    }

    @Test
    void elementsArePowersOfGenerator() {
        for (int n : new int[] {1, 2, 4, 8, 64, 1024}) {
            Domain d = Domain.of(n);
            assertEquals(n, d.size());
            Fr w = d.generator();
            assertEquals(Fr.rootOfUnity(n), w);
            Fr acc = Fr.one();
            for (int k = 0; k < n; k++) {
                assertEquals(acc, d.element(k), "n=" + n + " k=" + k);
                acc = acc.mul(w);
            }
            assertEquals(Fr.one(), acc);
            int nn = n;
            assertThrows(IndexOutOfBoundsException.class, () -> d.element(nn));
            assertThrows(IndexOutOfBoundsException.class, () -> d.element(-1));
        }
        assertSame(Domain.of(256), Domain.of(256));
    }

    @Test
    void fftMatchesHorner() {
        Random rnd = new Random(11);
        for (int n : new int[] {1, 2, 4, 8, 16, 64}) {
            Domain d = Domain.of(n);
            for (int len : new int[] {0, 1, n / 2, n}) {
                Fr[] c = randomVector(rnd, len);
                Fr[] ev = d.fft(c);
                assertEquals(n, ev.length);
                for (int k = 0; k < n; k++) {
                    assertEquals(horner(c, d.element(k)), ev[k], "n=" + n + " len=" + len + " k=" + k);
                }
            }
        }
    }

    @Test
    void fftIfftRoundTrip() {
        Random rnd = new Random(12);
        for (int n : new int[] {1, 2, 8, 16, 64, 512, 4096}) {
            Domain d = Domain.of(n);
            Fr[] c = randomVector(rnd, n);
            assertArrayEquals(c, d.ifft(d.fft(c)), "n=" + n);
            Fr[] e = randomVector(rnd, n);
            assertArrayEquals(e, d.fft(d.ifft(e)), "n=" + n);
        }
    }

    @Test
    void ifftOfConstantEvaluations() {
        Domain d = Domain.of(32);
        Fr[] e = new Fr[32];
        java.util.Arrays.fill(e, Fr.of(5));
        Fr[] c = d.ifft(e);
        assertEquals(Fr.of(5), c[0]);
        for (int i = 1; i < 32; i++) {
            assertEquals(Fr.zero(), c[i]);
        }
        assertNotEquals(Fr.zero(), d.fft(new Fr[] {Fr.one()})[31]);
    }

    @Test
    void rejectsWrongLengths() {
        Domain d = Domain.of(8);
        assertThrows(IllegalArgumentException.class, () -> d.fft(new Fr[9]));
        assertThrows(IllegalArgumentException.class, () -> d.ifft(new Fr[7]));
        assertThrows(IllegalArgumentException.class, () -> d.ifft(new Fr[9]));
    }
}
