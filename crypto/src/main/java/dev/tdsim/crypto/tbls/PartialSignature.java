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
 * <p>Wire format: the points' 48-byte compressed encodings, concatenated in point order (48 B times
 * the validator's point count, 2,640 B for 55 points); the validator is known from the vote that
 * carries it. {@link #decode} checks each point's encoding, curve and subgroup, so a decoded partial
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

  /** The encoded size of validator {@code validator}'s partial, bytes. */
  public static int encodedBytes(Committee committee, int validator) {
    return G1Point.COMPRESSED_BYTES * committee.pointsOf(validator);
  }

  /** The concatenated 48-byte compressed points. */
  public byte[] encode() {
    byte[] out = new byte[G1Point.COMPRESSED_BYTES * points.size()];
    for (int i = 0; i < points.size(); i++) {
      System.arraycopy(points.get(i).toCompressed(), 0, out, i * G1Point.COMPRESSED_BYTES,
          G1Point.COMPRESSED_BYTES);
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
    if (validator < 0 || validator >= committee.validators()) {
      throw new CryptoException(DECODING, "no validator " + validator + " among "
          + committee.validators());
    }
    int count = committee.pointsOf(validator);
    int expected = G1Point.COMPRESSED_BYTES * count;
    if (bytes == null || bytes.length != expected) {
      throw new CryptoException(DECODING, "validator " + validator + " holds " + count
          + " points: expected " + expected + " bytes, got "
          + (bytes == null ? "null" : bytes.length));
    }
    List<G1Point> points = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      byte[] one = Arrays.copyOfRange(bytes, i * G1Point.COMPRESSED_BYTES,
          (i + 1) * G1Point.COMPRESSED_BYTES);
      try {
        points.add(G1Point.fromBytes(one));
      } catch (CryptoException e) {
        throw new CryptoException(DECODING, "validator " + validator + ", point " + i + " of "
            + count + ": " + e.getMessage());
      }
    }
    return new PartialSignature(validator, points);
  }
}
