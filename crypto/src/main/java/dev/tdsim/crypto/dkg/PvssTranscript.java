package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A publicly verifiable sharing of one dealer's polynomial, or the aggregate of several (Gurkan,
 * Jovanovic, Maller, Meiklejohn, Stern, Tomescu, "Aggregatable Distributed Key Generation",
 * Eurocrypt 2021, section 5; the weighted form Ferveo uses), on the N-th roots of unity split
 * over V validators by a {@link dev.tdsim.crypto.tpke.Committee}:
 *
 * <ul>
 *   <li>commitments A_k = [f(omega^k)]G in G1, k = 0..N-1;
 *   <li>encrypted shares Y^_k = [f(omega^k)] ek_i in G2, where ek_i = [dk_i]H is the encryption
 *       key of the validator i owning point k (it recovers [f(omega^k)]H = [1/dk_i] Y^_k);
 *   <li>Y2 = [f(0)]H in G2;
 *   <li>per contributing dealer d: its part of the public key Y_d = [f_d(0)]G and a proof of
 *       knowledge of f_d(0) bound to d ({@link KnowledgeProof}).
 * </ul>
 *
 * Aggregating transcripts adds the A_k, Y^_k and Y2 point-wise and keeps every contribution, so
 * an aggregate is verified exactly like a single transcript and has the same size plus 132 bytes
 * per extra dealer. Immutable.
 */
public final class PvssTranscript {
  /** One dealer's public-key part and its proof of knowledge. */
  public record Contribution(int dealer, G1Point publicKey, KnowledgeProof proof) {
    static final int BYTES = 4 + G1Point.COMPRESSED_BYTES + KnowledgeProof.BYTES;
  }

  private final List<Contribution> contributions;
  private final List<G1Point> commitments;
  private final List<G2Point> encryptedShares;
  private final G2Point publicKeyG2;

  PvssTranscript(List<Contribution> contributions, List<G1Point> commitments,
      List<G2Point> encryptedShares, G2Point publicKeyG2) {
    if (commitments.size() != encryptedShares.size()) {
      throw new CryptoException("PVSS transcript", commitments.size() + " commitments but "
          + encryptedShares.size() + " encrypted shares");
    }
    TreeMap<Integer, Contribution> byDealer = new TreeMap<>();
    for (Contribution c : contributions) {
      if (byDealer.put(c.dealer(), c) != null) {
        throw new CryptoException("PVSS transcript", "dealer " + c.dealer() + " contributes twice");
      }
    }
    if (byDealer.isEmpty()) {
      throw new CryptoException("PVSS transcript", "no contribution");
    }
    this.contributions = List.copyOf(byDealer.values());
    this.commitments = List.copyOf(commitments);
    this.encryptedShares = List.copyOf(encryptedShares);
    this.publicKeyG2 = publicKeyG2;
  }

  public List<Contribution> contributions() {
    return contributions;
  }

  public List<Integer> dealers() {
    return contributions.stream().map(Contribution::dealer).toList();
  }

  /** A_k = [f(omega^k)]G. */
  public List<G1Point> commitments() {
    return commitments;
  }

  /** Y^_k = [f(omega^k)] ek_i. */
  public List<G2Point> encryptedShares() {
    return encryptedShares;
  }

  /** Y = sum of the contributions' Y_d = [f(0)]G. */
  public G1Point publicKey() {
    return G1Point.sum(contributions.stream().map(Contribution::publicKey).toList());
  }

  public G2Point publicKeyG2() {
    return publicKeyG2;
  }

  public int shares() {
    return commitments.size();
  }

  /** "dealer 3" or "dealers [1, 2, 5]", for error messages. */
  String who() {
    return contributions.size() == 1 ? "dealer " + contributions.get(0).dealer()
        : "dealers " + dealers();
  }

  /**
   * Adds transcripts of distinct dealers over the same committee (parallel over the points).
   *
   * @throws CryptoException if sizes differ or a dealer appears twice
   */
  public static PvssTranscript aggregate(List<PvssTranscript> parts, Workers workers) {
    if (parts.isEmpty()) {
      throw new CryptoException("PVSS aggregation", "nothing to aggregate");
    }
    int n = parts.get(0).shares();
    List<Contribution> all = new ArrayList<>();
    for (PvssTranscript p : parts) {
      if (p.shares() != n) {
        throw new CryptoException("PVSS aggregation of " + p.who(),
            "has " + p.shares() + " shares, expected " + n);
      }
      all.addAll(p.contributions);
    }
    List<G1Point> a = workers.map(n, k -> {
      List<G1Point> terms = new ArrayList<>(parts.size());
      parts.forEach(p -> terms.add(p.commitments.get(k)));
      return G1Point.sum(terms);
    });
    List<G2Point> y = workers.map(n, k -> {
      G2Point s = parts.get(0).encryptedShares.get(k);
      for (int i = 1; i < parts.size(); i++) {
        s = s.add(parts.get(i).encryptedShares.get(k));
      }
      return s;
    });
    G2Point y2 = parts.get(0).publicKeyG2;
    for (int i = 1; i < parts.size(); i++) {
      y2 = y2.add(parts.get(i).publicKeyG2);
    }
    return new PvssTranscript(all, a, y, y2);
  }

