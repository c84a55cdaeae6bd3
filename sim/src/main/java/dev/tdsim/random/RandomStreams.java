package dev.tdsim.random;

import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;
import java.util.SplittableRandom;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The one place random draws come from: every stream is derived from the scenario seed and a
 * (component, index) key, so a run is reproducible from its seed alone.
 *
 * <p>Why keyed streams instead of one shared generator: with a shared generator, adding one draw
 * anywhere (a new metric, a reordered loop) shifts every later draw and silently changes every
 * result. A keyed stream depends only on (seed, component, index), so streams can be requested
 * in any order, by any number of components, and a change in one component leaves the others'
 * draws intact. This is the "independent streams" discipline of simulation texts (e.g. L'Ecuyer,
 * "Random Number Generation", in Handbook of Computational Statistics, Springer 2012).
 *
 * <p>Derivation: the first 8 bytes (big-endian) of SHA-256 over a fixed domain tag, the seed, the
 * UTF-8 bytes of the component (length-prefixed, so ("ab", 1) and ("a", ...) cannot collide) and
 * the index. SHA-256 is specified bit for bit (FIPS 180-4), so the derived seeds do not depend on
 * the JVM, on {@code String.hashCode}, on object identity or on map iteration order. The derived
 * seed then seeds {@link SplittableRandom} (SplitMix64, Steele, Lea and Flood, OOPSLA 2014), whose
 * output for a given seed is fixed by its specification.
 *
 * <p>Instances are immutable and thread-safe; the returned generators are not thread-safe.
 */
public final class RandomStreams {

  private static final byte[] DOMAIN = "tdsim.random.v1".getBytes(StandardCharsets.US_ASCII);
  private static final byte KIND_SPLITTABLE = 1;

  private static final byte[] STRONG_DOMAIN =
      "tdsim.random.strong-seed.v1".getBytes(StandardCharsets.US_ASCII);

  private static final byte[] KEY_DOMAIN =
      "tdsim.random.key-material.v1".getBytes(StandardCharsets.US_ASCII);

  private final long seed;
  /** The 256 bits every {@link #strong} stream is seeded from. */
  private final byte[] strongSeed;

  /** Streams of {@code seed} alone (tests, tools): strong streams from the seed's 64 bits. */
  public RandomStreams(long seed) {
    this(seed, new byte[0]);
  }

  private RandomStreams(long seed, byte[] context) {
    this(seed, STRONG_DOMAIN, context);
  }

  private RandomStreams(long seed, byte[] domain, byte[] context) {
    this.seed = seed;
    ByteBuffer in = ByteBuffer.allocate(domain.length + 8 + 4 + context.length);
    in.put(domain).putLong(seed).putInt(context.length).put(context);
    this.strongSeed = sha256().digest(in.array());
  }

  /**
   * A run's streams: the simulation's noise from {@code seed} (as {@link #RandomStreams(long)}),
   * its strong streams from 256 bits of seed material, SHA-256 over a domain tag, the seed and
   * {@code scenario} (the scenario's hash of its canonical form): two scenarios that differ in
   * anything get unrelated keys, and the material is never a 64-bit value.
   */
  public static RandomStreams forScenario(long seed, byte[] scenario) {
    return new RandomStreams(seed, scenario.clone());
  }

  /**
   * The streams of a run's key material (the dealer's, the design's setup): strong streams from
   * the seed and {@code scope} alone, where scope names everything the keys depend on (the
   * committee), under a domain of their own. Scenarios that differ only elsewhere (a sweep's
   * points and probes, which vary the block size) deal the same keys, as one chain would keep its
   * keys while its load changes, and a process can set them up once for all of them.
   */
  public RandomStreams forKeyMaterial(byte[] scope) {
    return new RandomStreams(seed, KEY_DOMAIN, scope.clone());
  }

  /** The scenario seed every stream derives from. */
  public long seed() {
    return seed;
  }

  /**
   * A fresh stream for {@code (component, index)}: two calls with the same key return generators
   * producing the same sequence; different keys give statistically independent sequences.
   *
   * @param component a stable, human-readable name such as {@code "network.jitter"}
   * @param index a sub-key such as a validator or a block height, any int
   */
  public SplittableRandom stream(String component, int index) {
    return new SplittableRandom(derive(component, index, KIND_SPLITTABLE));
  }

  /**
   * A cryptographically strong stream for {@code (component, index)}, for everything the crypto
   * module draws (dealt keys, encryption scalars, batch-verification weights): HMAC_DRBG seeded
   * from 256 bits of seed material (see {@link #forScenario}) and the key ({@link SeededDrbg}), so it is as reproducible as {@link
   * #stream} but unpredictable from its outputs and free of the short cycles of a 48- or 64-bit
   * generator. About 100x slower per byte than {@link #stream}: not for simulation noise.
   */
  public StrongRandom strong(String component, int index) {
    return SeededDrbg.of(strongSeed, component, index);
  }

  /** A Commons Math generator over {@link #stream(String, int)}, for its distributions. */
  public RandomGenerator commonsMath(String component, int index) {
    return new CommonsMathRandom(stream(component, index));
  }

  /** The 64-bit seed of {@link #stream(String, int)}: useful in traces and bug reports. */
  public long derivedSeed(String component, int index) {
    return derive(component, index, KIND_SPLITTABLE);
  }

  private long derive(String component, int index, byte kind) {
    Objects.requireNonNull(component, "component");
    byte[] name = component.getBytes(StandardCharsets.UTF_8);
    ByteBuffer in = ByteBuffer.allocate(DOMAIN.length + 1 + 8 + 4 + name.length + 4);
    in.put(DOMAIN).put(kind).putLong(seed).putInt(name.length).put(name).putInt(index);
    return ByteBuffer.wrap(sha256().digest(in.array())).getLong();
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      // Every Java SE implementation must provide SHA-256 (MessageDigest Javadoc).
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }

  @Override
  public String toString() {
    return "RandomStreams[seed=" + seed + "]";
  }
}
