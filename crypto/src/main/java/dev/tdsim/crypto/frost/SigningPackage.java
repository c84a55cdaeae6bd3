package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the coordinator sends every chosen signer in round two (RFC 9591 section 5.2): the
 * commitment list, sorted by identifier with no repeats, and the message.
 */
public record SigningPackage(List<SigningCommitments> commitments, byte[] message) {
  public SigningPackage {
    commitments = List.copyOf(commitments);
    if (message == null) {
      throw new IllegalArgumentException("message is null");
    }
    message = message.clone();
    if (commitments.isEmpty()) {
      throw new IllegalArgumentException("the commitment list is empty");
    }
    for (int i = 1; i < commitments.size(); i++) {
      if (commitments.get(i - 1).identifier().compareTo(commitments.get(i).identifier()) >= 0) {
        throw new IllegalArgumentException("the commitment list must be sorted by identifier"
            + " without repeats (RFC 9591 section 5.2); found " + commitments.get(i - 1)
            .identifier().value() + " before " + commitments.get(i).identifier().value());
      }
    }
  }

  @Override
  public byte[] message() {
    return message.clone();
  }

  public List<Identifier> signers() {
    return commitments.stream().map(SigningCommitments::identifier).toList();
  }

  /** The commitments of {@code id}, or null if it is not in the list. */
  public SigningCommitments commitmentsOf(Identifier id) {
    for (SigningCommitments c : commitments) {
      if (c.identifier().equals(id)) {
        return c;
      }
    }
    return null;
  }

  /** count (4 bytes) || each commitment (96 bytes) || the message. */
  public byte[] encode() {
    ByteBuffer b = ByteBuffer.allocate(4 + commitments.size() * SigningCommitments.ENCODED_BYTES
        + message.length);
    b.putInt(commitments.size());
    for (SigningCommitments c : commitments) {
      b.put(c.encode());
    }
    return b.put(message).array();
  }

  /** Decodes and validates every entry (points, identifiers, order). */
  public static SigningPackage decode(byte[] encoded) {
    if (encoded == null || encoded.length < 4) {
      throw new CryptoException("FROST signing package decoding", "shorter than its count");
    }
    int n = ByteBuffer.wrap(encoded).getInt();
    long need = 4L + (long) n * SigningCommitments.ENCODED_BYTES;
    if (n < 1 || need > encoded.length) {
      throw new CryptoException("FROST signing package decoding", n + " commitments do not fit in "
          + encoded.length + " bytes");
    }
    List<SigningCommitments> list = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int off = 4 + i * SigningCommitments.ENCODED_BYTES;
      list.add(SigningCommitments.decode(Arrays.copyOfRange(encoded, off,
          off + SigningCommitments.ENCODED_BYTES)));
    }
    try {
      return new SigningPackage(list, Arrays.copyOfRange(encoded, (int) need, encoded.length));
    } catch (IllegalArgumentException e) {
      throw new CryptoException("FROST signing package decoding", e.getMessage());
    }
  }
}
