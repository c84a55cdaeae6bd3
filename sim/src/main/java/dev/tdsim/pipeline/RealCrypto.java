package dev.tdsim.pipeline;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.design.ShareLedger;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.timing.CryptoOp;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The simulator's door to the real crypto module: every call of the run's {@link BlockDesign}
 * really runs, and reports the CPU time it took on this machine, which the timing model turns
 * into simulated time. Nothing here knows which design it drives.
 */
public final class RealCrypto {

  private final DesignKeys keys;
  private final Workers workers;
  private final String chain;
  /** One view of the keys per combining validator: each keeps its own caches. */
  private final Map<Integer, DesignKeys> combiners = new java.util.HashMap<>();
  /** The committed blocks honest validators may release key shares for (designs binding ids). */
  private final ShareLedger ledger = new ShareLedger();
  private long calls;
  /** Wall time spent building once-per-setup tables ({@link DesignKeys#buildTablesFor}). */
  private long tablesNanos;
  private String tablesBuilt;

  /**
   * @param keys the run's design, set up for its key set
   * @param workers the threads the real calls run on
   * @param chain the chain's name, in every block's {@link BlockId}
   */
  public RealCrypto(DesignKeys keys, Workers workers, String chain) {
    this.keys = keys;
    this.workers = workers;
    this.chain = chain;
  }

  /** {@code design} set up (by the dealer) for {@code keys}, for blocks of any size it allows. */
  public static RealCrypto setUp(BlockDesign design, KeySet keys, int maxBlockSize,
      StrongRandom dealer, Workers workers, String chain) {
    return new RealCrypto(design.setup(keys, maxBlockSize, dealer, workers), workers, chain);
  }

  /**
   * {@code design} set up for {@code keys} with a dealer stream of its own (tests and
   * calibration), for blocks of up to {@code maxBlockSize} transactions, named chain "tdsim".
   */
  public static RealCrypto of(BlockDesign design, KeySet keys, int maxBlockSize,
      Workers workers) {
    return setUp(design, keys, maxBlockSize,
        dev.tdsim.crypto.random.SeededDrbg.of(0, "tdsim.pipeline.dealer/" + design.name(), 0),
        workers, "tdsim");
  }

  /** A result with the CPU nanoseconds spent on this machine to get it. */
  public record Timed<T>(T value, long cpuNanos) {}

  public BlockDesign design() {
    return keys.design();
  }

  public DesignKeys designKeys() {
    return keys;
  }

  public KeySet keys() {
    return keys.keys();
  }

  public int threads() {
    return workers.threads();
  }

  /** The identity of block {@code height} of this run's chain. */
  public BlockId blockId(int height) {
    return new BlockId(chain, height);
  }

  /**
   * Whether the design's combiner verifies shares (then propose has a VERIFY phase and no
   * combined-result CHECK; otherwise the reverse).
   */
  public boolean verifiesShares() {
    return keys.verifiesShares();
  }

  /**
   * Bytes a sealed transaction carries beyond its plaintext (what the workload's block byte limit
   * and the sampled heights' block sizes count): measured once by sealing a one-byte payload
   * with a stream of its own (no draw from the run's streams).
   */
  public long txOverheadBytes() {
    if (txOverheadBytes < 0) {
      SealedTx probe = keys.encrypt(blockId(1), 0, new byte[1],
          dev.tdsim.crypto.random.SeededDrbg.of(0, "tdsim.pipeline.overhead-probe", 0));
      txOverheadBytes = probe.encodedBytes() - (long) probe.messageBytes();
    }
    return txOverheadBytes;
  }

  private long txOverheadBytes = -1;

  /**
   * Wall seconds spent building the setup's once-only tables on first need (batched: FK20's
   * transform of the powers), charged to no block; 0 when none was needed.
   */
  public double tablesSeconds() {
    return tablesNanos / 1e9;
  }

  /** What {@link #tablesSeconds} built (the design's words), or null. */
  public String tablesBuilt() {
    return tablesBuilt;
  }

  /** Real crypto calls made so far (encryptions, checks, share batches, block_propose). */
  public long calls() {
    return calls;
  }

  /** {@link #encryptAndAdmit(int, List, StrongRandom, long[])} for block 1. */
  public Timed<List<SealedTx>> encryptAndAdmit(List<byte[]> payloads, StrongRandom random,
      long[] admissionCpuNanos) {
    return encryptAndAdmit(1, payloads, random, admissionCpuNanos);
  }

