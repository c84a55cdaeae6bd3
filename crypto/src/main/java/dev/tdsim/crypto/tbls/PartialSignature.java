package dev.tdsim.crypto.tbls;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.tpke.Committee;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One validator's partial threshold BLS signature: one G1 point sigma_k = [f(omega^k)] H1(m) for
 * every domain point k it holds, in its point order (the validator's chunk of the committee).
 * Immutable; equality is on the validator and the points.
 *
 * <p>Wire format: the points' encodings concatenated in point order, all compressed (48 B each:
 * 2,640 B for 55 points) or all uncompressed (96 B each: 5,280 B, decoded ~45x faster); the
 * validator is known from the vote that carries it. {@link #decode} checks each point's encoding, curve and subgroup, so a decoded partial
 * only holds points of the prime-order group G1.
 *
 * @param validator the signer's index in the committee
 * @param points sigma_k for the validator's points, in order
 */
public record PartialSignature(int validator, List<G1Point> points) {
  public static final String DECODING = "decoding threshold BLS partial signature";

  public PartialSignature {
    if (validator < 0) {
      throw new CryptoException("threshold BLS partial signature", "validator " + validator
          + " is negative");
    }
    points = List.copyOf(points);
    if (points.isEmpty()) {
      throw new CryptoException("threshold BLS partial signature", "no points");
    }
  }

  /** The compressed encoding's size for validator {@code validator}, bytes (48 per point). */
  public static int encodedBytes(Committee committee, int validator) {
    return G1Point.COMPRESSED_BYTES * committee.pointsOf(validator);
  }

  /** The uncompressed encoding's size for validator {@code validator}, bytes (96 per point). */
  public static int uncompressedBytes(Committee committee, int validator) {
    return G1Point.UNCOMPRESSED_BYTES * committee.pointsOf(validator);
  }

  /** The concatenated 48-byte compressed points. */
  public byte[] encode() {
    return concat(G1Point.COMPRESSED_BYTES, true);
  }

  /**
   * The concatenated 96-byte uncompressed points: twice the bytes, but no square root to decode
   * (~0.4 us a point instead of ~18 us), the project's usual trade for shares on the wire.
   */
  public byte[] encodeUncompressed() {
    return concat(G1Point.UNCOMPRESSED_BYTES, false);
  }

  private byte[] concat(int size, boolean compressed) {
    byte[] out = new byte[size * points.size()];
    for (int i = 0; i < points.size(); i++) {
      byte[] one = compressed ? points.get(i).toCompressed() : points.get(i).toUncompressed();
      System.arraycopy(one, 0, out, i * size, size);
    }
    return out;
  }

  /**
   * Decodes validator {@code validator}'s partial and checks every point (encoding, curve, subgroup).
   *
   * @throws CryptoException naming the validator, the expected and actual length, or the first bad
   *     point's index and problem
   */
  public static PartialSignature decode(Committee committee, int validator, byte[] bytes) {
    return decode(committee, validator, bytes, true);
  }

  /**
   * Decodes like {@link #decode} but checks only each point's encoding and curve equation, not
   * its subgroup (about 18 us a point instead of about 80 us): for a combiner, whose check of the
   * combined signature (in G1, valid) decides, and whose blame ({@link ThresholdBls#faulty})
   * checks the subgroup of every point it suspects. A torsion component is invisible to the
   * pairing checks of {@link ThresholdBls#verifyPartial} and {@link ThresholdBls#verifyAll}.
   *
   * @throws CryptoException as {@link #decode}, except for subgroup membership
   */
  public static PartialSignature decodeOnCurve(Committee committee, int validator, byte[] bytes) {
    return decode(committee, validator, bytes, false);
  }

  private static PartialSignature decode(Committee committee, int validator, byte[] bytes,
      boolean subgroup) {
    if (validator < 0 || validator >= committee.validators()) {
      throw new CryptoException(DECODING, "no validator " + validator + " among "
          + committee.validators());
    }
    int count = committee.pointsOf(validator);
    int size = bytes == null ? 0 : bytes.length == G1Point.UNCOMPRESSED_BYTES * count
        ? G1Point.UNCOMPRESSED_BYTES : G1Point.COMPRESSED_BYTES;
    if (bytes == null || bytes.length != size * count) {
      throw new CryptoException(DECODING, "validator " + validator + " holds " + count
          + " points: expected " + G1Point.COMPRESSED_BYTES * count + " (compressed) or "
          + G1Point.UNCOMPRESSED_BYTES * count + " (uncompressed) bytes, got "
          + (bytes == null ? "null" : bytes.length));
    }
    List<G1Point> points = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      byte[] one = Arrays.copyOfRange(bytes, i * size, (i + 1) * size);
      try {
        points.add(subgroup ? G1Point.fromBytes(one) : G1Point.fromBytesOnCurve(one));
      } catch (CryptoException e) {
        throw new CryptoException(DECODING, "validator " + validator + ", point " + i + " of "
            + count + ": " + e.getMessage());
      }
    }
    return new PartialSignature(validator, points);
  }
}
