package dev.tdsim.costs;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The bytes a CometBFT validator signs for a vote: {@code VoteSignBytes}, the protobuf encoding of
 * {@code tendermint.types.CanonicalVote} with a varint length prefix (CometBFT v0.38
 * types/vote.go and proto/tendermint/types/canonical.proto). Encoded here by hand, field by field,
 * so that the measured sign and verify calls see messages of the real size and shape (about 110
 * to 125 bytes for a block vote with a short chain id).
 *
 * <p>Fields: 1 type (varint), 2 height (sfixed64), 3 round (sfixed64), 4 block_id {1 hash,
 * 2 part_set_header {1 total, 2 hash}} (absent for a nil vote), 5 timestamp {1 seconds,
 * 2 nanos}, 6 chain_id. Proto3 leaves zero-valued scalars out, as gogoproto does.
 */
public final class CanonicalVoteBytes {
  /** SignedMsgType values of CometBFT. */
  public static final int PREVOTE = 1;
  public static final int PRECOMMIT = 2;

  private CanonicalVoteBytes() {}

  /**
   * @param type {@link #PREVOTE} or {@link #PRECOMMIT}
   * @param blockHash the 32-byte block hash, or null for a nil vote
   * @param partsHash the 32-byte part set hash (ignored for a nil vote)
   */
  public static byte[] encode(int type, long height, int round, byte[] blockHash, int partsTotal,
      byte[] partsHash, long timestampSeconds, int timestampNanos, String chainId) {
    Objects.requireNonNull(chainId, "chainId");
    ByteArrayOutputStream m = new ByteArrayOutputStream(128);
    if (type != 0) {
      tag(m, 1, 0);
      varint(m, type);
    }
    if (height != 0) {
      tag(m, 2, 1);
      fixed64(m, height);
    }
    if (round != 0) {
      tag(m, 3, 1);
      fixed64(m, round);
    }
    if (blockHash != null) {
      ByteArrayOutputStream parts = new ByteArrayOutputStream();
      if (partsTotal != 0) {
        tag(parts, 1, 0);
        varint(parts, partsTotal);
      }
      bytesField(parts, 2, Objects.requireNonNull(partsHash, "partsHash"));
      ByteArrayOutputStream id = new ByteArrayOutputStream();
      bytesField(id, 1, blockHash);
      bytesField(id, 2, parts.toByteArray());
      bytesField(m, 4, id.toByteArray());
    }
    ByteArrayOutputStream ts = new ByteArrayOutputStream();
    if (timestampSeconds != 0) {
      tag(ts, 1, 0);
      varint(ts, timestampSeconds);
    }
    if (timestampNanos != 0) {
      tag(ts, 2, 0);
      varint(ts, timestampNanos);
    }
    bytesField(m, 5, ts.toByteArray());
    byte[] chain = chainId.getBytes(StandardCharsets.UTF_8);
    if (chain.length > 0) {
      bytesField(m, 6, chain);
    }
    byte[] body = m.toByteArray();
    ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + 2);
    varint(out, body.length);
    out.writeBytes(body);
    return out.toByteArray();
  }

  /**
   * A realistic precommit for a block at height {@code 1_000_000 + i}, round {@code i % 3}, with
   * hashes and timestamp derived from {@code i} and chain id {@code cosmoshub-4}: distinct
   * messages of the size real votes have, for measuring.
   */
  public static byte[] sample(int i) {
    byte[] hash = new byte[32];
    byte[] parts = new byte[32];
    for (int b = 0; b < 32; b++) {
      hash[b] = (byte) (i * 31 + b * 7 + 1);
      parts[b] = (byte) (i * 17 + b * 13 + 5);
    }
    return encode(PRECOMMIT, 1_000_000L + i, i % 3, hash, 1 + i % 4, parts,
        1_767_225_600L + i, 123_456_789 + i, "cosmoshub-4");
  }

  private static void bytesField(ByteArrayOutputStream out, int field, byte[] value) {
    tag(out, field, 2);
    varint(out, value.length);
    out.writeBytes(value);
  }

  private static void tag(ByteArrayOutputStream out, int field, int wireType) {
    varint(out, ((long) field << 3) | wireType);
  }

  private static void varint(ByteArrayOutputStream out, long v) {
    while ((v & ~0x7FL) != 0) {
      out.write((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.write((int) v);
  }

  private static void fixed64(ByteArrayOutputStream out, long v) {
    for (int i = 0; i < 8; i++) {
      out.write((int) (v >>> (8 * i)) & 0xFF);
    }
  }
}
