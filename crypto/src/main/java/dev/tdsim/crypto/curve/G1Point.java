package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;
import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Fr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import supranational.blst.P1;
import supranational.blst.P1_Affine;

/**
 * An immutable point of G1 (BLS12-381), kept in affine form. Equality is on the point.
 *
 * <p>Encodings: 48-byte compressed or 96-byte uncompressed (ZCash/IETF format). Uncompressed
 * points decode about 45x faster (no square root), so wire shares use that form.
 */
public final class G1Point {
  public static final int COMPRESSED_BYTES = 48;
  public static final int UNCOMPRESSED_BYTES = 96;

  private static final G1Point GENERATOR = new G1Point(P1_Affine.generator());
  private static final G1Point IDENTITY = new G1Point(new P1().to_affine());

  final P1_Affine affine;

  G1Point(P1_Affine affine) {
    this.affine = affine;
  }

  static G1Point fromJacobian(P1 p) {
    return new G1Point(p.to_affine());
  }

  public static G1Point generator() {
    return GENERATOR;
  }

  public static G1Point identity() {
    return IDENTITY;
  }

  /**
   * RFC 9380 hash-to-curve (BLS12381G1_XMD:SHA-256_SSWU_RO_) with the caller's domain separation
   * tag: a point whose discrete logarithm nobody knows.
   */
  public static G1Point hashTo(byte[] message, String domainSeparationTag) {
    return fromJacobian(new P1().hash_to(message, domainSeparationTag, new byte[0]));
  }

  /**
   * Decodes a compressed or uncompressed point and checks that it is on the curve and in the
   * prime-order subgroup.
   *
   * @throws CryptoException naming the problem (length, encoding, curve, subgroup)
   */
  public static G1Point fromBytes(byte[] bytes) {
    G1Point p = fromBytesOnCurve(bytes);
    if (!p.affine.in_group()) {
      throw new CryptoException("decoding G1 point", "point is not in the prime-order subgroup");
    }
    return p;
  }

  /**
   * Decodes and checks the curve equation but not subgroup membership: only for protocol steps
   * whose own check (an authenticated combination) rejects any point outside the subgroup.
   */
  public static G1Point fromBytesOnCurve(byte[] bytes) {
    if (bytes == null
        || (bytes.length != COMPRESSED_BYTES && bytes.length != UNCOMPRESSED_BYTES)) {
      throw new CryptoException(
          "decoding G1 point",
          "expected 48 or 96 bytes, got " + (bytes == null ? "null" : bytes.length));
    }
    try {
      return new G1Point(new P1_Affine(bytes));
    } catch (RuntimeException e) {
      throw new CryptoException("decoding G1 point", "invalid encoding (" + e.getMessage() + ")");
    }
  }

  public G1Point add(G1Point other) {
    return fromJacobian(new P1(affine).add(other.affine));
  }

  public G1Point negate() {
    return fromJacobian(new P1(affine).neg());
  }

  public G1Point multiply(Fr scalar) {
    return fromJacobian(new P1(affine).mult(Scalars.toBlst(scalar)));
  }

  public boolean isIdentity() {
    return affine.is_inf();
  }

  public boolean isInSubgroup() {
    return affine.in_group();
  }

  public byte[] toCompressed() {
    return affine.compress();
  }

  public byte[] toUncompressed() {
    return affine.serialize();
  }

  /** Multi-scalar multiplication sum [s_i] P_i by blst's Pippenger, full 255-bit scalars. */
  public static G1Point msm(List<G1Point> points, List<Fr> scalars) {
    return msm(points, scalars, Scalars.FULL_BITS);
  }

  /** {@link #msm(List, List)} with every scalar below 2^bits: Pippenger over that many bits. */
  public static G1Point msm(List<G1Point> points, List<Fr> scalars, int bits) {
    requireSameSize(points.size(), scalars.size(), "G1 multi-scalar multiplication");
    if (points.isEmpty()) {
      return IDENTITY;
    }
    return fromJacobian(
        NativeBlst.g1Msm(packAffine(points), Scalars.pack(scalars, bits), points.size(), bits));
  }

