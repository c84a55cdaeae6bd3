package dev.tdsim.calibration;

import dev.tdsim.costs.VoteCosts;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.sig.VoteSignatureScheme;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.crypto.variant.Variants;
import dev.tdsim.pipeline.FaultyShares;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.progress.ProgressBar;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * {@code tdsim calibrate}: runs every real crypto call the simulator charges, for each variant
 * over its grid, at 1 thread and at every thread count up to {@link
 * CalibrationSettings#maxThreads}, in interleaved rounds, and fits the cost model (single-core
 * CPU time) and each operation's parallel scaling (Amdahl's serial fraction) to the medians.
 *
 * <p><b>Setup</b> (untimed, on the setup threads): per key set the keys and tables are dealt
 * and, per variant and message count m, a <i>cell</i> is prepared: fresh payloads, their
 * ciphertexts, and every signer's shares. A throw-away block warms the JIT up per variant and key
 * set. All cells stay in memory.
 *
 * <p><b>Rounds</b>: each round visits every (cell, thread count k) once, in an order shuffled
 * per round (seeded), so a fast or slow minute of a drifting machine is spread over all grid
 * points instead of biasing one key set. A visit measures, with a pool of exactly k threads:
 *
 * <ul>
 *   <li>ENCRYPT and ADMISSION_CHECK: the m encryptions and validity checks through {@link
 *       RealCrypto}, as the simulator runs them (parallel over messages);
 *   <li>SHARE_CREATE: up to three signers (first, middle, last) each create their m shares alone,
 *       parallel over messages, size (m, 1, their points). For variants that fold the signer set
 *       into shares, the signer set's Lagrange coefficients are computed beforehand (the
 *       simulator's combiner pays them in PREPARE);
 *   <li>block_propose by a fresh {@link BlockProposer} (so prepare_combine is not cached): the
 *       CPU time of each phase (DECODE, VALIDITY, VERIFY, PREPARE, COMBINE, DECRYPT) over the
 *       threads it ran on, exactly as the simulator measures it, and each phase is one point of size (m, signers, signer points, payload bytes). Every plaintext is
 *       checked.
 * </ul>
 *
 * Per point and thread count the <b>median</b> over the rounds is kept (CPU time and wall time).
 * CPU time is the calling thread's at k = 1 (the single-core nanoseconds the model is defined
 * in), and at k > 1 what the simulator's measurement reports there (summed thread CPU of the
 * tasks for encryption, checks and share creation, process CPU for block_propose).
 *
 * <p><b>Fits</b>: the k = 1 medians give the cost model ({@link CostFit}); per (variant,
 * operation) the wall-time ratios W(k)/W(1) of the points whose parallel units ({@link
 * CryptoOp#parallelUnits}) reach k give Amdahl's f ({@link AmdahlFit}), and the summed CPU at k
 * over the summed CPU at 1 of the same points gives the CPU ratio at k ({@link Scaling}).
 *
 * <p>The signers are the fewest validators (in index order) whose points reach the threshold, like
 * the shares the simulator's combiner waits for. CHECK (the combined-result check of variants
 * whose shares are not verified) is its own phase. BLAME is timed on a second block_propose per
 * visit with one bad share: the first signer's shares are shifted by a group element (the
 * variant's colluding share maker, as the simulator's {@code bad-share} fault sends them); for
 * variants whose shares do not depend on the signer set the next validator's honest shares are
 * added, so that t honest points remain. BLAME is that call's verify, check and blame phases:
 * a failed verification that searches per validator, failed combined-result checks and blame;
 * size (m, its validators, their points, payload bytes).
 */
public final class Calibrator {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  /** Signers whose share creation is timed at each grid point. */
  private static final int TIMED_SHARE_MAKERS = 3;
  private static final List<CryptoOp> PHASES = List.of(CryptoOp.DECODE, CryptoOp.VALIDITY,
      CryptoOp.VERIFY, CryptoOp.CHECK, CryptoOp.PREPARE, CryptoOp.COMBINE, CryptoOp.DECRYPT);

  private final CalibrationSettings settings;
  private final PrintWriter err;
  private final ProgressBar bar;
  private final List<Sample> samples = new ArrayList<>();
  private final List<ScalingSample> scalingSamples = new ArrayList<>();

  /**
   * @param err where progress goes (stderr): a bar with time remaining, and setup lines
   */
  public Calibrator(CalibrationSettings settings, PrintWriter err) {
    this.settings = settings;
    this.err = err;
    this.bar = new ProgressBar(err, "measurements",
        settings.points() * settings.reps() * settings.maxThreads());
  }

  /**
   * The medians of one point at one thread count.
   *
   * @param threads the pool's threads k
   * @param units the call's parallel units (k > units leaves threads idle)
   * @param cpuNanos median CPU time (see the class comment for what is measured at each k)
   * @param wallNanos median wall time less the run-queue delay (see {@link #unqueued}): the fit
   *     uses it
   * @param rawWallNanos median measured wall time
   * @param rounds measurements the medians are of
   */
  public record ScalingSample(String variant, CryptoOp op, OpSize size, int threads, int units,
      double cpuNanos, double wallNanos, double rawWallNanos, int rounds) {}

  /** What a calibration produced: the samples, the fitted model and each fit's terms. */
  public record Result(List<Sample> samples, List<ScalingSample> scalingSamples, CostModel model,
      Map<String, Map<CryptoOp, CostFit.Result>> fits,
      Map<String, Map<CryptoOp, AmdahlFit.Result>> scalingFits, long elapsedNanos,
      double loadBefore, double loadAfter) {}

  /**
   * Above this 1-minute load average at the start, other processes share the CPUs: on SMT
   * siblings they slow every measured call, by up to half on the project's machine.
   */
  static final double BUSY_LOAD = 1.0;

  /** One grid point of one variant or design: its measurements, per point and thread count. */
  private abstract class GridCell {
    final String name;
    final KeySet keys;
    final int m;
    final int payloadBytes;
    /**
     * Per point (op + maker) and thread count: the measurements, {cpu, wall without run-queue
     * delay, raw wall} each.
     */
    final Map<String, List<List<double[]>>> measured = new LinkedHashMap<>();
    final Map<String, OpSize> sizes = new LinkedHashMap<>();
    final Map<String, CryptoOp> ops = new LinkedHashMap<>();

    GridCell(String name, KeySet keys, int m, int payloadBytes) {
      this.name = name;
      this.keys = keys;
      this.m = m;
      this.payloadBytes = payloadBytes;
    }

    void add(String point, CryptoOp op, OpSize size, int threads, double cpu, double wall,
        double rawWall) {
      ops.putIfAbsent(point, op);
      sizes.putIfAbsent(point, size);
      List<List<double[]>> byThreads = measured.computeIfAbsent(point, p -> {
        List<List<double[]>> l = new ArrayList<>();
        for (int k = 0; k < settings.maxThreads(); k++) {
          l.add(new ArrayList<>());
        }
        return l;
      });
      byThreads.get(threads - 1).add(new double[] {cpu, wall, rawWall});
    }

