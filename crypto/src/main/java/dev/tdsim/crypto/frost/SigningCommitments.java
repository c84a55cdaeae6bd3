package dev.tdsim.crypto.frost;

import dev.tdsim.crypto.CryptoException;
import java.util.Arrays;
import java.util.Objects;

/**
 * A signer's round-one output (RFC 9591 section 5.1): the commitments D = [d]B and E = [e]B to its
 * hiding and binding nonces. On the wire: identifier || D || E (96 bytes), the entry format of
 * RFC 9591 section 4.3's encode_group_commitment_list.
 */
public record SigningCommitments(Identifier identifier, GroupElement hiding,
    GroupElement binding) {
  public static final int ENCODED_BYTES = 3 * 32;

  public SigningCommitments {
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(hiding, "hiding");
    Objects.requireNonNull(binding, "binding");
  }

  public byte[] encode() {
    byte[] out = new byte[ENCODED_BYTES];
    System.arraycopy(identifier.encode(), 0, out, 0, 32);
    System.arraycopy(hiding.encode(), 0, out, 32, 32);
    System.arraycopy(binding.encode(), 0, out, 64, 32);
    return out;
  }

  /** Decodes and validates (identifier range; both points canonical, non-identity, in the group). */
  public static SigningCommitments decode(byte[] b) {
    if (b == null || b.length != ENCODED_BYTES) {
      throw new CryptoException("FROST commitments decoding", "expected " + ENCODED_BYTES
          + " bytes, got " + (b == null ? "null" : b.length));
    }
    Identifier id = Identifier.decode(Arrays.copyOfRange(b, 0, 32), "commitments' identifier");
    return new SigningCommitments(id,
        GroupElement.decode(Arrays.copyOfRange(b, 32, 64), "hiding commitment of " + id.value()),
        GroupElement.decode(Arrays.copyOfRange(b, 64, 96), "binding commitment of " + id.value()));
  }
}
