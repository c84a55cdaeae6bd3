package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of Pedersen's DKG (joint Feldman VSS), immutable and shared by all receivers, each
 * with its size on the wire. Broadcasts ({@link Dealing}, {@link Complaint}, {@link
 * Justification}) are assumed reliable (every honest party receives the same one, e.g. through
 * the consensus log); {@link PrivateShares} travel on a point-to-point channel encrypted to the
 * recipient. Sender authentication is the transport's (signed messages), not counted here.
 */
public sealed interface FeldmanMessage {
  /** Party index (4 bytes) in every message. */
  int INDEX_BYTES = 4;
  /** AEAD overhead of an encrypted private message: 12-byte nonce + 16-byte tag. */
  int AEAD_OVERHEAD_BYTES = 28;
  int SCALAR_BYTES = 32;

  /** The party that sent it. */
  int sender();

  /** Its size on the wire, in bytes (the encoding of {@link #toBytes} plus any channel overhead). */
  int wireBytes();

  /** Whether every party receives it (else only {@link PrivateShares#recipient()}). */
  boolean broadcast();

  byte[] toBytes();

  /**
   * Round 1 broadcast: the dealer's Feldman commitments C_j = [a_j]G to the coefficients of its
   * polynomial (t compressed G1 points) and its blinding key P = [b]H (compressed G2), which the
   * TPKE's fast variant needs beside the key share.
   */
  record Dealing(int dealer, List<G1Point> commitments, G2Point blindingKey)
      implements FeldmanMessage {
    public Dealing {
      commitments = List.copyOf(commitments);
      if (commitments.isEmpty()) {
        throw new CryptoException("DKG dealing of dealer " + dealer, "no commitments");
      }
    }

    @Override
    public int sender() {
      return dealer;
    }

    @Override
    public int wireBytes() {
      return INDEX_BYTES + 4 + commitments.size() * G1Point.COMPRESSED_BYTES
          + G2Point.COMPRESSED_BYTES;
    }

    @Override
    public boolean broadcast() {
      return true;
    }

    @Override
    public byte[] toBytes() {
      ByteBuffer b = ByteBuffer.allocate(wireBytes());
      b.putInt(dealer).putInt(commitments.size());
      commitments.forEach(c -> b.put(c.toCompressed()));
      b.put(blindingKey.toCompressed());
      return b.array();
    }

    /**
     * Decodes and checks a dealing for a DKG of threshold t: exactly t commitments, each a valid
     * G1 point in the subgroup, and a valid G2 blinding key.
     *
     * @throws CryptoException naming the dealer and the problem
     */
    public static Dealing fromBytes(byte[] bytes, int threshold) {
      String op = "DKG dealing";
      if (bytes == null || bytes.length < 8) {
        throw new CryptoException(op, "truncated message (" + (bytes == null ? 0 : bytes.length)
            + " bytes)");
      }
      ByteBuffer b = ByteBuffer.wrap(bytes);
      int dealer = b.getInt();
      op = "DKG dealing of dealer " + dealer;
      int count = b.getInt();
      if (count != threshold) {
        throw new CryptoException(op, "expected " + threshold + " commitments, got " + count);
      }
      long expected = 8L + (long) count * G1Point.COMPRESSED_BYTES + G2Point.COMPRESSED_BYTES;
      if (bytes.length != expected) {
        throw new CryptoException(op, "expected " + expected + " bytes, got " + bytes.length);
      }
      List<G1Point> cs = new ArrayList<>(count);
      try {
        for (int j = 0; j < count; j++) {
          byte[] p = new byte[G1Point.COMPRESSED_BYTES];
          b.get(p);
          cs.add(G1Point.fromBytes(p));
        }
        byte[] q = new byte[G2Point.COMPRESSED_BYTES];
        b.get(q);
        G2Point key = G2Point.fromBytes(q);
        if (key.isIdentity()) {
          throw new CryptoException(op, "blinding key is the identity");
        }
        return new Dealing(dealer, cs, key);
      } catch (CryptoException e) {
        throw e.getMessage().startsWith(op) ? e : new CryptoException(op, e.getMessage(), e);
      }
    }
  }