    /** One visit: every call of this cell once, on {@code workers}. */
    abstract void visit(Workers workers);

    /** The cell for the progress bar. */
    String describe() {
      Committee committee = keys.committee();
      return String.format(Locale.ROOT, "%s %dx%d, %d msgs of %d B", name,
          committee.validators(), committee.shares(), m, payloadBytes);
    }

    /**
     * Runs {@code call} on {@code workers} and adds it as one measurement of {@code point}: the
     * CPU time of the calling thread and of the pool's threads, and the wall time (less the
     * run-queue delay, see {@link #unqueued}).
     */
    void timed(String point, CryptoOp op, OpSize size, Workers workers, Runnable call) {
      int k = workers.threads();
      long q0 = runQueueDelayNanos(workers);
      long c0 = cpu(workers);
      long t0 = System.nanoTime();
      call.run();
      double w = System.nanoTime() - t0;
      double c = cpu(workers) - c0;
      add(point, op, size, k, c, unqueued(w, q0, runQueueDelayNanos(workers), k), w);
    }

    /**
     * ENCRYPT and ADMISSION_CHECK of {@code payloads}: one call does both, so the wall time is
     * split between them by their CPU times.
     */
    void encryptAndAdmit(RealCrypto crypto, List<byte[]> payloads, StrongRandom random,
        OpSize block, Workers workers) {
      int k = workers.threads();
      long[] admission = new long[1];
      long q0 = runQueueDelayNanos(workers);
      long w0 = System.nanoTime();
      long encryptCpu = crypto.encryptAndAdmit(payloads, random, admission).cpuNanos();
      double raw = System.nanoTime() - w0;
      double wall = unqueued(raw, q0, runQueueDelayNanos(workers), k);
      double total = Math.max(1, encryptCpu + admission[0]);
      add("ENCRYPT", CryptoOp.ENCRYPT, block, k, encryptCpu, wall * encryptCpu / total,
          raw * encryptCpu / total);
      add("ADMISSION_CHECK", CryptoOp.ADMISSION_CHECK, block, k, admission[0],
          wall * admission[0] / total, raw * admission[0] / total);
    }

    /** The CPU time of the calling thread and of {@code workers}' threads so far. */
    long cpu(Workers workers) {
      return THREADS.getCurrentThreadCpuTime() + workers.poolCpuNanos();
    }

    private int coefficientVisits;

    /**
     * Designs whose shares fold the signer set: a validator's Lagrange coefficients of a signer
     * set it has not folded for (SIGNER_COEFFICIENTS), on a set no earlier visit used.
     */
    void addSignerCoefficients(boolean foldsSigners, int threads) {
      if (!foldsSigners) {
        return;
      }
      SignerSet fresh = rotatedSigners(keys.committee(), coefficientVisits++);
      long w0 = System.nanoTime();
      long cpu = RealCrypto.lagrangeCpuNanos(fresh);
      double wall = System.nanoTime() - w0;
      add("SIGNER_COEFFICIENTS", CryptoOp.SIGNER_COEFFICIENTS,
          new OpSize(1, fresh.size(), fresh.pointCount(), 0), threads, cpu, wall, wall);
    }
  }

  /** One grid point of one Ferveo variant: everything its measurements need, made during setup. */
  private final class Cell<S> extends GridCell {
    final CombineVariant<S> variant;
    final List<byte[]> payloads;
    final List<Ciphertext> cts;
    final Map<Integer, List<byte[]>> shares;
    final SignerSet shareSigners;
    final List<Integer> timedMakers;
    final OpSize block;
    /** Shares with one bad signer (BLAME), the set they were folded for, and their size. */
    Map<Integer, List<byte[]>> faultyShares;
    SignerSet faultyFor;
    OpSize faultySize;
    final StrongRandom random;

    Cell(CombineVariant<S> variant, KeySet keys, int m, int payloadBytes, List<byte[]> payloads,
        List<Ciphertext> cts, Map<Integer, List<byte[]>> shares, SignerSet shareSigners,
        List<Integer> timedMakers, OpSize block, StrongRandom random) {
      super(variant.name(), keys, m, payloadBytes);
      this.variant = variant;
      this.payloads = payloads;
      this.cts = cts;
      this.shares = shares;
      this.shareSigners = shareSigners;
      this.timedMakers = timedMakers;
      this.block = block;
      this.random = random;
    }

    @Override
    void visit(Workers workers) {
      int k = workers.threads();
      Committee committee = keys.committee();
      // Ferveo's designs deal nothing beyond the key set and take blocks of any size.
      RealCrypto crypto = RealCrypto.of(new FerveoDesign(variant), keys, Integer.MAX_VALUE,
          workers);
      addSignerCoefficients(variant.sharesDependOnSigners(), k);

      encryptAndAdmit(crypto, payloads, random, block, workers);

      for (int v : timedMakers) {
        // CPU: the thread CPU of every task summed (as the simulator measures a validator's
        // shares), plus the maker's construction on the calling thread.
        long[] taskCpu = new long[m];
        // The run-queue read walks /proc on k > 1 threads: outside the CPU window.
        long sq0 = runQueueDelayNanos(workers);
        long c0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        CombineVariant.ShareMaker maker = variant.shareMaker(keys, v, shareSigners);
        long made = THREADS.getCurrentThreadCpuTime() - c0;
        List<byte[]> mine = workers.map(m, i -> {
          long x0 = THREADS.getCurrentThreadCpuTime();
          byte[] share = maker.create(cts.get(i));
          taskCpu[i] = THREADS.getCurrentThreadCpuTime() - x0;
          return share;
        });
        double w = System.nanoTime() - t0;
        long sq1 = runQueueDelayNanos(workers);
        double c = made + Arrays.stream(taskCpu).sum();
        shares.put(v, mine);
        add("SHARE_CREATE/" + v, CryptoOp.SHARE_CREATE,
            new OpSize(m, 1, committee.pointsOf(v), block.msgBytes()), k, c,
            unqueued(w, sq0, sq1, k), w);
      }

      BlockProposer<S> proposer = new BlockProposer<>(variant, keys, workers);
      StrongRandom weights = SeededDrbg.of(settings.seed(), "calibration.weights", k);
      long bq0 = runQueueDelayNanos(workers);
      long b0 = System.nanoTime();
      BlockResult result = proposer.propose(cts, shares, null, weights);
      double bw = System.nanoTime() - b0;
      long bq1 = runQueueDelayNanos(workers);
      double unqueuedShare = bw > 0 ? unqueued(bw, bq0, bq1, k) / bw : 1;
      check(name, result, payloads);
      boolean verifies = proposer.combinerFor(result.signersUsed()).verifiesShares();
      Map<CryptoOp, Long> phaseWall = RealCrypto.byOp(result.timings());
      Map<CryptoOp, Long> phaseCpu = RealCrypto.byOp(result.cpu());
      for (CryptoOp op : PHASES) {
        if (op == CryptoOp.VERIFY && !verifies) {
          continue;
        }
        double pw = phaseWall.get(op);
        // Each phase's own CPU over the threads it ran on, as the simulator measures it.
        if (op == CryptoOp.CHECK && verifies) {
          continue;
        }
        add(op.name(), op, block, k, Math.max(0, phaseCpu.get(op)), pw * unqueuedShare, pw);
      }
      if (faultyShares != null) {
        BlockProposer<S> blamer = new BlockProposer<>(variant, keys, workers);
        long fq0 = runQueueDelayNanos(workers);
        long f0 = System.nanoTime();
        BlockResult faulty = blamer.propose(cts, faultyShares, faultyFor, null, weights);
        double fw = System.nanoTime() - f0;
        long fq1 = runQueueDelayNanos(workers);
        neverWrong(name, faulty, payloads);
        BlockResult.PhaseTimings c = faulty.cpu();
        BlockResult.PhaseTimings w = faulty.timings();
        double blameCpu = Math.max(0, c.verifyNanos()) + Math.max(0, c.checkNanos())
            + Math.max(0, c.blameNanos());
        double blameWall = w.verifyNanos() + w.checkNanos() + w.blameNanos();
        double share = fw > 0 ? unqueued(fw, fq0, fq1, k) / fw : 1;
        add("BLAME", CryptoOp.BLAME, faultySize, k, blameCpu, blameWall * share, blameWall);
      }
    }
  }