  /** The encoded size: points uncompressed (fast to decode), bytes. */
  public long wireBytes() {
    return 4L + (long) contributions.size() * Contribution.BYTES + 4
        + (long) shares() * (G1Point.UNCOMPRESSED_BYTES + G2Point.UNCOMPRESSED_BYTES)
        + G2Point.COMPRESSED_BYTES;
  }

  public byte[] toBytes() {
    ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(wireBytes()));
    b.putInt(contributions.size());
    for (Contribution c : contributions) {
      b.putInt(c.dealer()).put(c.publicKey().toCompressed()).put(c.proof().toBytes());
    }
    b.putInt(shares());
    commitments.forEach(p -> b.put(p.toUncompressed()));
    encryptedShares.forEach(p -> b.put(p.toUncompressed()));
    b.put(publicKeyG2.toCompressed());
    return b.array();
  }

  /**
   * Decodes a transcript of {@code shares} points, checking every point's encoding, curve and
   * subgroup (in parallel on {@code workers}).
   *
   * @throws CryptoException naming the dealer(s) and the problem
   */
  public static PvssTranscript fromBytes(byte[] bytes, int shares, Workers workers) {
    String op = "PVSS transcript";
    if (bytes == null || bytes.length < 4) {
      throw new CryptoException(op, "truncated");
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    int count = b.getInt();
    if (count < 1 || (long) count * Contribution.BYTES > bytes.length) {
      throw new CryptoException(op, "bad contribution count " + count);
    }
    int[] dealers = new int[count];
    byte[][] ys = new byte[count][G1Point.COMPRESSED_BYTES];
    byte[][] proofs = new byte[count][KnowledgeProof.BYTES];
    for (int i = 0; i < count; i++) {
      dealers[i] = b.getInt();
      b.get(ys[i]);
      b.get(proofs[i]);
    }
    op = "PVSS transcript of " + (count == 1 ? "dealer " + dealers[0]
        : "dealers " + java.util.Arrays.toString(dealers));
    long expected = 4L + (long) count * Contribution.BYTES + 4
        + (long) shares * (G1Point.UNCOMPRESSED_BYTES + G2Point.UNCOMPRESSED_BYTES)
        + G2Point.COMPRESSED_BYTES;
    if (bytes.length != expected) {
      throw new CryptoException(op, "expected " + expected + " bytes for " + shares
          + " shares, got " + bytes.length);
    }
    int n = b.getInt();
    if (n != shares) {
      throw new CryptoException(op, "expected " + shares + " shares, got " + n);
    }
    List<Contribution> cs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String what = op + ", contribution of dealer " + dealers[i];
      cs.add(new Contribution(dealers[i], decodeG1(ys[i], what),
          KnowledgeProof.fromBytes(proofs[i], what)));
    }
    int aStart = b.position();
    int yStart = aStart + n * G1Point.UNCOMPRESSED_BYTES;
    final String where = op;
    List<G1Point> a = workers.map(n, k -> decodeG1(java.util.Arrays.copyOfRange(bytes,
        aStart + k * G1Point.UNCOMPRESSED_BYTES, aStart + (k + 1) * G1Point.UNCOMPRESSED_BYTES),
        where + ", commitment " + k));
    List<G2Point> y = workers.map(n, k -> decodeG2(java.util.Arrays.copyOfRange(bytes,
        yStart + k * G2Point.UNCOMPRESSED_BYTES, yStart + (k + 1) * G2Point.UNCOMPRESSED_BYTES),
        where + ", encrypted share " + k));
    int y2Start = yStart + n * G2Point.UNCOMPRESSED_BYTES;
    G2Point y2 = decodeG2(
        java.util.Arrays.copyOfRange(bytes, y2Start, y2Start + G2Point.COMPRESSED_BYTES),
        op + ", public key in G2");
    return new PvssTranscript(cs, a, y, y2);
  }

  private static G1Point decodeG1(byte[] b, String what) {
    try {
      return G1Point.fromBytes(b);
    } catch (CryptoException e) {
      throw new CryptoException(what, e.getMessage());
    }
  }

  private static G2Point decodeG2(byte[] b, String what) {
    try {
      return G2Point.fromBytes(b);
    } catch (CryptoException e) {
      throw new CryptoException(what, e.getMessage());
    }
  }

  @Override
  public String toString() {
    return "PvssTranscript[" + who() + ", shares=" + shares() + "]";
  }
}