  /**
   * Clients seal each payload for its slot of block {@code height}; the mempool checks the
   * transactions' validity as one batch (both real).
   *
   * <p>Each encryption draws its randomness from its own child stream of {@code random}, split off
   * in message order before the parallel work (so the result does not depend on thread timing).
   * Randomness cannot repeat within a run: every child is an HMAC_DRBG seeded with 32 fresh bytes
   * of the run's strong stream, so its scalar is a pseudo-random 255-bit value, and n encryptions
   * share one with probability below n^2 / 2^255.
   */
  public Timed<List<SealedTx>> encryptAndAdmit(int height, List<byte[]> payloads,
      StrongRandom random, long[] admissionCpuNanos) {
    StrongRandom[] streams = new StrongRandom[payloads.size()];
    for (int i = 0; i < streams.length; i++) {
      streams[i] = random.split();
    }
    BlockId block = blockId(height);
    long[] encryptCpu = new long[payloads.size()];
    List<SealedTx> txs = workers.map(payloads.size(), i -> {
      long t0 = cpu();
      SealedTx tx = keys.encrypt(block, i, payloads.get(i), streams[i]);
      encryptCpu[i] = cpu() - t0;
      return tx;
    });
    // Admission of the batch at once (DesignKeys#invalidAmong: one weighted check where the
    // design's check is a pairing equation). Its weights come from the first message's stream
    // after its encryption, so the run's stream is not drawn from again (later ciphertexts stay
    // the same); the CPU is summed over the caller and the pool threads the check ran on.
    long before = Workers.callerCpuNanos() + workers.poolCpuNanos();
    List<Integer> bad = streams.length == 0 ? List.of()
        : keys.invalidAmong(txs, streams[0].split(), workers);
    long checkCpu = Workers.callerCpuNanos() + workers.poolCpuNanos() - before;
    if (!bad.isEmpty()) {
      throw new IllegalStateException(
          "freshly sealed transactions " + bad + " failed their validity check");
    }
    calls += 2L * payloads.size(); // as before the batching: a seal and a check each
    admissionCpuNanos[0] += checkCpu;
    return new Timed<>(txs, sum(encryptCpu));
  }

  /** The proposer's digest of block {@code height} (its CPU time over every thread it used). */
  public Timed<BlockDigest> digest(int height, List<SealedTx> txs) {
    calls += design().precomputesBlock() ? 1 : 0; // else nothing beyond the block: no call
    long before = processCpu();
    BlockDigest d = keys.digest(blockId(height), txs, workers);
    return new Timed<>(d, processCpu() - before);
  }

  /**
   * What the combiner (and each validator) computes from the proposal of block {@code height}
   * while it is voted on (CPU over every thread it used): the digest must be for that block and
   * commit to its transactions ({@link DesignKeys#prepare(BlockId, BlockDigest, List,
   * dev.tdsim.crypto.Workers)}).
   *
   * @throws dev.tdsim.crypto.CryptoException when the digest is refused
   */
  public Timed<PreparedBlock> prepare(int height, BlockDigest digest, List<SealedTx> txs) {
    calls += design().precomputesBlock() ? 1 : 0;
    // once per setup (batched: FK20's table of the powers), as a chain builds it: in no block
    long tables = System.nanoTime();
    String built = keys.buildTablesFor(txs.size(), workers);
    if (built != null) {
      tablesNanos += System.nanoTime() - tables;
      tablesBuilt = built;
    }
    long before = processCpu();
    PreparedBlock p = keys.prepare(blockId(height), digest, txs, workers);
    return new Timed<>(p, processCpu() - before);
  }

  /**
   * A forging proposer's digest of block {@code height} ({@code forgery} says how it lies) and
   * why validators preparing the block refuse it: the real digest and prepare calls, with the
   * validators' CPU time (a forgery that some prepare accepted would be a bug: it throws).
   */
  Timed<String> forgedDigestRefusal(int height, List<SealedTx> txs,
      dev.tdsim.faults.ProposerForgery forgery) {
    calls += 2;
    BlockId block = blockId(height);
    BlockId previous = height > 1 ? blockId(height - 1) : new BlockId(chain + "/other", height);
    BlockDigest forged = switch (forgery) {
      case POINT -> keys.digestWithPointOf(block, txs, blockId(height + 1), workers);
      case BLOCK_ID -> keys.digest(previous, List.of(), workers);
      case FUTURE_HEIGHT -> keys.digest(blockId(height + 1), List.of(), workers);
    };
    long before = processCpu();
    try {
      keys.prepare(blockId(height), forged, txs, workers);
    } catch (dev.tdsim.crypto.CryptoException refused) {
      return new Timed<>(refused.getMessage(), processCpu() - before);
    }
    throw new IllegalStateException("a forged digest (" + forgery.description() + ") of height "
        + height + " was prepared: the design's prepare must refuse it");
  }

  /**
   * Block {@code block} was committed: honest validators may now make their key shares for it,
   * and for no other block at its id (designs whose shares bind a block id; {@link ShareLedger}).
   */
  public void committed(PreparedBlock block) {
    if (design().sharesBindBlockId()) {
      ledger.commit(block);
    }
  }