  /** The samples' and fits' name of the key setup's operations (the model's section). */
  public static final String KEY_SETUP = "key_setup";

  /**
   * One key set of the DKG grid ({@link DkgCalibration}): a visit times a deal, one transcript's
   * decoding and verification, and the aggregation and own check at each transcript count.
   */
  private final class DkgCell extends GridCell {
    final DkgCalibration.Setup setup;

    DkgCell(DkgCalibration.Setup setup) {
      super(KEY_SETUP, null, setup.transcripts.get(setup.transcripts.size() - 1), 0);
      this.setup = setup;
    }

    @Override
    String describe() {
      return "DKG " + setup.label + " (aggregating " + setup.transcripts + " transcripts)";
    }

    @Override
    void visit(Workers workers) {
      timed("DKG_DEAL", CryptoOp.DKG_DEAL, setup.transcriptSize(), workers,
          () -> setup.deal(workers));
      timed("DKG_VERIFY", CryptoOp.DKG_VERIFY, setup.transcriptSize(), workers,
          () -> setup.verify(workers));
      for (int d : setup.transcripts) {
        timed("DKG_AGGREGATE/" + d, CryptoOp.DKG_AGGREGATE, setup.aggregateSize(d), workers,
            () -> setup.aggregate(d, workers));
        // One thread's work whatever the pool (as in a scenario): timed at 1 thread only.
        if (workers.threads() == 1) {
          timed("DKG_OWN_CHECK/" + d, CryptoOp.DKG_OWN_CHECK, setup.ownCheckSize(d), workers,
              () -> setup.ownCheck(d));
        }
      }
    }
  }

  /**
   * The run-queue delay so far of the threads that run a measurement on {@code workers}: the
   * time they were ready to run but waited for a CPU that other processes held (Linux {@code
   * schedstat}, second field). On one thread that is the calling thread; on a pool, its worker
   * threads (the caller only waits for them), found by their kernel thread name (the Java name
   * cut to 15 characters, e.g. {@code ForkJoinPool-3-}). -1 where unavailable.
   */
  private long runQueueDelayNanos(Workers workers) {
    String prefix = workerPrefix.get(workers);
    if (prefix == null) {
      return schedDelay(java.nio.file.Path.of("/proc/thread-self/schedstat"));
    }
    java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
    if (tasks == null) {
      return -1;
    }
    long sum = 0;
    for (java.io.File t : tasks) {
      try {
        String comm = java.nio.file.Files.readString(t.toPath().resolve("comm")).trim();
        if (comm.startsWith(prefix)) {
          long d = schedDelay(t.toPath().resolve("schedstat"));
          sum += Math.max(0, d);
        }
      } catch (java.io.IOException | RuntimeException e) {
        // the thread ended meanwhile: skip it
      }
    }
    return sum;
  }

