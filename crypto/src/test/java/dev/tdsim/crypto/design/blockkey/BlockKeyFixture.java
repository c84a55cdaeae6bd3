package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.field.Fr;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small key set (N = 64 points over V = 8 validators, t = 42) set up for block-key. */
final class BlockKeyFixture {
  static final Workers WORKERS = Workers.of(2);
  static final KeySet KEYS = KeySet.deal(
      Committee.equal(64, Committee.defaultThreshold(64), 8), SeededDrbg.of(41, "blockkey", 0),
      WORKERS);
  static final DesignKeys DESIGN =
      Designs.byName("block-key").setup(KEYS, 64, SeededDrbg.of(41, "blockkey", 1), WORKERS);

  private BlockKeyFixture() {}

  static BlockId block(long height) {
    return new BlockId("test-chain", height);
  }

  static byte[] message(int j) {
    return ("tx " + j + " ").repeat(j + 1).getBytes(StandardCharsets.UTF_8);
  }

  static List<SealedTx> seal(DesignKeys keys, BlockId block, int count, StrongRandom random) {
    List<SealedTx> txs = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      txs.add(keys.encrypt(block, j, message(j), random));
    }
    return txs;
  }

  static PreparedBlock prepare(DesignKeys keys, BlockId block, List<SealedTx> txs) {
    return keys.prepare(keys.digest(block, txs, WORKERS), txs, WORKERS);
  }

  /** Every signer's honest shares (a mutable map, to corrupt). */
  static Map<Integer, List<byte[]>> shares(DesignKeys keys, SignerSet signers, PreparedBlock b) {
    Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
    for (int v : signers.validators()) {
      out.put(v, new ArrayList<>(keys.createShares(v, signers, b)));
    }
    return out;
  }

  static SignerSet all() {
    return SignerSet.all(KEYS.committee());
  }

  /** BLS12-381's base field prime. */
  private static final BigInteger P = new BigInteger("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38"
      + "512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab", 16);
  /** G1's cofactor. */
  private static final BigInteger H1 = new BigInteger("396c8c005555e1568c00aaab0000aaab", 16);

  /**
   * A pure torsion point T != 0 of E(Fp) (order dividing the cofactor): a point off G1 minus its
   * G1 part. Added to an honest share, no pairing can see it.
   */
  static G1Point torsion() {
    G1Point p = null;
    for (BigInteger x = BigInteger.ONE; p == null; x = x.add(BigInteger.ONE)) {
      BigInteger rhs = x.pow(3).add(BigInteger.valueOf(4)).mod(P);
      BigInteger y = rhs.modPow(P.add(BigInteger.ONE).shiftRight(2), P);
      if (y.multiply(y).mod(P).equals(rhs)) {
        byte[] out = new byte[96];
        put(out, 0, x);
        put(out, 48, y);
        G1Point q = G1Point.fromBytesOnCurve(out);
        p = q.isInSubgroup() ? null : q;
      }
    }
    G1Point hp = G1Point.identity();
    for (int bit = H1.bitLength() - 1; bit >= 0; bit--) {
      hp = hp.add(hp);
      if (H1.testBit(bit)) {
        hp = hp.add(p);
      }
    }
    return p.add(hp.multiply(Fr.of(H1.modInverse(Fr.MODULUS))).negate());
  }

  private static void put(byte[] out, int offset, BigInteger v) {
    byte[] b = v.toByteArray();
    int len = Math.min(b.length, 48);
    System.arraycopy(b, b.length - len, out, offset + 48 - len, len);
  }
}