  /**
   * A block as the combiner holds it, for designs whose digest and prepare are nothing (shares
   * per transaction: a retry over the transactions still to open), untimed and uncounted.
   */
  PreparedBlock plainBlock(int height, List<SealedTx> txs) {
    return keys.prepare(keys.digest(blockId(height), txs, workers), txs, workers);
  }

  /**
   * Every given validator creates its shares for {@code txs} as block 1 (tests: the block counts
   * as committed).
   */
  public List<Timed<List<byte[]>>> createShares(
      List<Integer> validators, SignerSet signers, List<? extends SealedTx> txs) {
    return sharesOf(validators, signers, plainBlock(1, List.copyOf(txs)));
  }

  /**
   * Every given validator creates its shares for the block (in parallel over validators): only
   * for the block committed at its id, in designs whose shares bind one ({@link ShareLedger}).
   *
   * @throws dev.tdsim.crypto.CryptoException naming the first validator that refuses
   */
  public List<Timed<List<byte[]>>> createShares(
      List<Integer> validators, SignerSet signers, PreparedBlock block) {
    if (design().sharesBindBlockId()) {
      for (int v : validators) {
        ledger.requireReleasable(v, block);
      }
    }
    return sharesOf(validators, signers, block);
  }

  private List<Timed<List<byte[]>>> sharesOf(
      List<Integer> validators, SignerSet signers, PreparedBlock block) {
    calls += validators.size();
    // Designs that fold the signer set into their shares need the set's Lagrange coefficients,
    // which SignerSet computes once and shares: computed here, before the per-validator timings,
    // so that no validator's timing holds them by chance (the first thread to ask paid them all,
    // the others nothing). Each validator computes them on its own machine, once per set it folds
    // for: it is charged their cost when its last folded set differs from this one.
    long[] extra = coefficientCharges(validators, signers);
    lastCoefficientCharges = extra;
    return workers.map(validators.size(), i -> {
      long t0 = cpu();
      List<byte[]> shares = keys.createShares(validators.get(i), signers, block);
      return new Timed<>(shares, cpu() - t0 + extra[i]);
    });
  }

  /**
   * The CPU nanoseconds of the signer set's Lagrange coefficients that each of {@code
   * validators} pays now (in order): the set's cost for a validator whose last folded set was
   * another, 0 for one that folded for an equal set last, and 0 for designs that do not fold.
   */
  long[] coefficientCharges(List<Integer> validators, SignerSet signers) {
    long setCpu = design().sharesDependOnSigners() ? coefficientsCpuNanos(signers) : 0;
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

  /** Per validator, the signer set whose coefficients it computed last (folding designs). */
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
    long measured = lagrangeCpuNanos(signers);
    long cost = known == null ? measured : Math.max(known, measured);
    coefficientsCpu.put(signers, cost);
    return cost;
  }

  /** The cost recorded for a set equal to {@code signers} by its last charge, or 0 if none. */
  long recordedCoefficientsCpuNanos(SignerSet signers) {
    Long known = coefficientsCpu.get(signers);
    return known == null ? 0 : known;
  }

  /**
   * The CPU nanoseconds of computing {@code signers}' Lagrange coefficients now (0 when that
   * instance holds them already). Large sets build their product trees on a pool of their own
   * (RootTree): this thread's CPU misses that work, and the process's CPU time comes in 10 ms
   * ticks here (a set of 8192 points read 10 or 20 ms); the sum over the JVM's live threads has
   * nanosecond resolution. What {@code tdsim calibrate} fits SIGNER_COEFFICIENTS on.
   */
  public static long lagrangeCpuNanos(SignerSet signers) {
    long t0 = Workers.allThreadsCpuNanos();
    signers.lambdas();
    return Math.max(0, Workers.allThreadsCpuNanos() - t0);
  }


  /**
   * At a height priced by the cost model without the real calls: whether {@code validator}
   * computes {@code signers}' coefficients now (a design that folds the set, and its last folded
   * set was another); records the set as its last.
   */
  boolean foldsForNewSet(int validator, SignerSet signers) {
    return design().sharesDependOnSigners()
        && !signers.equals(coefficientsOf.put(validator, signers));
  }

  /** One validator creates its shares as {@code make} says (honest or faulty), timed here. */
  public Timed<List<byte[]>> createWith(Supplier<List<byte[]>> make) {
    calls++;
    long t0 = cpu();
    List<byte[]> shares = make.get();
    return new Timed<>(shares, cpu() - t0);
  }