  private static long schedDelay(java.nio.file.Path schedstat) {
    try {
      return Long.parseLong(java.nio.file.Files.readString(schedstat).trim().split("\\s+")[1]);
    } catch (java.io.IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Kernel thread-name prefix of each multi-thread pool's workers (see runQueueDelayNanos). */
  private final Map<Workers, String> workerPrefix = new java.util.IdentityHashMap<>();

  private void learnWorkerPrefix(Workers pool) {
    if (pool.threads() < 2) {
      return;
    }
    String name = pool.map(2, i -> Thread.currentThread().getName()).get(0);
    // "ForkJoinPool-7-worker-1": the pool's part, as the kernel keeps it (15 characters).
    int cut = name.indexOf("-worker-");
    String pool0 = cut > 0 ? name.substring(0, cut + 1) : name;
    workerPrefix.put(pool, pool0.substring(0, Math.min(15, pool0.length())));
  }

  /**
   * The wall time the call would have taken on otherwise idle CPUs: the measured wall time less
   * the run-queue delay its threads accumulated over it, divided by the k threads that shared
   * it (their mean delay; at least 5% of the wall time is kept). On a shared machine other processes hold CPUs
   * for much of a multi-thread call, which would otherwise read as no parallel speedup at all.
   */
  static double unqueued(double wallNanos, long delayBefore, long delayAfter, int threads) {
    if (delayBefore < 0 || delayAfter < 0) {
      return wallNanos;
    }
    double queued = Math.max(0, delayAfter - delayBefore) / (double) threads;
    return Math.max(wallNanos - queued, 0.05 * wallNanos);
  }

  public Result run() {
    long t0 = System.nanoTime();
    if (!THREADS.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalStateException("this JVM cannot measure thread CPU time");
    }
    THREADS.setThreadCpuTimeEnabled(true);
    double loadBefore = loadAverage();
    if (loadBefore > BUSY_LOAD) {
      info(String.format(Locale.ROOT, "warning: load average %.2f: other processes are running;"
          + " they slow the measured calls (CPU time grows when a sibling CPU is busy), so the"
          + " model will be slower and noisier than this machine idle", loadBefore));
    }
    List<CalibrationSettings.KeySpec> keySets = settings.allKeySets();
    List<GridCell> cells = new ArrayList<>();
    try (Workers setup = Workers.of(settings.threads())) {
      for (int k = 0; k < keySets.size(); k++) {
        CalibrationSettings.KeySpec spec = keySets.get(k);
        List<String> variants = new ArrayList<>();
        settings.grids().forEach((v, g) -> {
          if (g.keySets().contains(spec)) {
            variants.add(v);
          }
        });
        long d0 = System.nanoTime();
        Committee committee = Committee.equal(spec.shares(), spec.threshold(), spec.validators());
        KeySet keys = KeySet.deal(
            committee, SeededDrbg.of(settings.seed(), "calibration.dealer", k), setup);
        info(String.format(Locale.ROOT, "key set %s (t=%d): dealt in %.1f s; variants %s",
            spec, spec.threshold(), (System.nanoTime() - d0) / 1e9, variants));
        for (String v : variants) {
          BlockDesign design = Designs.byName(v);
          Optional<CombineVariant<?>> variant = FerveoDesign.variantOf(design);
          cells.addAll(variant.isPresent()
              ? prepare(variant.get(), keys, settings.grids().get(v), setup)
              : prepareDesign(design, keys, settings.grids().get(v), setup));
        }
      }
      if (settings.dkg() != null) {
        for (CalibrationSettings.KeySpec spec : settings.dkg().keySets()) {
          long d0 = System.nanoTime();
          List<Integer> transcripts = CalibrationSettings.DkgGrid.transcripts(spec);
          cells.add(new DkgCell(DkgCalibration.prepare(spec, transcripts, settings.seed(),
              setup)));
          info(String.format(Locale.ROOT, "DKG on %s: keys, %d transcripts dealt and warm-up"
              + " in %.1f s", spec, transcripts.get(transcripts.size() - 1),
              (System.nanoTime() - d0) / 1e9));
        }
      }
    }
    List<Workers> pools = new ArrayList<>();
    for (int k = 1; k <= settings.maxThreads(); k++) {
      pools.add(Workers.of(k));
      learnWorkerPrefix(pools.get(k - 1));
    }
    try {
      for (int r = 0; r < settings.reps(); r++) {
        List<int[]> visits = new ArrayList<>();
        for (int c = 0; c < cells.size(); c++) {
          for (int k = 1; k <= settings.maxThreads(); k++) {
            visits.add(new int[] {c, k});
          }
        }
        java.util.Collections.shuffle(visits, new Random(settings.seed() * 31L + r));
        for (int[] visit : visits) {
          GridCell cell = cells.get(visit[0]);
          long p0 = System.nanoTime();
          cell.visit(pools.get(visit[1] - 1));
          bar.step(String.format(Locale.ROOT, "round %d/%d: %s, %d thread%s (%.2f s)", r + 1,
              settings.reps(), cell.describe(), visit[1], visit[1] == 1 ? "" : "s",
              (System.nanoTime() - p0) / 1e9));
        }
      }
    } finally {
      pools.forEach(Workers::close);
    }
    for (GridCell cell : cells) {
      collect(cell);
    }
    Map<String, Map<CryptoOp, CostFit.Result>> fits = fitAll();
    Map<String, Map<CryptoOp, AmdahlFit.Result>> scalingFits = new LinkedHashMap<>();
    Map<String, Map<CryptoOp, Scaling>> scalings = fitScalings(scalingFits);
    CostModel model = model(fits, scalings).withVotes(voteCosts());
    if (settings.dkg() != null) {
      // The key setup's operations: fitted like a variant's, kept in the model's key_setup.
      fits.put(KEY_SETUP, fitOps(KEY_SETUP, OpTerms::keySetup));
      Map<CryptoOp, AmdahlFit.Result> keyFits = new EnumMap<>(CryptoOp.class);
      Map<CryptoOp, Scaling> keyScalings = scalingsOf(KEY_SETUP, keyFits);
      if (settings.maxThreads() >= 2) {
        scalingFits.put(KEY_SETUP, keyFits);
      }
      model = model.withKeySetup(new CostModel.OpCosts(coefficients(fits.get(KEY_SETUP)),
          quality(fits.get(KEY_SETUP)), keyScalings));
    }
    long elapsed = System.nanoTime() - t0;
    return new Result(List.copyOf(samples), List.copyOf(scalingSamples),
        model, fits, scalingFits, elapsed, loadBefore, loadAverage());
  }

  /** The cells of one variant on one key set: payloads, ciphertexts and shares, untimed. */
  private <S> List<Cell<S>> prepare(CombineVariant<S> variant, KeySet keys,
      CalibrationSettings.Grid grid, Workers setup) {
    String name = variant.name();
    Committee committee = keys.committee();
    int keyIndex = grid.keySets().indexOf(new CalibrationSettings.KeySpec(
        committee.validators(), committee.shares()));
    long w0 = System.nanoTime();
    RealCrypto untimed = RealCrypto.of(new FerveoDesign(variant), keys, Integer.MAX_VALUE, setup);
    // Computes the key set's lazily derived points this variant needs, in parallel, and warms
    // the JIT up on the whole path.
    String cellLabel = name + "/" + committee.validators() + "x" + committee.shares();
    untimed.warmUp(SeededDrbg.of(settings.seed(), "calibration.warm-up/" + cellLabel, 0));
    info(String.format(Locale.ROOT, "%s on %dx%d: tables and warm-up in %.1f s", name,
        committee.validators(), committee.shares(), (System.nanoTime() - w0) / 1e9));

    // Blame checks shares against the G2 key shares: computed now (untimed), not in BLAME.
    keys.keyShares();
    SignerSet signers = thresholdSigners(committee);
    SignerSet shareSigners = variant.sharesDependOnSigners() ? signers : SignerSet.all(committee);
    if (variant.sharesDependOnSigners()) {
      shareSigners.lambdas();
    }
    List<Integer> makers = signers.validators();
    int points = signers.pointCount();
    List<Cell<S>> out = new ArrayList<>();
    for (int j = 0; j < grid.msgs().size(); j++) {
      int m = grid.msgs().get(j);
      int size = payloadBytes(keyIndex, j);
      List<byte[]> payloads = cellPayloads(name, keyIndex, m, size);
      // Encryption scalars from a strong stream of this cell only (payload bytes need none).
      StrongRandom encryption =
          SeededDrbg.of(settings.seed(), "calibration.encrypt/" + cellLabel, m);
      // Ferveo's designs seal threshold ciphertexts.
      List<Ciphertext> cts = untimed.encryptAndAdmit(payloads, encryption, new long[1]).value()
          .stream().map(Ciphertext.class::cast).toList();
      Map<Integer, List<byte[]>> shares = new TreeMap<>();
      List<RealCrypto.Timed<List<byte[]>>> made = untimed.createShares(makers, shareSigners, cts);
      for (int i = 0; i < makers.size(); i++) {
        shares.put(makers.get(i), made.get(i).value());
      }
      Cell<S> cell = new Cell<>(variant, keys, m, size, payloads, cts, shares, shareSigners,
          timedMakers(makers), new OpSize(m, makers.size(), points, (long) m * size),
          encryption);
      // One bad signer (the first, its shares shifted) among the signers and the next
      // validator, so that t honest points remain after blame.
      if (makers.size() < committee.validators()) {
        List<Integer> withExtra = new ArrayList<>(makers);
        withExtra.add(makers.size());
        SignerSet faultySet = SignerSet.of(committee, withExtra);
        SignerSet madeFor = variant.sharesDependOnSigners() ? faultySet : shareSigners;
        Map<Integer, List<byte[]>> faulty = new TreeMap<>();
        List<RealCrypto.Timed<List<byte[]>>> honest = untimed.createShares(withExtra, madeFor, cts);
        for (int i = 0; i < withExtra.size(); i++) {
          faulty.put(withExtra.get(i), honest.get(i).value());
        }
        int bad = makers.get(0);
        CombineVariant.ShareMaker shifted = FaultyShares.shifted(variant, keys, bad, madeFor);
        faulty.put(bad, untimed.createWith(() -> cts.stream().map(shifted::create).toList())
            .value());
        cell.faultyShares = faulty;
        cell.faultyFor = variant.sharesDependOnSigners() ? faultySet : null;
        cell.faultySize = new OpSize(m, faultySet.size(), faultySet.pointCount(),
            (long) m * size);
      }
      out.add(cell);
    }
    return out;
  }

  /**
   * One grid point of a one-share-per-block design. Made untimed: the design set up for blocks
   * of exactly m transactions (as a run with m per block sets it up), the block's transactions,
   * its digest and prepared block, and every threshold signer's share. A visit times, on a pool of k threads: ENCRYPT and
   * ADMISSION_CHECK of m fresh payloads; DIGEST and EVAL_PROOFS (the whole prepare) of the
   * cell's block, size (m, 1, the proposer's points) and (m, V, N) as the simulator charges them;
   * SHARE_CREATE by three signers (their signer set's coefficients computed before); and the
   * combiner's block_propose on the design's keys set up for a pool of k threads (once per cell
   * and k, same dealer stream), with shares made (untimed) for a signer set no earlier visit
   * used, so that the per-signer-set preparation is computed in the call (PREPARE); each phase
   * one point, size (m, signers, their points). BLAME on a second call with the first signer's
   * shares wrong ({@link DesignKeys#createWrongShares}), on each key set's smallest block.
   */
  private final class DesignCell extends GridCell {
    final BlockDesign design;
    final DesignKeys cellKeys;
    final int maxBlock;
    final String dealerLabel;
    final BlockId id;
    final List<byte[]> payloads;
    final List<SealedTx> txs;
    final PreparedBlock prepared;
    final Map<Integer, List<byte[]>> shares;
    final SignerSet shareSigners;
    final List<Integer> timedMakers;
    final OpSize block;
    /** The signer set of the BLAME call (the threshold signers and the next validator). */
    SignerSet faultyFor;
    OpSize faultySize;
    final StrongRandom random;
    /** The design's keys on a pool of k threads (shared by the key set's cells). */
    final java.util.function.Function<Workers, DesignKeys> keysFor;
    final Map<Integer, PreparedBlock> preparedFor = new java.util.HashMap<>();
    final Map<Integer, Map<Integer, List<byte[]>>> faultyByThreads = new java.util.HashMap<>();
    /** Visits so far per thread count (of this cell's combiner keys). */
    final java.util.function.IntFunction<int[]> visits;

    DesignCell(java.util.function.Function<Workers, DesignKeys> keysFor,
        java.util.function.IntFunction<int[]> visits, BlockDesign design,
        DesignKeys cellKeys, int maxBlock, String dealerLabel,
        BlockId id, int payloadBytes, List<byte[]> payloads, List<SealedTx> txs,
        PreparedBlock prepared, Map<Integer, List<byte[]>> shares, SignerSet shareSigners,
        List<Integer> timedMakers, OpSize block, StrongRandom random) {
      super(design.name(), cellKeys.keys(), txs.size(), payloadBytes);
      this.keysFor = keysFor;
      this.visits = visits;
      this.design = design;
      this.cellKeys = cellKeys;
      this.maxBlock = maxBlock;
      this.dealerLabel = dealerLabel;
      this.id = id;
      this.payloads = payloads;
      this.txs = txs;
      this.prepared = prepared;
      this.shares = shares;
      this.shareSigners = shareSigners;
      this.timedMakers = timedMakers;
      this.block = block;
      this.random = random;
    }

    @Override
    void visit(Workers workers) {
      int k = workers.threads();
      Committee committee = keys.committee();
      RealCrypto crypto = new RealCrypto(cellKeys, workers, "tdsim");
      addSignerCoefficients(cellKeys.design().sharesDependOnSigners(), k);
      encryptAndAdmit(crypto, payloads, random, block, workers);

      long dq0 = runQueueDelayNanos(workers);
      long dc0 = cpu(workers);
      long d0 = System.nanoTime();
      BlockDigest digest = cellKeys.digest(id, txs, workers);
      double dw = System.nanoTime() - d0;
      double dc = cpu(workers) - dc0;
      add("DIGEST", CryptoOp.DIGEST, new OpSize(m, 1, committee.pointsOf(0), block.msgBytes()),
          k, dc, unqueued(dw, dq0, runQueueDelayNanos(workers), k), dw);
      long pq0 = runQueueDelayNanos(workers);
      long pc0 = cpu(workers);
      long p0 = System.nanoTime();
      PreparedBlock again = cellKeys.prepare(digest, txs, workers);
      double pw = System.nanoTime() - p0;
      double pc = cpu(workers) - pc0;
      if (again.txs().size() != m) {
        throw new IllegalStateException(name + ": prepare lost transactions");
      }
      add("EVAL_PROOFS", CryptoOp.EVAL_PROOFS, new OpSize(m, committee.validators(),
          committee.shares(), block.msgBytes()), k, pc,
          unqueued(pw, pq0, runQueueDelayNanos(workers), k), pw);

      for (int v : timedMakers) {
        // One validator's shares are made on its own thread (the simulator's measure).
        // (The run-queue reads walk /proc: outside the CPU window.)
        long sq0 = runQueueDelayNanos(workers);
        long c0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        List<byte[]> mine = cellKeys.createShares(v, shareSigners, prepared);
        double w = System.nanoTime() - t0;
        double c = THREADS.getCurrentThreadCpuTime() - c0;
        long sq1 = runQueueDelayNanos(workers);
        if (!sameShares(mine, shares.get(v))) {
          throw new IllegalStateException(name + ": validator " + v + "'s shares changed");
        }
        add("SHARE_CREATE/" + v, CryptoOp.SHARE_CREATE,
            new OpSize(m, 1, committee.pointsOf(v), block.msgBytes()), k, c,
            unqueued(w, sq0, sq1, k), w);
      }

      // The combiner's keys on this visit's pool (set up once per key set and thread count,
      // untimed), its copy of the block, and shares from a signer set no earlier visit used, so
      // that its per-signer-set preparation (PREPARE) is computed in this call.
      DesignKeys combiner = keysFor.apply(workers);
      PreparedBlock mine = preparedFor.computeIfAbsent(k, x -> combiner.prepare(
          combiner.digest(id, txs, workers), txs, workers));
      SignerSet visitSigners = rotatedSigners(committee, visits.apply(k)[0]++);
      SignerSet madeFor = design.sharesDependOnSigners() ? visitSigners : shareSigners;
      madeFor.lambdas();
      List<List<byte[]>> made = workers.map(visitSigners.size(),
          i -> combiner.createShares(visitSigners.validator(i), madeFor, mine));
      Map<Integer, List<byte[]>> visitShares = new TreeMap<>();
      for (int i = 0; i < made.size(); i++) {
        visitShares.put(visitSigners.validator(i), made.get(i));
      }
      StrongRandom weights = SeededDrbg.of(settings.seed(), "calibration.weights", k);
      long bq0 = runQueueDelayNanos(workers);
      long b0 = System.nanoTime();
      BlockResult result = combiner.propose(mine, visitShares, null, null, weights);
      double bw = System.nanoTime() - b0;
      long bq1 = runQueueDelayNanos(workers);
      double unqueuedShare = bw > 0 ? unqueued(bw, bq0, bq1, k) / bw : 1;
      check(name, result, payloads);
      boolean verifies = combiner.verifiesShares();
      Map<CryptoOp, Long> phaseWall = RealCrypto.byOp(result.timings());
      Map<CryptoOp, Long> phaseCpu = RealCrypto.byOp(result.cpu());
      for (CryptoOp op : PHASES) {
        if ((op == CryptoOp.VERIFY && !verifies) || (op == CryptoOp.CHECK && verifies)) {
          continue;
        }
        if (op == CryptoOp.PREPARE && phaseWall.get(op) <= 0) {
          continue; // a small committee ran out of new signer sets: nothing was prepared
        }
        double phw = phaseWall.get(op);
        add(op.name(), op, block, k, Math.max(0, phaseCpu.get(op)), phw * unqueuedShare, phw);
      }
      if (faultyFor != null || faultySize != null) {
        Map<Integer, List<byte[]>> faulty = faultyByThreads.computeIfAbsent(k,
            x -> faultyShares(combiner, mine, workers));
        long fq0 = runQueueDelayNanos(workers);
        long f0 = System.nanoTime();
        BlockResult bad = combiner.propose(mine, faulty,
            design.sharesDependOnSigners() ? faultyFor : null, null, weights);
        double fw = System.nanoTime() - f0;
        long fq1 = runQueueDelayNanos(workers);
        neverWrong(name, bad, payloads);
        if (bad.faultyValidators().isEmpty()) {
          throw new IllegalStateException(name + ": a wrong share was not named: calibration"
              + " stopped");
        }
        BlockResult.PhaseTimings c = bad.cpu();
        BlockResult.PhaseTimings w = bad.timings();
        double blameCpu = Math.max(0, c.verifyNanos()) + Math.max(0, c.checkNanos())
            + Math.max(0, c.blameNanos());
        double blameWall = w.verifyNanos() + w.checkNanos() + w.blameNanos();
        double share = fw > 0 ? unqueued(fw, fq0, fq1, k) / fw : 1;
        add("BLAME", CryptoOp.BLAME, faultySize, k, blameCpu, blameWall * share, blameWall);
      }
    }

    /**
     * The threshold signers plus the next validator, the first one's shares wrong (made on the
     * combiner's copy of the block).
     */
    private Map<Integer, List<byte[]>> faultyShares(DesignKeys combiner, PreparedBlock mine,
        Workers workers) {
      SignerSet madeFor = design.sharesDependOnSigners() ? faultyFor : shareSigners;
      madeFor.lambdas();
      List<Integer> withExtra = faultyFor.validators();
      Map<Integer, List<byte[]>> faulty = new TreeMap<>();
      List<List<byte[]>> honest = workers.map(withExtra.size(),
          i -> combiner.createShares(withExtra.get(i), madeFor, mine));
      for (int i = 0; i < withExtra.size(); i++) {
        faulty.put(withExtra.get(i), honest.get(i));
      }
      int bad = withExtra.get(0);
      faulty.put(bad, combiner.createWrongShares(bad, madeFor, mine));
      return faulty;
    }
  }

  /**
   * The fewest validators whose points reach the threshold, counted from validator {@code
   * visit * 7 mod V} on (wrapping): a different set at each visit while V allows.
   */
  /** The payload size of a grid cell: the settings' sizes in turn over key sets and counts. */
  private int payloadBytes(int keyIndex, int j) {
    List<Integer> sizes = settings.sizesBytes();
    return sizes.get((keyIndex + j) % sizes.size());
  }

  /** The m payloads of one grid cell: random bytes (they need no strong stream). */
  private List<byte[]> cellPayloads(String name, int keyIndex, int m, int size) {
    Random random = new Random(settings.seed() * 7919L + 31L * keyIndex + 1009L * m
        + name.hashCode());
    List<byte[]> payloads = new ArrayList<>(m);
    for (int i = 0; i < m; i++) {
      byte[] p = new byte[size];
      random.nextBytes(p);
      payloads.add(p);
    }
    return payloads;
  }

  static SignerSet rotatedSigners(Committee committee, int visit) {
    int v = committee.validators();
    int start = (int) ((visit * 7L) % v);
    List<Integer> chosen = new ArrayList<>();
    int points = 0;
    for (int i = 0; i < v && points < committee.threshold(); i++) {
      int x = (start + i) % v;
      chosen.add(x);
      points += committee.pointsOf(x);
    }
    chosen.sort(null);
    return SignerSet.of(committee, chosen);
  }

  private static boolean sameShares(List<byte[]> a, List<byte[]> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!Arrays.equals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The cells of one one-share-per-block design on one key set: the design set up once (dealer
   * stream of its own, blocks up to the grid's largest), then per message count the block, its
   * digest and prepared block and every signer's share, untimed.
   */
  private List<DesignCell> prepareDesign(BlockDesign design, KeySet keys,
      CalibrationSettings.Grid grid, Workers setup) {
    String name = design.name();
    Committee committee = keys.committee();
    int keyIndex = grid.keySets().indexOf(new CalibrationSettings.KeySpec(
        committee.validators(), committee.shares()));
    String cellLabel = name + "/" + committee.validators() + "x" + committee.shares();
    long w0 = System.nanoTime();
    // The JIT warmed up on the whole path once per key set (a throw-away setup for 2).
    new RealCrypto(design.setup(keys, 2, SeededDrbg.of(settings.seed(),
        "calibration.design-dealer/warm-up/" + cellLabel, 0), setup), setup, "tdsim")
        .warmUp(SeededDrbg.of(settings.seed(), "calibration.warm-up/" + cellLabel, 0));
    SignerSet signers = thresholdSigners(committee);
    SignerSet shareSigners = design.sharesDependOnSigners() ? signers : SignerSet.all(committee);
    shareSigners.lambdas();
    List<Integer> makers = signers.validators();
    int points = signers.pointCount();
    List<DesignCell> out = new ArrayList<>();
    for (int j = 0; j < grid.msgs().size(); j++) {
      int m = grid.msgs().get(j);
      int size = payloadBytes(keyIndex, j);
      List<byte[]> payloads = cellPayloads(name, keyIndex, m, size);
      StrongRandom encryption =
          SeededDrbg.of(settings.seed(), "calibration.encrypt/" + cellLabel, m);
      // Set up for blocks of exactly m, as a run with m transactions per block sets the design
      // up (batched: its KZG domain, and whether FK20 or direct openings are cheaper, follow the
      // setup's capacity); the combiner's keys on a pool of k threads from the same dealer
      // stream, each with its own signer-set cache and visit count.
      int maxBlock = m;
      String dealerLabel = "calibration.design-dealer/" + cellLabel + "/" + m;
      DesignKeys cellKeys = design.setup(keys, maxBlock,
          SeededDrbg.of(settings.seed(), dealerLabel, 0), setup);
      Map<Integer, DesignKeys> byThreads = new java.util.HashMap<>();
      java.util.function.Function<Workers, DesignKeys> keysFor = w -> byThreads.computeIfAbsent(
          w.threads(), k -> design.setup(keys, maxBlock,
              SeededDrbg.of(settings.seed(), dealerLabel, 0), w));
      Map<Integer, int[]> visitCounts = new java.util.HashMap<>();
      java.util.function.IntFunction<int[]> visits =
          k -> visitCounts.computeIfAbsent(k, x -> new int[1]);
      RealCrypto untimed = new RealCrypto(cellKeys, setup, "tdsim");
      BlockId id = untimed.blockId(1);
      List<SealedTx> txs = untimed.encryptAndAdmit(payloads, encryption, new long[1]).value();
      PreparedBlock prepared = cellKeys.prepare(cellKeys.digest(id, txs, setup), txs, setup);
      Map<Integer, List<byte[]>> shares = new TreeMap<>();
      List<List<byte[]>> made = setup.map(makers.size(),
          i -> cellKeys.createShares(makers.get(i), shareSigners, prepared));
      for (int i = 0; i < makers.size(); i++) {
        shares.put(makers.get(i), made.get(i));
      }
      DesignCell cell = new DesignCell(keysFor, visits, design, cellKeys, maxBlock, dealerLabel, id,
          size, payloads, txs, prepared, shares, shareSigners, timedMakers(makers),
          new OpSize(m, makers.size(), points, (long) m * size), encryption);
      // BLAME (verification, its search and blame; not the decryption) does not grow with the
      // block, and its call decrypts the block again: timed on the smallest block only.
      if (makers.size() < committee.validators() && j == 0) {
        List<Integer> withExtra = new ArrayList<>(makers);
        withExtra.add(makers.size());
        SignerSet faultySet = SignerSet.of(committee, withExtra);
        cell.faultyFor = faultySet;
        cell.faultySize = new OpSize(m, faultySet.size(), faultySet.pointCount(),
            (long) m * size);
      }
      out.add(cell);
    }
    info(String.format(Locale.ROOT, "%s on %dx%d: setup, warm-up and %d blocks in %.1f s", name,
        committee.validators(), committee.shares(), out.size(),
        (System.nanoTime() - w0) / 1e9));
    return out;
  }

  /** One point's medians at every thread count (index k - 1), NaN where not measured. */
  private record PointMedians(String variant, CryptoOp op, OpSize size, double[] cpu,
      double[] wall) {}

  private final List<PointMedians> medians = new ArrayList<>();

  /** The medians of one cell's points: k = 1 CPU samples and every thread count's medians. */
  private void collect(GridCell cell) {
    String name = cell.name;
    cell.measured.forEach((point, byThreads) -> {
      CryptoOp op = cell.ops.get(point);
      OpSize size = cell.sizes.get(point);
      double[] cpu = new double[byThreads.size()];
      double[] wall = new double[byThreads.size()];
      for (int k = 1; k <= byThreads.size(); k++) {
        List<double[]> xs = byThreads.get(k - 1);
        cpu[k - 1] = xs.isEmpty() ? Double.NaN
            : median(xs.stream().mapToDouble(x -> x[0]).toArray());
        wall[k - 1] = xs.isEmpty() ? Double.NaN
            : median(xs.stream().mapToDouble(x -> x[1]).toArray());
        if (!xs.isEmpty()) {
          scalingSamples.add(new ScalingSample(name, op, size, k, op.parallelUnits(size),
              cpu[k - 1], wall[k - 1], median(xs.stream().mapToDouble(x -> x[2]).toArray()),
              xs.size()));
        }
      }
      if (!Double.isNaN(cpu[0])) {
        samples.add(new Sample(name, op, size, cpu[0]));
      }
      medians.add(new PointMedians(name, op, size, cpu, wall));
    });
  }

  /**
   * Per (variant, operation): Amdahl's f from the wall-time ratios W(k)/W(1), and the CPU ratio
   * at each k (summed CPU at k over summed CPU at 1), both over the points whose parallel units
   * reach k (fewer units than threads leaves threads idle: the simulator charges such a call
   * on min(cores, units) cores). An operation with no such point gets no scaling.
   */
  private Map<String, Map<CryptoOp, Scaling>> fitScalings(
      Map<String, Map<CryptoOp, AmdahlFit.Result>> fitsOut) {
    Map<String, Map<CryptoOp, Scaling>> out = new LinkedHashMap<>();
    if (settings.maxThreads() < 2) {
      return out;
    }
    for (String v : settings.grids().keySet()) {
      Map<CryptoOp, AmdahlFit.Result> fits = new EnumMap<>(CryptoOp.class);
      out.put(v, scalingsOf(v, fits));
      fitsOut.put(v, fits);
    }
    return out;
  }

  /** The scalings of one variant's (or the key setup's) operations; their fits into fits. */
  private Map<CryptoOp, Scaling> scalingsOf(String v, Map<CryptoOp, AmdahlFit.Result> fits) {
    Map<CryptoOp, Scaling> ops = new EnumMap<>(CryptoOp.class);
    if (settings.maxThreads() < 2) {
      return ops;
    }
    for (CryptoOp op : CryptoOp.values()) {
      List<PointMedians> mine = medians.stream()
          .filter(p -> p.variant().equals(v) && p.op() == op).toList();
      List<AmdahlFit.Observation> obs = new ArrayList<>();
      List<Double> ratio = new ArrayList<>(List.of(1.0));
      for (int k = 2; k <= settings.maxThreads(); k++) {
        double cpuK = 0;
        double cpu1 = 0;
        for (PointMedians p : mine) {
          if (p.op().parallelUnits(p.size()) < k || Double.isNaN(p.wall()[k - 1])
              || Double.isNaN(p.wall()[0])) {
            continue;
          }
          obs.add(new AmdahlFit.Observation(p.wall()[0], p.wall()[k - 1], k));
          cpuK += p.cpu()[k - 1];
          cpu1 += p.cpu()[0];
        }
        ratio.add(cpu1 > 0 && cpuK > 0 ? significant(cpuK / cpu1, 4) : ratio.get(k - 2));
      }
      AmdahlFit.Result fit = AmdahlFit.fit(obs);
      if (fit.points() == 0) {
        continue;
      }
      fits.put(op, fit);
      ops.put(op, new Scaling(significant(fit.serialFraction(), 3),
          Double.isNaN(fit.stdErr()) ? Double.NaN : significant(fit.stdErr(), 2),
          fit.points(), ratio));
    }
    return ops;
  }

  static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  /** The 1-minute load average of /proc/loadavg, NaN where there is none. */
  static double loadAverage() {
    try {
      String text = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg"));
      return Double.parseDouble(text.trim().split("\\s+")[0]);
    } catch (java.io.IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /** The fewest validators, in index order, whose points reach the threshold. */
  static SignerSet thresholdSigners(Committee committee) {
    List<Integer> chosen = new ArrayList<>();
    int points = 0;
    for (int v = 0; v < committee.validators() && points < committee.threshold(); v++) {
      chosen.add(v);
      points += committee.pointsOf(v);
    }
    return SignerSet.of(committee, chosen);
  }

  /** Up to {@link #TIMED_SHARE_MAKERS} signers spread over the set: first, middle, last. */
  static List<Integer> timedMakers(List<Integer> makers) {
    int k = Math.min(TIMED_SHARE_MAKERS, makers.size());
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      int pick = makers.get(k == 1 ? 0 : (int) ((long) i * (makers.size() - 1) / (k - 1)));
      if (!out.contains(pick)) {
        out.add(pick);
      }
    }
    return out;
  }

  private static void check(String variant, BlockResult result, List<byte[]> payloads) {
    for (int j = 0; j < payloads.size(); j++) {
      if (result.plaintexts().get(j).isEmpty()
          || !Arrays.equals(result.plaintexts().get(j).get(), payloads.get(j))) {
        throw new IllegalStateException(String.format(Locale.ROOT,
            "block_propose with variant %s did not return payload %d of %d (faulty validators:"
                + " %s): calibration stopped", variant, j, payloads.size(),
            result.faultyValidators()));
      }
    }
  }

  /** A block_propose with a bad share may leave payloads unopened, but never opens one wrong. */
  private static void neverWrong(String variant, BlockResult result, List<byte[]> payloads) {
    for (int j = 0; j < payloads.size(); j++) {
      if (result.plaintexts().get(j).isPresent()
          && !Arrays.equals(result.plaintexts().get(j).get(), payloads.get(j))) {
        throw new IllegalStateException(String.format(Locale.ROOT,
            "block_propose with variant %s and a bad share opened payload %d wrong:"
                + " calibration stopped", variant, j));
      }
    }
  }

  private void info(String line) {
    err.println("[calibrate] " + line);
    err.flush();
  }

  /** One fit per (variant, operation) that has samples, in variant and operation order. */
  private Map<String, Map<CryptoOp, CostFit.Result>> fitAll() {
    Map<String, Map<CryptoOp, CostFit.Result>> out = new LinkedHashMap<>();
    for (String v : settings.grids().keySet()) {
      out.put(v, fitOps(v, op -> OpTerms.of(Designs.byName(v), op)));
    }
    return out;
  }

  /** One fit per operation of {@code v}'s samples (a variant's, or the key setup's). */
  private Map<CryptoOp, CostFit.Result> fitOps(String v,
      java.util.function.Function<CryptoOp, List<String>> terms) {
    Map<CryptoOp, CostFit.Result> ops = new EnumMap<>(CryptoOp.class);
    for (CryptoOp op : CryptoOp.values()) {
      List<Sample> mine = samples.stream()
          .filter(s -> s.variant().equals(v) && s.op() == op).toList();
      if (!mine.isEmpty()) {
        ops.put(op, CostFit.fit(mine.stream().map(Sample::size).toList(),
            mine.stream().mapToDouble(Sample::cpuNanos).toArray(), terms.apply(op)));
      }
    }
    return ops;
  }

  /** Fits one (variant, operation) with its terms (see {@link OpTerms}). */
  static CostFit.Result fit(String variant, CryptoOp op, List<Sample> samples) {
    double[] y = samples.stream().mapToDouble(Sample::cpuNanos).toArray();
    return CostFit.fit(samples.stream().map(Sample::size).toList(), y,
        OpTerms.of(Designs.byName(variant), op));
  }

  /** The fitted coefficients, four significant digits (the machine's noise is larger). */
  private static Map<CryptoOp, CostModel.Coefficients> coefficients(
      Map<CryptoOp, CostFit.Result> ops) {
    Map<CryptoOp, CostModel.Coefficients> c = new EnumMap<>(CryptoOp.class);
    ops.forEach((op, r) -> {
      double[] a = r.coefficients().toArray();
      for (int i = 0; i < a.length; i++) {
        a[i] = significant(a[i], 4);
      }
      c.put(op, CostModel.Coefficients.ofArray(a));
    });
    return c;
  }

  /** The fits' quality as the model file keeps it. */
  private static Map<CryptoOp, CostModel.Fit> quality(Map<CryptoOp, CostFit.Result> ops) {
    Map<CryptoOp, CostModel.Fit> q = new EnumMap<>(CryptoOp.class);
    ops.forEach((op, r) -> q.put(op, new CostModel.Fit(Double.isNaN(r.quality().r2())
        ? Double.NaN : Math.round(r.quality().r2() * 1e4) / 1e4,
        Math.round(r.quality().maxRelErr() * 1e4) / 1e4, r.quality().points())));
    return q;
  }

  static double significant(double x, int digits) {
    return x == 0 || !Double.isFinite(x) ? x
        : new java.math.BigDecimal(x).round(new java.math.MathContext(digits)).doubleValue();
  }

  /**
   * Each vote signature scheme's sign and verify time, single core: the median of
   * {@value #VOTE_ROUNDS} rounds of {@link VoteCosts#measure} (each the median of 64 calls), so
   * that {@code timing: model} charges consensus signatures from this file, reproducibly.
   */
  private Map<String, CostModel.VoteCost> voteCosts() {
    Map<String, CostModel.VoteCost> out = new LinkedHashMap<>();
    for (VoteSignatureScheme scheme : VoteSignatureSchemes.all()) {
      long[] sign = new long[VOTE_ROUNDS];
      long[] verify = new long[VOTE_ROUNDS];
      for (int r = 0; r < VOTE_ROUNDS; r++) {
        VoteCosts c = VoteCosts.measure(scheme, VoteCosts.DEFAULT_SAMPLES);
        sign[r] = c.signNanos();
        verify[r] = c.verifyNanos();
      }
      Arrays.sort(sign);
      Arrays.sort(verify);
      out.put(scheme.name(),
          new CostModel.VoteCost(sign[VOTE_ROUNDS / 2], verify[VOTE_ROUNDS / 2]));
    }
    return out;
  }

  private static final int VOTE_ROUNDS = 5;

  private CostModel model(Map<String, Map<CryptoOp, CostFit.Result>> fits,
      Map<String, Map<CryptoOp, Scaling>> scalings) {
    Map<String, Map<CryptoOp, CostModel.Coefficients>> coefficients = new LinkedHashMap<>();
    Map<String, Map<CryptoOp, CostModel.Fit>> quality = new LinkedHashMap<>();
    fits.forEach((v, ops) -> {
      coefficients.put(v, coefficients(ops));
      quality.put(v, quality(ops));
    });
    return new CostModel(coefficients, quality, scalings,
        MachineFingerprint.current(Instant.now()).toMap(), settings.out().toString());
  }
}