  /**
   * Round 1 private message: the dealer's evaluations f(omega^k) at each of the recipient's
   * points, encrypted to the recipient on the wire.
   */
  record PrivateShares(int dealer, int recipient, List<Fr> shares) implements FeldmanMessage {
    public PrivateShares {
      shares = List.copyOf(shares);
    }

    @Override
    public int sender() {
      return dealer;
    }

    @Override
    public int wireBytes() {
      return 2 * INDEX_BYTES + shares.size() * SCALAR_BYTES + AEAD_OVERHEAD_BYTES;
    }

    @Override
    public boolean broadcast() {
      return false;
    }

    /** The plaintext (the channel adds {@link #AEAD_OVERHEAD_BYTES}). */
    @Override
    public byte[] toBytes() {
      return encodeShares(dealer, recipient, shares);
    }

    /**
     * Decodes a decrypted private message holding {@code count} shares.
     *
     * @throws CryptoException naming the dealer: wrong length or a non-canonical scalar
     */
    public static PrivateShares fromBytes(byte[] plain, int count) {
      int[] ids = new int[2];
      List<Fr> shares = decodeShares(plain, count, ids, "DKG private shares");
      return new PrivateShares(ids[0], ids[1], shares);
    }
  }

  /** Round 2 broadcast: the complainer did not get valid shares from the dealer. */
  record Complaint(int complainer, int dealer) implements FeldmanMessage {
    @Override
    public int sender() {
      return complainer;
    }

    @Override
    public int wireBytes() {
      return 2 * INDEX_BYTES;
    }

    @Override
    public boolean broadcast() {
      return true;
    }

    @Override
    public byte[] toBytes() {
      return ByteBuffer.allocate(wireBytes()).putInt(complainer).putInt(dealer).array();
    }
  }

  /**
   * Round 3 broadcast: the dealer's answer to a complaint, the complainer's shares in the clear;
   * everybody checks them against the dealer's commitments.
   */
  record Justification(int dealer, int complainer, List<Fr> shares) implements FeldmanMessage {
    public Justification {
      shares = List.copyOf(shares);
    }

    @Override
    public int sender() {
      return dealer;
    }

    @Override
    public int wireBytes() {
      return 2 * INDEX_BYTES + shares.size() * SCALAR_BYTES;
    }

    @Override
    public boolean broadcast() {
      return true;
    }

    @Override
    public byte[] toBytes() {
      return encodeShares(dealer, complainer, shares);
    }

    public static Justification fromBytes(byte[] bytes, int count) {
      int[] ids = new int[2];
      List<Fr> shares = decodeShares(bytes, count, ids, "DKG justification");
      return new Justification(ids[0], ids[1], shares);
    }
  }

  private static byte[] encodeShares(int a, int b, List<Fr> shares) {
    ByteBuffer buf = ByteBuffer.allocate(2 * INDEX_BYTES + shares.size() * SCALAR_BYTES);
    buf.putInt(a).putInt(b);
    shares.forEach(s -> buf.put(s.toBytesLE()));
    return buf.array();
  }

  private static List<Fr> decodeShares(byte[] bytes, int count, int[] ids, String what) {
    if (bytes == null || bytes.length < 2 * INDEX_BYTES) {
      throw new CryptoException(what, "truncated message");
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    ids[0] = buf.getInt();
    ids[1] = buf.getInt();
    String op = what + " of dealer " + ids[0];
    int expected = 2 * INDEX_BYTES + count * SCALAR_BYTES;
    if (bytes.length != expected) {
      throw new CryptoException(op, "expected " + expected + " bytes, got " + bytes.length);
    }
    List<Fr> shares = new ArrayList<>(count);
    for (int j = 0; j < count; j++) {
      byte[] s = new byte[SCALAR_BYTES];
      buf.get(s);
      try {
        shares.add(Fr.fromBytesLE(s));
      } catch (IllegalArgumentException e) {
        throw new CryptoException(op, "share " + j + ": " + e.getMessage());
      }
    }
    return shares;
  }
}