  /**
   * A client's payload whose key collides ({@link DesignKeys#sealColliding}): a valid
   * transaction that opens to {@code payload} (padded) under the true key and to another
   * plaintext under the colluding validator's shifted key.
   */
  public Timed<DesignKeys.Colliding> colliding(int height, int slot, byte[] payload,
      StrongRandom random) {
    calls++;
    long t0 = cpu();
    DesignKeys.Colliding c = keys.sealColliding(blockId(height), slot, payload, random);
    long cpu = cpu() - t0;
    if (!keys.isValid(c.tx())) {
      throw new IllegalStateException("a key-colliding transaction failed its validity check");
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

    /** The validators a short call named faulty before it ran out of honest shares. */
    public List<Integer> namedBeforeShort() {
      return isShort() ? List.copyOf(result.faultyValidators().keySet()) : List.of();
    }
  }

  private DesignKeys combinerKeys(int combiner) {
    return combiners.computeIfAbsent(combiner, c -> keys.forCombiner());
  }

  /**
   * block_propose for shares folded for {@code foldedFor} (null: the senders), without a reshare
   * source: the pipeline reshares in simulated time. A call that finds fewer than the threshold of
   * honest shares comes back {@link Attempt#isShort() short}.
   */
  public Attempt tryBlockPropose(int combiner, PreparedBlock block,
      Map<Integer, List<byte[]>> shares, SignerSet foldedFor, StrongRandom random) {
    calls++;
    DesignKeys mine = combinerKeys(combiner);
    long before = processCpu();
    BlockResult result = mine.propose(block, shares, foldedFor, null, random);
    return new Attempt(result, processCpu() - before);
  }

  /** {@link #blockPropose(int, PreparedBlock, Map, BlockProposer.Reshare, StrongRandom)} of block 1. */
  public Timed<BlockResult> blockPropose(int combiner, List<? extends SealedTx> txs,
      Map<Integer, List<byte[]>> shares, BlockProposer.Reshare reshare, StrongRandom random) {
    return blockPropose(combiner, plainBlock(1, List.copyOf(txs)), shares, reshare, random);
  }

  /**
   * The combiner's real block_propose. Its phase times are wall-clock; the returned CPU time is
   * this process's CPU time over the call (all its threads), which unlike wall time x threads
   * does not grow when other programs load the machine.
   */
  public Timed<BlockResult> blockPropose(int combiner, PreparedBlock block,
      Map<Integer, List<byte[]>> shares, BlockProposer.Reshare reshare, StrongRandom random) {
    calls++;
    DesignKeys mine = combinerKeys(combiner);
    long before = processCpu();
    BlockResult result = mine.propose(block, shares, null, reshare, random);
    return new Timed<>(result, processCpu() - before);
  }

  private static long processCpu() {
    java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getProcessCpuTime();
    }
    return System.nanoTime();
  }

  /** Designs whose code a run of this process has warmed up ({@link #warmUp}). */
  private static final java.util.Set<String> WARMED =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * Whether a run of this process has warmed up this design's code ({@link #warmUp}). Runs whose
   * durations come from the cost model warm up only if not: their real calls' times only feed the
   * cost check, which must not compare the JIT's first (interpreted) calls with a calibrated
   * model, and the JIT stays warm from one run to the next.
   */
  public boolean warmedInThisProcess() {
    return WARMED.contains(design().name());
  }

  /**
   * Runs the whole path once on a throw-away block (its own combiner view, so no prepared signer
   * set is left cached), so that measured times of the first heights do not include JIT warm-up.
   */
  public void warmUp(StrongRandom random) {
    WARMED.add(design().name());
    long[] ignored = new long[1];
    // Two transactions, or one where the design's blocks hold only one (batched's setup for
    // blocks of one message has one slot).
    List<byte[]> payloads = keys.maxBlockSize() >= 2 ? List.of(new byte[32], new byte[32])
        : List.of(new byte[32]);
    List<SealedTx> txs = encryptAndAdmit(1, payloads, random, ignored).value();
    BlockDigest digest = keys.digest(blockId(1), txs, workers);
    PreparedBlock block = keys.prepare(digest, txs, workers);
    SignerSet all = SignerSet.all(keys().committee());
    List<Timed<List<byte[]>>> made = sharesOf(all.validators(), all, block); // not committed
    Map<Integer, List<byte[]>> shares = new java.util.TreeMap<>();
    for (int i = 0; i < made.size(); i++) {
      shares.put(all.validator(i), made.get(i).value());
    }
    keys.forCombiner().propose(block, shares, null, null, random);
    calls = 0;
    coefficientsOf.clear(); // no validator keeps the warm-up's coefficients
    coefficientsCpu.clear();
  }

  static long cpu() {
    return Workers.callerCpuNanos();
  }

  private static long sum(long[] xs) {
    long s = 0;
    for (long x : xs) {
      s += x;
    }
    return s;
  }

  /**
   * block_propose's phase times keyed by the operation each phase is priced as (every design's:
   * its share verification is VERIFY, its reconstruction COMBINE, its decryption DECRYPT).
   */
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
