package dev.tdsim.costs;

import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.sig.VoteKeyPair;
import dev.tdsim.crypto.sig.VoteSignatureScheme;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one vote costs its signer and each of its receivers on this machine, measured from the
 * real scheme: the median CPU time of one {@code sign} and of one {@code verify} of a
 * CometBFT-sized vote ({@link CanonicalVoteBytes}), on one thread, after a JIT warm-up.
 *
 * <p>Every validator pays its own: the sender {@code signNanos} once per own vote, every receiver
 * {@code verifyNanos} once per vote it accepts (CometBFT verifies each vote as it adds it to its
 * vote set). Scaling to the validators' hardware is the timing model's job, not this record's.
 *
 * @param scheme the scheme's name
 * @param signNanos median CPU nanoseconds of one sign call
 * @param verifyNanos median CPU nanoseconds of one successful verify call
 * @param signatureBytes wire size of a signature
 * @param publicKeyBytes size of a public key
 * @param messageBytes mean size of the signed vote messages
 * @param samples timed calls per operation
 */
public record VoteCosts(String scheme, long signNanos, long verifyNanos, int signatureBytes,
    int publicKeyBytes, int messageBytes, int samples) {

  /** Timed calls per operation: enough for a stable median, cheap enough for every run. */
  public static final int DEFAULT_SAMPLES = 64;
  /**
   * At most this many untimed sign+verify pairs before timing, so that the JIT has compiled the
   * hot code (Ed25519 is Java: its median settles within about 200 pairs; blst is native).
   */
  public static final int WARM_UP_CALLS = 500;
  /** ... and at most this much CPU time on them: 50 ms. */
  public static final long WARM_UP_CPU_NANOS = 50_000_000L;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final Map<String, VoteCosts> CACHE = new ConcurrentHashMap<>();

  public VoteCosts {
    Objects.requireNonNull(scheme, "scheme");
    if (signNanos <= 0 || verifyNanos <= 0 || signatureBytes <= 0 || publicKeyBytes <= 0
        || messageBytes <= 0 || samples <= 0) {
      throw new IllegalArgumentException("vote costs must be positive: " + scheme + " sign "
          + signNanos + " ns, verify " + verifyNanos + " ns, " + samples + " samples");
    }
  }

  /**
   * The costs of the named scheme, measured on first use and cached for the life of the process
   * (they are a property of the machine, not of the scenario).
   *
   * @throws IllegalArgumentException for an unknown scheme name, listing the known ones
   */
  public static VoteCosts cached(String schemeName) {
    VoteSignatureScheme scheme = VoteSignatureSchemes.byName(schemeName);
    return CACHE.computeIfAbsent(scheme.name(), n -> measure(scheme, DEFAULT_SAMPLES));
  }

  /** A fresh measurement of {@code samples} calls per operation (plus the warm-up). */
  public static VoteCosts measure(VoteSignatureScheme scheme, int samples) {
    Timings t = time(scheme, samples, WARM_UP_CALLS);
    return new VoteCosts(scheme.name(), Math.max(1, median(t.signNanos())),
        Math.max(1, median(t.verifyNanos())), scheme.signatureBytes(), scheme.publicKeyBytes(),
        t.messageBytes(), samples);
  }

  /**
   * Per-call CPU nanoseconds of {@code calls} sign and {@code calls} verify calls on distinct
   * vote messages, interleaved (sign i, verify i) so that both see the same machine state; each
   * signature is checked to verify, so a broken scheme fails instead of timing.
   *
   * @param warmUpCalls untimed sign+verify pairs first, stopping early once they have used
   *     {@link #WARM_UP_CPU_NANOS}
   */
  public static Timings time(VoteSignatureScheme scheme, int calls, int warmUpCalls) {
    if (calls < 1 || warmUpCalls < 0) {
      throw new IllegalArgumentException("calls must be >= 1 and warm-up calls >= 0");
    }
    VoteKeyPair keys = scheme.keyPair(SeededDrbg.of(0L, "costs.vote_keys", 0));
    byte[] sk = keys.secretKey();
    byte[] pk = keys.publicKey();
    long warmUpStart = cpuNanos();
    for (int i = 0; i < warmUpCalls && cpuNanos() - warmUpStart < WARM_UP_CPU_NANOS; i++) {
      byte[] m = CanonicalVoteBytes.sample(-1 - i);
      check(scheme, scheme.verify(pk, m, scheme.sign(sk, m)));
    }
    long[] sign = new long[calls];
    long[] verify = new long[calls];
    long bytes = 0;
    for (int i = 0; i < calls; i++) {
      byte[] m = CanonicalVoteBytes.sample(i);
      bytes += m.length;
      long t0 = cpuNanos();
      byte[] sig = scheme.sign(sk, m);
      long t1 = cpuNanos();
      boolean ok = scheme.verify(pk, m, sig);
      long t2 = cpuNanos();
      check(scheme, ok);
      sign[i] = t1 - t0;
      verify[i] = t2 - t1;
    }
    return new Timings(sign, verify, (int) Math.round((double) bytes / calls));
  }

  /** Per-call timings of {@link #time}: CPU nanoseconds per sign and per verify call. */
  public record Timings(long[] signNanos, long[] verifyNanos, int messageBytes) {
    /** Timings of calls; {@code messageBytes} is the mean message size. */
    public Timings {
      signNanos = signNanos.clone();
      verifyNanos = verifyNanos.clone();
    }

    @Override
    public long[] signNanos() {
      return signNanos.clone();
    }

    @Override
    public long[] verifyNanos() {
      return verifyNanos.clone();
    }
  }

  private static void check(VoteSignatureScheme scheme, boolean verified) {
    if (!verified) {
      throw new IllegalStateException(
          "vote signature scheme " + scheme.name() + ": a fresh signature does not verify");
    }
  }

  /** This thread's CPU time where the JVM measures it, else wall time. */
  static long cpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported()
        ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
  }

  static long median(long[] xs) {
    long[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}
