package dev.tdsim.pipeline;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.timing.CryptoOp;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator's door to the real crypto module: every call really runs, and reports the CPU
 * time it took on this machine, which the timing model turns into simulated time.
 *
 * @param <S> the variant's decoded share type
 */
public final class RealCrypto<S> {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final CombineVariant<S> variant;
  private final KeySet keys;
  private final Workers workers;
  /** One proposer per combining validator: each keeps its own prepare_combine cache. */
  private final Map<Integer, BlockProposer<S>> proposers = new java.util.HashMap<>();
  private long calls;

  public RealCrypto(CombineVariant<S> variant, KeySet keys, Workers workers) {
    this.variant = variant;
    this.keys = keys;
    this.workers = workers;
  }

  /** A result with the CPU nanoseconds spent on this machine to get it. */
  public record Timed<T>(T value, long cpuNanos) {}

  public CombineVariant<S> variant() {
    return variant;
  }

  public KeySet keys() {
    return keys;
  }

  public int threads() {
    return workers.threads();
  }

  /**
   * Whether this variant's combiner verifies shares (then block_propose has a VERIFY phase and no
   * combined-result CHECK; otherwise the reverse). Asked once, of a combiner for all validators.
   */
  public boolean verifiesShares() {
    if (verifies == null) {
      verifies = new BlockProposer<>(variant, keys, workers)
          .combinerFor(SignerSet.all(keys.committee())).verifiesShares();
    }
    return verifies;
  }

  private Boolean verifies;

  /** Real crypto calls made so far (encryptions, checks, share batches, block_propose). */
  public long calls() {
    return calls;
  }

  /**
   * Clients encrypt each payload; the mempool checks each ciphertext's validity (both real).
   *
   * <p>Each encryption draws its scalar r from its own child stream of {@code random}, split off
   * in message order before the parallel work (so the result does not depend on thread timing).
   * r cannot repeat within a run: every child is an HMAC_DRBG seeded with 32 fresh bytes of the
   * run's strong stream, so its r is a pseudo-random 255-bit value, and n encryptions share an r
   * with probability below n^2 / 2^255 (the per-message {@code new Random(seed)} used before had
   * 2^48 states: r repeated after about 2^24 messages, reusing an AEAD key and nonce).
   */
  public Timed<List<Ciphertext>> encryptAndAdmit(List<byte[]> payloads, StrongRandom random,
      long[] admissionCpuNanos) {
    StrongRandom[] streams = new StrongRandom[payloads.size()];
    for (int i = 0; i < streams.length; i++) {
      streams[i] = random.split();
    }
    long[] encryptCpu = new long[payloads.size()];
    long[] checkCpu = new long[payloads.size()];
    List<Ciphertext> cts = workers.map(payloads.size(), i -> {
      long t0 = cpu();
      Ciphertext ct = Tpke.encrypt(keys.publicKey(), payloads.get(i), variant.secretGroup(),
          streams[i]);
      long t1 = cpu();
      if (!Tpke.isValid(ct)) {
        throw new IllegalStateException("a freshly encrypted ciphertext failed its validity check");
      }
      checkCpu[i] = cpu() - t1;
      encryptCpu[i] = t1 - t0;
      return ct;
    });
    calls += 2L * payloads.size();
    admissionCpuNanos[0] += sum(checkCpu);
    return new Timed<>(cts, sum(encryptCpu));
  }

  /** Every given validator creates its shares for the block (in parallel over validators). */
  public List<Timed<List<byte[]>>> createShares(
      List<Integer> validators, SignerSet signers, List<Ciphertext> cts) {
    calls += validators.size();
    // Variants that fold the signer set into their shares need the set's Lagrange coefficients,
    // which SignerSet computes once and shares: computed here, before the per-validator timings,
    // so that no validator's timing holds them by chance (the first thread to ask paid them all,
    // the others nothing). Each validator computes them on its own machine, once per set it folds
    // for: it is charged their cost when its last folded set differs from this one.
    long[] extra = coefficientCharges(validators, signers);
    lastCoefficientCharges = extra;
    return workers.map(validators.size(), i -> {
      long t0 = cpu();
      CombineVariant.ShareMaker maker = variant.shareMaker(keys, validators.get(i), signers);
      List<byte[]> shares = cts.stream().map(maker::create).toList();
      return new Timed<>(shares, cpu() - t0 + extra[i]);
    });
  }

