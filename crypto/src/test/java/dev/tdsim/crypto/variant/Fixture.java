package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** A small key set (N = 64, V = 8, t = 42) and helpers shared by the variant tests. */
final class Fixture {
  static final Workers WORKERS = Workers.of(2);
  static final KeySet KEYS =
      KeySet.deal(Committee.equal(64, Committee.defaultThreshold(64), 8), new Random(31), WORKERS);
  /** BLS12-381's base field prime. */
  private static final BigInteger P = new BigInteger(
      "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
      16);
  /** G1's cofactor. */
  private static final BigInteger H1 = new BigInteger("396c8c005555e1568c00aaab0000aaab", 16);

  private Fixture() {}

  static SignerSet all() {
    return SignerSet.all(KEYS.committee());
  }

  static SignerSet signers(Integer... validators) {
    return SignerSet.of(KEYS.committee(), List.of(validators));
  }

  static byte[] message(int j) {
    return ("message " + j + " ").repeat(j + 1).getBytes(StandardCharsets.UTF_8);
  }

  /** Honest ciphertexts of {@link #message}(0..count-1) for the variant's group. */
  static List<Ciphertext> encrypt(CombineVariant<?> v, int count, Random random) {
    List<Ciphertext> cts = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      cts.add(Tpke.encrypt(KEYS.publicKey(), message(j), v.secretGroup(), random));
    }
    return cts;
  }

  /** Every signer's honest shares for the block (a mutable map, to corrupt). */
  static Map<Integer, List<byte[]>> shares(
      CombineVariant<?> v, SignerSet signers, List<Ciphertext> cts) {
    Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
    for (int validator : signers.validators()) {
      out.put(validator, make(v.shareMaker(KEYS, validator, signers), cts));
    }
    return out;
  }

  static List<byte[]> make(CombineVariant.ShareMaker maker, List<Ciphertext> cts) {
    return new ArrayList<>(cts.stream().map(maker::create).toList());
  }

  /** A point of E(Fp) outside G1 (x small, y = sqrt(x^3 + 4)): a G1 part plus torsion. */
  static G1Point onCurveOutsideG1() {
    for (BigInteger x = BigInteger.ONE; ; x = x.add(BigInteger.ONE)) {
      BigInteger rhs = x.pow(3).add(BigInteger.valueOf(4)).mod(P);
      BigInteger y = rhs.modPow(P.add(BigInteger.ONE).shiftRight(2), P);
      if (y.multiply(y).mod(P).equals(rhs)) {
        byte[] out = new byte[96];
        put(out, 0, x);
        put(out, 48, y);
        G1Point p = G1Point.fromBytesOnCurve(out);
        if (!p.isInSubgroup()) {
          return p;
        }
      }
    }
  }

  /**
   * A pure torsion point T (order dividing the cofactor, T != 0): P minus its G1 part, the G1
   * part being [h^-1 mod r]([h]P) ([h]P is in G1; the scalar multiplication by h is done by
   * doubling and adding, since Fr scalars are reduced mod r).
   */
  static G1Point torsion() {
    G1Point p = onCurveOutsideG1();
    G1Point hp = G1Point.identity();
    for (int bit = H1.bitLength() - 1; bit >= 0; bit--) {
      hp = hp.add(hp);
      if (H1.testBit(bit)) {
        hp = hp.add(p);
      }
    }
    G1Point g1Part = hp.multiply(Fr.of(H1.modInverse(Fr.MODULUS)));
    return p.add(g1Part.negate());
  }

  private static void put(byte[] out, int offset, BigInteger v) {
    byte[] b = v.toByteArray();
    int len = Math.min(b.length, 48);
    System.arraycopy(b, b.length - len, out, offset + 48 - len, len);
  }
}
