package dev.tdsim.crypto.cggmp21.zk;

import dev.tdsim.crypto.cggmp21.Secp256k1;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.bouncycastle.math.ec.ECPoint;

/**
 * The Fiat-Shamir transform of CGGMP21's Σ-protocols: SHA-512 over a domain tag naming the proof,
 * the session id, the prover's index, then every public input and first message, each
 * length-prefixed (so no two different transcripts hash the same bytes). Challenges are drawn from
 * SHA-512(digest || counter) blocks.
 */
final class Transcript {
  private final MessageDigest digest;

  Transcript(String proof, ProofContext context) {
    digest = sha512();
    addBytes(("tdsim/cggmp21/" + proof).getBytes(StandardCharsets.UTF_8));
    addBytes(context.sessionId());
    add(BigInteger.valueOf(context.prover()));
  }

  Transcript add(BigInteger... values) {
    for (BigInteger v : values) {
      addBytes(v.toByteArray());
    }
    return this;
  }

  Transcript add(ECPoint... points) {
    for (ECPoint p : points) {
      addBytes(Secp256k1.encode(p));
    }
    return this;
  }

  Transcript add(RingPedersen params) {
    return add(params.n(), params.s(), params.t());
  }

  private void addBytes(byte[] b) {
    int len = b.length;
    digest.update(new byte[] {(byte) (len >>> 24), (byte) (len >>> 16), (byte) (len >>> 8),
        (byte) len});
    digest.update(b);
  }

  /** A stream of challenge bytes from the transcript so far (ends the absorbing). */
  Challenges challenges() {
    return new Challenges(digest.digest());
  }

  /** Expands the transcript's digest into as many challenge values as a proof needs. */
  static final class Challenges {
    private final byte[] seed;
    private int counter;

    private Challenges(byte[] seed) {
      this.seed = seed;
    }

    private byte[] next(int bytes) {
      byte[] out = new byte[bytes];
      for (int off = 0; off < bytes; off += 64) {
        MessageDigest d = sha512();
        d.update(seed);
        int c = counter++;
        d.update(new byte[] {(byte) (c >>> 24), (byte) (c >>> 16), (byte) (c >>> 8), (byte) c});
        byte[] block = d.digest();
        System.arraycopy(block, 0, out, off, Math.min(64, bytes - off));
      }
      return out;
    }

    /** e ∈ [-q, q): 128 bits more than q, reduced (bias below 2^-128). */
    BigInteger signedModQ() {
      BigInteger q = Secp256k1.Q;
      BigInteger wide = new BigInteger(1, next((q.bitLength() + 128 + 7) / 8));
      return wide.mod(q.shiftLeft(1)).subtract(q);
    }

    /** y ∈ [0, n), 128 bits more than n, reduced. */
    BigInteger modN(BigInteger n) {
      return new BigInteger(1, next((n.bitLength() + 128 + 7) / 8)).mod(n);
    }

    /** m challenge bits. */
    boolean[] bits(int m) {
      byte[] b = next((m + 7) / 8);
      boolean[] out = new boolean[m];
      for (int i = 0; i < m; i++) {
        out[i] = (b[i / 8] >>> (i % 8) & 1) == 1;
      }
      return out;
    }
  }

  private static MessageDigest sha512() {
    try {
      return MessageDigest.getInstance("SHA-512");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-512 is required of every Java platform", e);
    }
  }
}
