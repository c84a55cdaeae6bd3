package dev.tdsim.crypto.field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class FrTest {
    static final BigInteger R = Fr.MODULUS;
    static final BigInteger TWO = BigInteger.TWO;

    static List<BigInteger> edgeValues() {
        List<BigInteger> v = new ArrayList<>();
        v.add(BigInteger.ZERO);
        v.add(BigInteger.ONE);
        v.add(TWO);
        v.add(R.subtract(BigInteger.ONE));
        v.add(R.subtract(TWO));
        v.add(R.shiftRight(1));
        v.add(R.add(BigInteger.ONE).shiftRight(1));
        v.add(TWO.pow(64).subtract(BigInteger.ONE));
        v.add(TWO.pow(64));
        v.add(TWO.pow(63));
        v.add(TWO.pow(128).subtract(BigInteger.ONE));
        v.add(TWO.pow(192).subtract(BigInteger.ONE));
        v.add(TWO.pow(254));
        v.add(TWO.pow(255).subtract(BigInteger.valueOf(19)).mod(R));
        v.add(TWO.pow(256).subtract(BigInteger.ONE).mod(R));
        v.add(TWO.pow(256).mod(R)); // Montgomery R
        v.add(new BigInteger("ffffffff00000000", 16));
        v.add(new BigInteger("ffffffff00000001", 16));
        return v;
    }

    static BigInteger randBig(Random rnd) {
        return new BigInteger(300, rnd).mod(R);
    }

    private static void checkBinary(BigInteger a, BigInteger b) {
        Fr fa = Fr.of(a);
        Fr fb = Fr.of(b);
        assertEquals(a.add(b).mod(R), fa.add(fb).toBigInteger(), () -> "add " + a + " " + b);
        assertEquals(a.subtract(b).mod(R), fa.sub(fb).toBigInteger(), () -> "sub " + a + " " + b);
        assertEquals(a.multiply(b).mod(R), fa.mul(fb).toBigInteger(), () -> "mul " + a + " " + b);
    }

    private static void checkUnary(BigInteger a) {
        Fr fa = Fr.of(a);
        assertEquals(a.mod(R), fa.toBigInteger());
        assertEquals(a.negate().mod(R), fa.neg().toBigInteger(), () -> "neg " + a);
        assertEquals(a.multiply(a).mod(R), fa.square().toBigInteger(), () -> "square " + a);
        if (a.signum() != 0) {
            assertEquals(a.modInverse(R), fa.inverse().toBigInteger(), () -> "inverse " + a);
            assertEquals(Fr.one(), fa.mul(fa.inverse()));
        }
        byte[] bytes = fa.toBytesLE();
        assertEquals(32, bytes.length);
        assertArrayEquals(leBytes(a.mod(R)), bytes);
        assertEquals(fa, Fr.fromBytesLE(bytes));
    }

    static byte[] leBytes(BigInteger v) {
        byte[] be = v.toByteArray();
        byte[] le = new byte[32];
        for (int i = 0; i < be.length && i < 33; i++) {
            int pos = be.length - 1 - i;
            if (i < 32) {
                le[i] = be[pos];
            }
        }
        return le;
    }

    @Test
    void montgomeryConstants() {
        assertEquals(R, Fr.bigOf(Mont.P0, Mont.P1, Mont.P2, Mont.P3));
        BigInteger q52 = BigInteger.ZERO;
        long[] q = {Mont.Q0, Mont.Q1, Mont.Q2, Mont.Q3, Mont.Q4};
        for (int i = 4; i >= 0; i--) {
            assertTrue(q[i] >= 0 && q[i] <= Mont.M52);
            q52 = q52.shiftLeft(52).add(BigInteger.valueOf(q[i]));
        }
        assertEquals(R, q52);
        assertEquals(Mont.Q1 << 6, Mont.QS1);
        assertEquals(Mont.Q2 << 6, Mont.QS2);
        assertEquals(Mont.Q3 << 6, Mont.QS3);
        assertEquals(Mont.Q4 << 6, Mont.QS4);
        // the kernel hard-codes N' = -r^{-1} mod 2^52 = -(1 + 2^32) and r_0 = 2^52 - 2^32 + 1
        BigInteger w52 = TWO.pow(52);
        assertEquals(R.negate().modInverse(w52), w52.subtract(BigInteger.ONE.add(TWO.pow(32))));
        assertEquals(w52.subtract(TWO.pow(32)).add(BigInteger.ONE), BigInteger.valueOf(Mont.Q0));
        assertEquals(255, R.bitLength());
        assertEquals(32, R.subtract(BigInteger.ONE).getLowestSetBit());
    }

    /** The raw kernel: z = a * b * 2^-260 mod r, fully reduced, for all reduced inputs incl. extremes. */
    @Test
    void montgomeryKernelMatchesBigInteger() {
        BigInteger rInv = TWO.pow(Mont.MONT_BITS).modInverse(R);
        Random rnd = new Random(1);
        List<BigInteger> xs = new ArrayList<>(edgeValues());
        for (int i = 0; i < 300; i++) {
            xs.add(randBig(rnd));
        }
        long[] z = new long[4];
        for (BigInteger a : xs) {
            long[] la = Fr.limbsOf(a.mod(R));
            for (BigInteger b : xs) {
                long[] lb = Fr.limbsOf(b.mod(R));
                Mont.mul(la[0], la[1], la[2], la[3], lb[0], lb[1], lb[2], lb[3], z, 0);
                BigInteger expect = a.multiply(b).multiply(rInv).mod(R);
                assertEquals(expect, Fr.bigOf(z[0], z[1], z[2], z[3]), () -> "mont " + a + " " + b);
            }
        }
    }

    @Test
    void edgeValuesAllOps() {
        List<BigInteger> edges = edgeValues();
        for (BigInteger a : edges) {
            checkUnary(a);
            for (BigInteger b : edges) {
                checkBinary(a, b);
            }
        }
    }

    @Test
    void randomValuesAllOps() {
        Random rnd = new Random(42);
        for (int i = 0; i < 3000; i++) {
            BigInteger a = randBig(rnd);
            BigInteger b = randBig(rnd);
            checkBinary(a, b);
            if (i % 10 == 0) {
                checkUnary(a);
            }
        }
    }

    @Provide
    Arbitrary<BigInteger> fieldValues() {
        return Arbitraries.bigIntegers().between(BigInteger.ZERO, R.subtract(BigInteger.ONE))
                .edgeCases(c -> c.includeOnly(BigInteger.ZERO, BigInteger.ONE, R.subtract(BigInteger.ONE)));
    }

    @Property(tries = 300)
    void ringOpsMatchBigInteger(@ForAll("fieldValues") BigInteger a, @ForAll("fieldValues") BigInteger b) {
        checkBinary(a, b);
    }

    @Property(tries = 100)
    void inverseAndBytesMatchBigInteger(@ForAll("fieldValues") BigInteger a) {
        checkUnary(a);
    }

    @Test
    void ofLongAndBigIntegerReduce() {
        long[] ls = {0, 1, -1, 7, -7, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 0xffffffffL, -0xffffffffL};
        for (long l : ls) {
            assertEquals(BigInteger.valueOf(l).mod(R), Fr.of(l).toBigInteger(), "of(" + l + ")");
            assertEquals(Fr.of(BigInteger.valueOf(l)), Fr.of(l));
        }
        BigInteger huge = TWO.pow(1000).add(BigInteger.valueOf(12345));
        assertEquals(huge.mod(R), Fr.of(huge).toBigInteger());
        assertEquals(huge.negate().mod(R), Fr.of(huge.negate()).toBigInteger());
        assertTrue(Fr.of(R).isZero());
        assertTrue(Fr.of(R.negate()).isZero());
        assertEquals(Fr.one(), Fr.of(R.add(BigInteger.ONE)));
        assertTrue(Fr.zero().isZero());
        assertFalse(Fr.one().isZero());
        assertEquals(BigInteger.ONE, Fr.one().toBigInteger());
    }

    @Test
    void powMatchesModPow() {
        Random rnd = new Random(7);
        for (int i = 0; i < 100; i++) {
            BigInteger a = randBig(rnd);
            Fr fa = Fr.of(a);
            long e = rnd.nextInt(1 << 20);
            assertEquals(a.modPow(BigInteger.valueOf(e), R), fa.pow(e).toBigInteger());
            BigInteger be = new BigInteger(400, rnd);
            assertEquals(a.modPow(be, R), fa.pow(be).toBigInteger());
            if (a.signum() != 0) {
                assertEquals(a.modPow(BigInteger.valueOf(-e), R), fa.pow(-e).toBigInteger());
                assertEquals(a.modPow(be.negate(), R), fa.pow(be.negate()).toBigInteger());
                assertEquals(a.modPow(BigInteger.valueOf(Long.MIN_VALUE), R), fa.pow(Long.MIN_VALUE).toBigInteger());
            }
            assertEquals(a.modPow(BigInteger.valueOf(Long.MAX_VALUE), R), fa.pow(Long.MAX_VALUE).toBigInteger());
        }
        assertEquals(Fr.one(), Fr.zero().pow(0));
        assertEquals(Fr.zero(), Fr.zero().pow(5));
        assertEquals(Fr.one(), Fr.of(12345).pow(R.subtract(BigInteger.ONE)));
        assertThrows(ArithmeticException.class, () -> Fr.zero().pow(-1));
    }

    @Test
    void inverseOfZeroThrows() {
        assertThrows(ArithmeticException.class, () -> Fr.zero().inverse());
    }

    @Test
    void fromBytesRejectsNonCanonical() {
        IllegalArgumentException ex =
                assertThrows(IllegalArgumentException.class, () -> Fr.fromBytesLE(leBytes(R)));
        assertTrue(ex.getMessage().startsWith("scalar not canonical"), ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Fr.fromBytesLE(leBytes(R.add(BigInteger.ONE))));
        assertThrows(IllegalArgumentException.class,
                () -> Fr.fromBytesLE(leBytes(TWO.pow(256).subtract(BigInteger.ONE))));
        assertThrows(IllegalArgumentException.class,
                () -> Fr.fromBytesLE(leBytes(TWO.pow(255))));
        for (int len : new int[] {0, 31, 33, 64}) {
            IllegalArgumentException e2 =
                    assertThrows(IllegalArgumentException.class, () -> Fr.fromBytesLE(new byte[len]));
            assertTrue(e2.getMessage().startsWith("scalar not canonical"), e2.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Fr.fromBytesLE(null));
        assertEquals(R.subtract(BigInteger.ONE),
                Fr.fromBytesLE(leBytes(R.subtract(BigInteger.ONE))).toBigInteger());
        assertEquals(Fr.zero(), Fr.fromBytesLE(new byte[32]));
    }

    @Test
    void bytesLayoutIsLittleEndian() {
        byte[] b = Fr.of(0x0102).toBytesLE();
        assertEquals(0x02, b[0]);
        assertEquals(0x01, b[1]);
        for (int i = 2; i < 32; i++) {
            assertEquals(0, b[i]);
        }
        byte[] dst = new byte[40];
        Fr x = Fr.of(TWO.pow(200).add(BigInteger.valueOf(99)));
        x.toBytesLE(dst, 5);
        byte[] slice = new byte[32];
        System.arraycopy(dst, 5, slice, 0, 32);
        assertArrayEquals(x.toBytesLE(), slice);
        assertThrows(IndexOutOfBoundsException.class, () -> x.toBytesLE(dst, 9));
    }

    @Test
    void randomIsInRangeAndVaried() {
        StrongRandom seeded = SeededDrbg.of(123, "test.fr", 0);
        Set<Fr> seen = new HashSet<>();
        boolean highHalf = false;
        for (int i = 0; i < 2000; i++) {
            Fr x = Fr.random(seeded);
            BigInteger v = x.toBigInteger();
            assertTrue(v.signum() >= 0 && v.compareTo(R) < 0);
            highHalf |= v.testBit(254);
            seen.add(x);
        }
        assertEquals(2000, seen.size());
        assertTrue(highHalf);
        assertNotEquals(Fr.random(StrongRandom.system()), Fr.random(StrongRandom.system()));
        // same seed, same sequence
        assertEquals(Fr.random(SeededDrbg.of(5, "test.fr", 0)),
                Fr.random(SeededDrbg.of(5, "test.fr", 0)));
    }

    @Test
    void equalsHashCodeToString() {
        Fr a = Fr.of(255);
        Fr b = Fr.of(BigInteger.valueOf(255).add(R));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals("0xff", a.toString());
        assertNotEquals(a, Fr.of(256));
        assertNotEquals(a, "0xff");
        assertSame(Fr.zero(), Fr.of(0));
    }

    @Test
    void batchInverseMatchesInverse() {
        Random rnd = new Random(9);
        for (int n : new int[] {0, 1, 2, 17, 256}) {
            Fr[] xs = new Fr[n];
            for (int i = 0; i < n; i++) {
                xs[i] = i == 0 ? Fr.one() : DomainTest.randomFr(rnd);
            }
            Fr[] inv = Fr.batchInverse(xs);
            assertEquals(n, inv.length);
            for (int i = 0; i < n; i++) {
                assertEquals(xs[i].inverse(), inv[i], "index " + i);
            }
        }
    }

    @Test
    void batchInverseRejectsZeroWithIndex() {
        Fr[] xs = {Fr.of(3), Fr.of(4), Fr.of(5), Fr.of(6), Fr.of(7), Fr.zero(), Fr.of(8)};
        ArithmeticException ex = assertThrows(ArithmeticException.class, () -> Fr.batchInverse(xs));
        assertTrue(ex.getMessage().contains("index 5"), ex.getMessage());
        assertThrows(ArithmeticException.class, () -> Fr.batchInverse(new Fr[] {Fr.zero()}));
    }

    @Test
    void rootsOfUnity() {
        for (int k = 0; k <= 30; k++) {
            int n = 1 << k;
            Fr w = Fr.rootOfUnity(n);
            assertEquals(Fr.one(), w.pow(n), "order " + n);
            if (n > 1) {
                assertNotEquals(Fr.one(), w.pow(n / 2), "primitive " + n);
            }
            assertEquals(w, Fr.rootOfUnityLog2(k));
        }
        Fr w32 = Fr.rootOfUnityLog2(32);
        assertEquals(Fr.one(), w32.pow(1L << 32));
        assertNotEquals(Fr.one(), w32.pow(1L << 31));
        assertEquals(Fr.of(7).pow(R.subtract(BigInteger.ONE).shiftRight(32)), w32);
        assertEquals(Fr.one(), Fr.rootOfUnity(1));
        assertEquals(Fr.one().neg(), Fr.rootOfUnity(2));
        for (int bad : new int[] {0, -1, 3, 6, Integer.MIN_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> Fr.rootOfUnity(bad));
        }
        assertThrows(IllegalArgumentException.class, () -> Fr.rootOfUnityLog2(33));
    }
}
