package dev.tdsim.crypto.curve;

import com.sun.jna.Memory;
import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Fr;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import supranational.blst.P2;
import supranational.blst.P2_Affine;

/** An immutable point of G2 (BLS12-381), affine. Encodings: 96 compressed or 192 bytes. */
public final class G2Point {
  public static final int COMPRESSED_BYTES = 96;
  public static final int UNCOMPRESSED_BYTES = 192;

  private static final G2Point GENERATOR = new G2Point(P2_Affine.generator());
  private static final G2Point IDENTITY = new G2Point(new P2().to_affine());

  final P2_Affine affine;

  G2Point(P2_Affine affine) {
    this.affine = affine;
  }

  static G2Point fromJacobian(P2 p) {
    return new G2Point(p.to_affine());
  }

  public static G2Point generator() {
    return GENERATOR;
  }

  public static G2Point identity() {
    return IDENTITY;
  }

  /**
   * RFC 9380 hash-to-curve (BLS12381G2_XMD:SHA-256_SSWU_RO_) with the caller's domain separation
   * tag.
   */
  public static G2Point hashTo(byte[] message, String domainSeparationTag) {
    return fromJacobian(
        new P2().hash_to(message, domainSeparationTag, new byte[0]));
  }

  /**
   * {@link #hashTo} of every message, normalised to affine together: one Fp2 inversion for the
   * lot instead of one per point.
   */
  public static List<G2Point> hashEachTo(List<byte[]> messages, String domainSeparationTag) {
    long[][] jacobian = new long[messages.size()][];
    for (int i = 0; i < jacobian.length; i++) {
      jacobian[i] =
          NativeBlst.data(new P2().hash_to(messages.get(i), domainSeparationTag, new byte[0]));
    }
    long[][] affine = BatchAffine.of(jacobian, false);
    List<G2Point> result = new ArrayList<>(affine.length);
    for (long[] a : affine) {
      result.add(a == null ? IDENTITY : new G2Point(NativeBlst.p2Affine(a)));
    }
    return result;
  }

  /** Decodes and checks curve equation and subgroup membership. */
  public static G2Point fromBytes(byte[] bytes) {
    if (bytes == null
        || (bytes.length != COMPRESSED_BYTES && bytes.length != UNCOMPRESSED_BYTES)) {
      throw new CryptoException(
          "decoding G2 point",
          "expected 96 or 192 bytes, got " + (bytes == null ? "null" : bytes.length));
    }
    P2_Affine a;
    try {
      a = new P2_Affine(bytes);
    } catch (RuntimeException e) {
      throw new CryptoException("decoding G2 point", "invalid encoding (" + e.getMessage() + ")");
    }
    if (!a.in_group()) {
      throw new CryptoException("decoding G2 point", "point is not in the prime-order subgroup");
    }
    return new G2Point(a);
  }

  public G2Point add(G2Point other) {
    return fromJacobian(new P2(affine).add(other.affine));
  }

  public G2Point negate() {
    return fromJacobian(new P2(affine).neg());
  }

  public G2Point multiply(Fr scalar) {
    return fromJacobian(new P2(affine).mult(Scalars.toBlst(scalar)));
  }

  public boolean isIdentity() {
    return affine.is_inf();
  }

  public byte[] toCompressed() {
    return affine.compress();
  }

  public byte[] toUncompressed() {
    return affine.serialize();
  }

  /** Multi-scalar multiplication sum [s_i] Q_i by blst's Pippenger. */
  public static G2Point msm(List<G2Point> points, List<Fr> scalars) {
    return msm(points, scalars, Scalars.FULL_BITS);
  }

  /** {@link #msm(List, List)} with every scalar below 2^bits: Pippenger over that many bits. */
  public static G2Point msm(List<G2Point> points, List<Fr> scalars, int bits) {
    G1Point.requireSameSize(points.size(), scalars.size(), "G2 multi-scalar multiplication");
    if (points.isEmpty()) {
      return IDENTITY;
    }
    Memory packed =
        new Memory((long) points.size() * NativeBlst.P2_AFFINE_LONGS * Long.BYTES);
    long offset = 0;
    for (G2Point p : points) {
      packed.write(offset, NativeBlst.data(p.affine), 0, NativeBlst.P2_AFFINE_LONGS);
      offset += NativeBlst.P2_AFFINE_LONGS * Long.BYTES;
    }
    long[] raw =
        NativeBlst.g2Msm(packed, Scalars.pack(scalars, bits), points.size(), bits);
    return fromJacobian(NativeBlst.p2(raw));
  }

  /**
   * Multi-scalar multiplication with 64-bit scalars (read as unsigned), for random-linear-
   * combination checks: about a quarter of a full-width MSM.
   */
  public static G2Point msmShort(List<G2Point> points, long[] scalars) {
    G1Point.requireSameSize(points.size(), scalars.length, "G2 short multi-scalar multiplication");
    if (points.isEmpty()) {
      return IDENTITY;
    }
    Memory packed =
        new Memory((long) points.size() * NativeBlst.P2_AFFINE_LONGS * Long.BYTES);
    long offset = 0;
    for (G2Point p : points) {
      packed.write(offset, NativeBlst.data(p.affine), 0, NativeBlst.P2_AFFINE_LONGS);
      offset += NativeBlst.P2_AFFINE_LONGS * Long.BYTES;
    }
    long[] raw = NativeBlst.g2Msm(packed, Scalars.packShort(scalars), points.size(), Long.SIZE);
    return fromJacobian(NativeBlst.p2(raw));
  }

  /** Precomputes this point's Miller-loop lines, for repeated pairings against it. */
  public G2Prepared prepare() {
    return new G2Prepared(this);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof G2Point other && affine.is_equal(other.affine);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(toCompressed());
  }

  @Override
  public String toString() {
    byte[] c = toCompressed();
    return "G2(" + new String(hex(c, 8), StandardCharsets.US_ASCII) + "...)";
  }

  static byte[] hex(byte[] bytes, int count) {
    byte[] out = new byte[2 * count];
    final byte[] digits = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < count; i++) {
      out[2 * i] = digits[(bytes[i] >> 4) & 0xf];
      out[2 * i + 1] = digits[bytes[i] & 0xf];
    }
    return out;
  }
}
