package dev.tdsim.crypto.random;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.prng.EntropySource;
import org.bouncycastle.crypto.prng.drbg.HMacSP800DRBG;

/**
 * A cryptographically strong, deterministic byte stream for simulated keys: HMAC_DRBG with
 * HMAC-SHA-256 (NIST SP 800-90A rev. 1, section 10.1.2; BouncyCastle's {@link HMacSP800DRBG},
 * 256-bit security strength) instantiated from the scenario seed and a label, so that a run's
 * keys are reproducible from its seed while each (label, index) gets its own independent stream.
 *
 * <p>The instantiation's entropy input is SHA-256 over a domain tag, the seed, the label
 * (length-prefixed) and the index; the label and index also form the personalization string. The
 * stream never reseeds (it would call the same entropy input again). Not thread-safe.
 *
 * <p>Deterministic keys are right for a simulator and wrong for anything else: anyone who knows
 * the seed knows every secret key.
 *
 * <p>Why outputs do not repeat: HMAC_DRBG's output blocks are HMAC-SHA-256 values under a key
 * derived from 256 bits of seed material; distinguishing them from uniform bits, or finding two
 * equal 32-byte outputs among n of them with probability noticeably above n^2 / 2^257, would break
 * HMAC-SHA-256 as a pseudo-random function. Streams for different (seed, label, index) keys, and
 * {@link #split() children}, start from different seed material and are independent in the same
 * sense.
 */
public final class SeededDrbg implements StrongRandom {
  /** Seed material of a {@link #child} stream. */
  static final int SEED_BYTES = 32;

  /** Kept from the class's first home (package sig), so that existing keys stay the same. */
  private static final byte[] DOMAIN = "tdsim.sig.drbg.v1".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] CHILD_PERSONALIZATION =
      "tdsim.drbg.split.v1".getBytes(StandardCharsets.US_ASCII);
  /** BouncyCastle caps one HMAC_DRBG request at 2^18 bits (SP 800-90A allows up to 2^19). */
  private static final int MAX_REQUEST_BYTES = 1 << 15;

  private final HMacSP800DRBG drbg;

  private SeededDrbg(byte[] entropy, byte[] personalization) {
    EntropySource source = new FixedEntropy(entropy);
    this.drbg = new HMacSP800DRBG(
        new HMac(new SHA256Digest()), 256, source, personalization, new byte[0]);
  }

  /**
   * The stream of {@code (seed, label, index)}: equal arguments give equal streams.
   *
   * @param label a stable name such as {@code "consensus.vote_keys"}
   * @param index a sub-key such as a validator index
   */
  public static SeededDrbg of(long seed, String label, int index) {
    Objects.requireNonNull(label, "label");
    byte[] name = label.getBytes(StandardCharsets.UTF_8);
    byte[] personalization = ByteBuffer.allocate(4 + name.length + 4)
        .putInt(name.length).put(name).putInt(index).array();
    SHA256Digest sha = new SHA256Digest();
    sha.update(DOMAIN, 0, DOMAIN.length);
    byte[] seedBytes = ByteBuffer.allocate(8).putLong(seed).array();
    sha.update(seedBytes, 0, seedBytes.length);
    sha.update(personalization, 0, personalization.length);
    byte[] entropy = new byte[32];
    sha.doFinal(entropy, 0);
    return new SeededDrbg(entropy, personalization);
  }

  /** Domain tag of {@link #of(byte[], String, int)}'s entropy input. */
  private static final byte[] MATERIAL_DOMAIN =
      "tdsim.drbg.material.v1".getBytes(StandardCharsets.US_ASCII);
  /** The least seed material {@link #of(byte[], String, int)} takes: 128 bits. */
  public static final int MIN_SEED_MATERIAL_BYTES = 16;

  /**
   * The stream of {@code (seedMaterial, label, index)}: equal arguments give equal streams. The
   * entropy input is SHA-256 over a domain tag, the material (length-prefixed), the label
   * (length-prefixed) and the index, so the stream has as much seed material as given, up to 256
   * bits (the simulator gives 256: {@code RandomStreams}).
   *
   * @param seedMaterial at least {@link #MIN_SEED_MATERIAL_BYTES} bytes
   * @throws IllegalArgumentException for less
   */
  public static SeededDrbg of(byte[] seedMaterial, String label, int index) {
    Objects.requireNonNull(label, "label");
    if (seedMaterial.length < MIN_SEED_MATERIAL_BYTES) {
      throw new IllegalArgumentException("seed material of " + seedMaterial.length
          + " bytes: a strong stream needs at least " + MIN_SEED_MATERIAL_BYTES);
    }
    byte[] name = label.getBytes(StandardCharsets.UTF_8);
    byte[] personalization = ByteBuffer.allocate(4 + name.length + 4)
        .putInt(name.length).put(name).putInt(index).array();
    SHA256Digest sha = new SHA256Digest();
    sha.update(MATERIAL_DOMAIN, 0, MATERIAL_DOMAIN.length);
    byte[] length = ByteBuffer.allocate(4).putInt(seedMaterial.length).array();
    sha.update(length, 0, length.length);
    sha.update(seedMaterial, 0, seedMaterial.length);
    sha.update(personalization, 0, personalization.length);
    byte[] entropy = new byte[32];
    sha.doFinal(entropy, 0);
    return new SeededDrbg(entropy, personalization);
  }

  /** A stream instantiated from 32 bytes of another strong stream ({@link StrongRandom#split}). */
  static SeededDrbg child(byte[] seed) {
    if (seed.length != SEED_BYTES) {
      throw new IllegalArgumentException("a child stream needs " + SEED_BYTES + " seed bytes");
    }
    return new SeededDrbg(seed.clone(), CHILD_PERSONALIZATION);
  }

  /** Fills {@code out} with the next bytes of the stream. */
  @Override
  public void nextBytes(byte[] out) {
    for (int off = 0; off < out.length; off += MAX_REQUEST_BYTES) {
      byte[] chunk = new byte[Math.min(MAX_REQUEST_BYTES, out.length - off)];
      if (drbg.generate(chunk, null, false) < 0) {
        throw new IllegalStateException("HMAC_DRBG asked for a reseed");
      }
      System.arraycopy(chunk, 0, out, off, chunk.length);
    }
  }

  @Override
  public String toString() {
    return "SeededDrbg[HMAC_DRBG-SHA-256]";
  }

  private record FixedEntropy(byte[] bytes) implements EntropySource {
    @Override
    public boolean isPredictionResistant() {
      return false;
    }

    @Override
    public byte[] getEntropy() {
      return bytes.clone();
    }

    @Override
    public int entropySize() {
      return bytes.length * 8;
    }
  }
}