  /**
   * The CPU nanoseconds of the signer set's Lagrange coefficients that each of {@code
   * validators} pays now (in order): the set's cost for a validator whose last folded set was
   * another, 0 for one that folded for an equal set last, and 0 for variants that do not fold.
   */
  long[] coefficientCharges(List<Integer> validators, SignerSet signers) {
    long setCpu = variant.sharesDependOnSigners() ? coefficientsCpuNanos(signers) : 0;
    long[] extra = new long[validators.size()];
    for (int i = 0; i < validators.size(); i++) {
      if (setCpu > 0 && !signers.equals(coefficientsOf.put(validators.get(i), signers))) {
        extra[i] = setCpu;
      }
    }
    return extra;
  }

  /**
   * Of each validator's CPU time in the last {@link #createShares} result, the part that is the
   * signer set's coefficients (in the order of its validators): the cost model's SHARE_CREATE
   * holds the shares only, so the cost check leaves this part out.
   */
  long[] lastCoefficientCharges() {
    return lastCoefficientCharges.clone();
  }

  private long[] lastCoefficientCharges = new long[0];

  /** Per validator, the signer set whose coefficients it computed last (folding variants). */
  private final Map<Integer, SignerSet> coefficientsOf = new java.util.HashMap<>();
  /** The measured CPU cost of recent signer sets' coefficients (equal sets cost the same). */
  private final Map<SignerSet, Long> coefficientsCpu = new java.util.LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<SignerSet, Long> eldest) {
      return size() > 64;
    }
  };

  /**
   * The CPU nanoseconds of the Lagrange coefficients of {@code signers} (computed now on this
   * thread if they are not yet; an equal set computed before gives its measured cost).
   */
  long coefficientsCpuNanos(SignerSet signers) {
    Long known = coefficientsCpu.get(signers);
    // Large sets build their product trees on a pool of their own (RootTree): this thread's CPU
    // misses that work, the process's holds it (in coarser ticks); the larger of the two.
    long p0 = processCpu();
    long t0 = cpu();
    signers.lambdas();
    long measured = Math.max(cpu() - t0, processCpu() - p0);
    long cost = known == null ? measured : Math.max(known, measured);
    coefficientsCpu.put(signers, cost);
    return cost;
  }

  /**
   * One validator creates its shares for {@code cts} with the given maker (honest or faulty),
   * timed on the calling thread.
   */
  public Timed<List<byte[]>> createWith(CombineVariant.ShareMaker maker, List<Ciphertext> cts) {
    calls++;
    long t0 = cpu();
    List<byte[]> shares = cts.stream().map(maker::create).toList();
    return new Timed<>(shares, cpu() - t0);
  }

  /**
   * A client's payload whose key collides ({@link KeyCollision}): a valid ciphertext that opens
   * to {@code payload} (padded, see {@link KeyCollision.Colliding#honestPlaintext}) under the true
   * secret and to another plaintext under the colluding validator's shifted secret.
   */
  public Timed<KeyCollision.Colliding> colliding(byte[] payload, StrongRandom random) {
    calls++;
    long t0 = cpu();
    KeyCollision.Colliding c =
        KeyCollision.encrypt(keys.publicKey(), payload, variant.secretGroup(), random);
    long cpu = cpu() - t0;
    if (!Tpke.isValid(c.ciphertext())) {
      throw new IllegalStateException("a key-colliding ciphertext failed its validity check");
    }
    return new Timed<>(c, cpu);
  }

  /**
   * The outcome of one real block_propose: its result (whose status says whether fewer than the
   * threshold of the given shares were honest) and the CPU time of the call.
   */
  public record Attempt(BlockResult result, long cpuNanos) {
    /** Fewer than t honest points were left: nothing more opens from these shares. */
    public boolean isShort() {
      return result.status() == BlockResult.Status.NOT_ENOUGH_HONEST_SHARES;
    }

    /**
     * A bad share spoiled some messages and could not be attributed from these shares (simple,
     * batch with no spare point): more validators' shares would let exclusion name it.
     */
    public boolean needsMoreShares() {
      return result.status() == BlockResult.Status.NEEDS_MORE_SHARES;
    }

    /** The validators a short call named faulty before it ran out of honest shares. */
    public List<Integer> namedBeforeShort() {
      return isShort() ? List.copyOf(result.faultyValidators().keySet()) : List.of();
    }
  }

  /**
   * block_propose for shares folded for {@code foldedFor} (null: the senders), without a reshare
   * source: the pipeline reshares in simulated time. A call that finds fewer than the threshold of
   * honest shares comes back {@link Attempt#isShort() short}.
   */
  public Attempt tryBlockPropose(int combiner, List<Ciphertext> cts,
      Map<Integer, List<byte[]>> shares, SignerSet foldedFor, StrongRandom random) {
    calls++;
    BlockProposer<S> proposer = proposers.computeIfAbsent(combiner,
        c -> new BlockProposer<>(variant, keys, workers));
    long before = processCpu();
    BlockResult result = proposer.propose(cts, shares, foldedFor, null, random);
    return new Attempt(result, processCpu() - before);
  }

  /**
   * The combiner's real block_propose. Its phase times are wall-clock; the returned CPU time is
   * this process's CPU time over the call (all its threads), which unlike wall time x threads
   * does not grow when other programs load the machine.
   */
  public Timed<BlockResult> blockPropose(int combiner,
      List<Ciphertext> cts, Map<Integer, List<byte[]>> shares, BlockProposer.Reshare reshare,
      StrongRandom random) {
    calls++;
    BlockProposer<S> proposer = proposers.computeIfAbsent(combiner,
        c -> new BlockProposer<>(variant, keys, workers));
    long before = processCpu();
    BlockResult result = proposer.propose(cts, shares, reshare, random);
    return new Timed<>(result, processCpu() - before);
  }

  private static long processCpu() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return System.nanoTime();
  }

  /**
   * Runs the whole path once on a throw-away block (its own proposer, so no prepared signer set
   * is left cached), so that measured times of the first heights do not include JIT warm-up.
   */
  public void warmUp(StrongRandom random) {
    long[] ignored = new long[1];
    List<Ciphertext> cts = encryptAndAdmit(List.of(new byte[32], new byte[32]), random, ignored)
        .value();
    SignerSet all = SignerSet.all(keys.committee());
    List<Timed<List<byte[]>>> made = createShares(all.validators(), all, cts);
    Map<Integer, List<byte[]>> shares = new java.util.TreeMap<>();
    for (int i = 0; i < made.size(); i++) {
      shares.put(all.validator(i), made.get(i).value());
    }
    new BlockProposer<>(variant, keys, workers).propose(cts, shares, null, random);
    calls = 0;
    coefficientsOf.clear(); // no validator keeps the warm-up's coefficients
    coefficientsCpu.clear();
  }

  static long cpu() {
    return THREADS.getCurrentThreadCpuTime();
  }

  private static long sum(long[] xs) {
    long s = 0;
    for (long x : xs) {
      s += x;
    }
    return s;
  }

  /** block_propose's phase times keyed by the operation each phase is priced as. */
  public static Map<CryptoOp, Long> byOp(BlockResult.PhaseTimings t) {
    Map<CryptoOp, Long> m = new EnumMap<>(CryptoOp.class);
    m.put(CryptoOp.DECODE, t.decodeNanos());
    m.put(CryptoOp.VALIDITY, t.validityNanos());
    m.put(CryptoOp.CHECK, t.checkNanos());
    m.put(CryptoOp.VERIFY, t.verifyNanos());
    m.put(CryptoOp.PREPARE, t.prepareNanos());
    m.put(CryptoOp.COMBINE, t.combineNanos());
    m.put(CryptoOp.BLAME, t.blameNanos());
    m.put(CryptoOp.DECRYPT, t.decryptNanos());
    return m;
  }
}