  /**
   * Multi-scalar multiplication with 64-bit scalars (read as unsigned), as used by
   * random-linear-combination checks; it costs about a quarter of a full-width MSM.
   */
  public static G1Point msmShort(List<G1Point> points, long[] scalars) {
    requireSameSize(points.size(), scalars.length, "G1 short multi-scalar multiplication");
    if (points.isEmpty()) {
      return IDENTITY;
    }
    return fromJacobian(
        NativeBlst.g1Msm(packAffine(points), Scalars.packShort(scalars), points.size(), Long.SIZE));
  }

  /**
   * [s_i] P_i for every i, with 64-bit scalars (read as unsigned): the per-point weighting of a
   * random-linear-combination check whose points cannot be summed (each pairs with its own G2
   * point). A 64-bit multiplication costs about a quarter of a full-width one, and the results
   * are normalised to affine together (one inversion).
   */
  public static List<G1Point> multiplyEachShort(List<G1Point> points, long[] scalars) {
    requireSameSize(points.size(), scalars.length, "G1 short multiplications");
    byte[][] le = new byte[scalars.length][Long.BYTES];
    for (int i = 0; i < le.length; i++) {
      for (int b = 0; b < Long.BYTES; b++) {
        le[i][b] = (byte) (scalars[i] >>> (8 * b));
      }
    }
    return multiplyEach(points, le, Long.SIZE);
  }

  /**
   * [s_i] P_i for every i with scalars below 2^bits (e.g. 129 for 128-bit weights plus one), at
   * the cost of a bits-long multiplication each, normalised to affine together.
   */
  public static List<G1Point> multiplyEach(List<G1Point> points, List<Fr> scalars, int bits) {
    requireSameSize(points.size(), scalars.size(), "G1 multiplications");
    byte[][] le = new byte[scalars.size()][];
    for (int i = 0; i < le.length; i++) {
      le[i] = Scalars.toBytes(scalars.get(i));
    }
    return multiplyEach(points, le, bits);
  }

  private static List<G1Point> multiplyEach(List<G1Point> points, byte[][] le, int bits) {
    long[][] jacobian = new long[points.size()][];
    for (int i = 0; i < jacobian.length; i++) {
      long[] out = new long[NativeBlst.P1_LONGS];
      NativeBlst.blst_p1_mult(out, NativeBlst.data(new P1(points.get(i).affine)), le[i], bits);
      jacobian[i] = out;
    }
    long[][] affine = BatchAffine.of(jacobian, true);
    List<G1Point> result = new ArrayList<>(affine.length);
    for (long[] a : affine) {
      result.add(a == null ? IDENTITY : new G1Point(NativeBlst.p1Affine(a)));
    }
    return result;
  }

  /** The sum of many points with blst's batch-affine addition (one shared inversion). */
  public static G1Point sum(List<G1Point> points) {
    if (points.isEmpty()) {
      return IDENTITY;
    }
    long[] out = new long[NativeBlst.P1_LONGS];
    NativeBlst.blst_p1s_add(out, NativeBlst.contiguous(packAffine(points)), points.size());
    return fromJacobian(NativeBlst.p1(out));
  }

  static Memory packAffine(List<G1Point> points) {
    Memory mem = new Memory((long) points.size() * NativeBlst.P1_AFFINE_LONGS * Long.BYTES);
    long offset = 0;
    for (G1Point p : points) {
      mem.write(offset, NativeBlst.data(p.affine), 0, NativeBlst.P1_AFFINE_LONGS);
      offset += NativeBlst.P1_AFFINE_LONGS * Long.BYTES;
    }
    return mem;
  }

  static void requireSameSize(int a, int b, String operation) {
    if (a != b) {
      throw new CryptoException(operation, a + " points but " + b + " scalars");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof G1Point other && affine.is_equal(other.affine);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(toCompressed());
  }

  @Override
  public String toString() {
    byte[] c = toCompressed();
    StringBuilder sb = new StringBuilder("G1(");
    for (int i = 0; i < 8; i++) {
      sb.append(String.format("%02x", c[i]));
    }
    return sb.append("...)").toString();
  }
}
