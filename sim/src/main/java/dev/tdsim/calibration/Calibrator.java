package dev.tdsim.calibration;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.crypto.variant.Variants;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.report.ProgressBar;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
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
import java.util.Random;
import java.util.TreeMap;

/**
 * {@code tdsim calibrate}: runs every real crypto call the simulator charges, for each variant
 * over its grid, single-threaded, and fits the cost model to the CPU times.
 *
 * <p>Per key set (dealt once, with its tables, on the setup threads) and variant: a throw-away
 * block warms the JIT up; then per message count m, with fresh payloads:
 *
 * <ul>
 *   <li>ENCRYPT and ADMISSION_CHECK: the m encryptions and validity checks, through {@link
 *       RealCrypto} on one thread, as the simulator measures them, {@code reps} times;
 *   <li>SHARE_CREATE: up to three signers (first, middle, last) each create their shares of the
 *       block alone on one thread, {@code reps} times, size (m, 1, their points); the
 *       other signers' shares are made
 *       untimed on the setup threads. For variants that fold the signer set into shares, the
 *       signer set's Lagrange coefficients are computed beforehand (the simulator's combiner pays
 *       them in PREPARE);
 *   <li>block_propose by a fresh {@link BlockProposer} (so prepare_combine is not cached) on one
 *       thread, {@code reps} times: the call's thread CPU time is split over its phases (DECODE,
 *       VALIDITY, VERIFY, PREPARE, COMBINE, DECRYPT) in proportion to their wall time, exactly as
 *       the simulator splits it, and each phase is one point of size (m, signers, signer
 *       points, payload bytes). Every plaintext is checked.
 * </ul>
 *
 * Each point is the smallest of its {@code reps} repetitions (see {@link #leastDisturbed}).
 *
 * <p>The signers are the fewest validators (in index order) whose points reach the threshold, like
 * the shares the simulator's combiner waits for. BLAME is not calibrated: the grid has no faulty
 * validator, so it costs 0 in the model.
 */
public final class Calibrator {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  /** Signers whose share creation is timed at each grid point. */
  private static final int TIMED_SHARE_MAKERS = 3;

  private final CalibrationSettings settings;
  private final PrintWriter err;
  private final ProgressBar bar;
  private final List<Sample> samples = new ArrayList<>();

  /**
   * @param err where progress goes (stderr): a bar with time remaining, and setup lines
   */
  public Calibrator(CalibrationSettings settings, PrintWriter err) {
    this.settings = settings;
    this.err = err;
    this.bar = new ProgressBar(err, "grid points", settings.points());
  }

  /** What a calibration produced: the samples, the fitted model and each fit's terms. */
  public record Result(List<Sample> samples, CostModel model,
      Map<String, Map<CryptoOp, CostFit.Result>> fits, long elapsedNanos, double loadBefore,
      double loadAfter) {}

  /**
   * Above this 1-minute load average at the start, other processes share the CPUs: on SMT
   * siblings they slow every measured call, by up to half on the project's machine.
   */
  static final double BUSY_LOAD = 1.0;

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
    try (Workers setup = Workers.of(settings.threads()); Workers single = Workers.of(1)) {
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
        KeySet keys = KeySet.deal(committee, new Random(settings.seed() * 1_000_003L + k), setup);
        info(String.format(Locale.ROOT, "key set %s (t=%d): dealt in %.1f s; variants %s",
            spec, spec.threshold(), (System.nanoTime() - d0) / 1e9, variants));
        for (String v : variants) {
          measure(Variants.byName(v), keys, settings.grids().get(v), setup, single);
        }
      }
    }
    Map<String, Map<CryptoOp, CostFit.Result>> fits = fitAll();
    long elapsed = System.nanoTime() - t0;
    return new Result(List.copyOf(samples), model(fits), fits, elapsed, loadBefore,
        loadAverage());
  }

  private <S> void measure(CombineVariant<S> variant, KeySet keys,
      CalibrationSettings.Grid grid, Workers setup, Workers single) {
    String name = variant.name();
    Committee committee = keys.committee();
    int keyIndex = grid.keySets().indexOf(new CalibrationSettings.KeySpec(
        committee.validators(), committee.shares()));
    long w0 = System.nanoTime();
    RealCrypto<S> untimed = new RealCrypto<>(variant, keys, setup);
    RealCrypto<S> timed = new RealCrypto<>(variant, keys, single);
    // Computes the key set's lazily derived points this variant needs, in parallel, and warms
    // the JIT up on the whole path.
    untimed.warmUp(new Random(settings.seed()));
    info(String.format(Locale.ROOT, "%s on %dx%d: tables and warm-up in %.1f s", name,
        committee.validators(), committee.shares(), (System.nanoTime() - w0) / 1e9));

    SignerSet signers = thresholdSigners(committee);
    SignerSet shareSigners = variant.sharesDependOnSigners() ? signers : SignerSet.all(committee);
    if (variant.sharesDependOnSigners()) {
      shareSigners.lambdas();
    }
    List<Integer> makers = signers.validators();
    List<Integer> timedMakers = timedMakers(makers);
    List<Integer> otherMakers = new ArrayList<>(makers);
    otherMakers.removeAll(timedMakers);
    int points = signers.pointCount();

    for (int j = 0; j < grid.msgs().size(); j++) {
      long p0 = System.nanoTime();
      int m = grid.msgs().get(j);
      List<Integer> sizes = settings.sizesBytes();
      int size = sizes.get((keyIndex + j) % sizes.size());
      Random random = new Random(settings.seed() * 7919L + 31L * keyIndex + 1009L * m
          + name.hashCode());
      List<byte[]> payloads = new ArrayList<>(m);
      for (int i = 0; i < m; i++) {
        byte[] p = new byte[size];
        random.nextBytes(p);
        payloads.add(p);
      }
      long bytes = (long) m * size;
      OpSize block = new OpSize(m, makers.size(), points, bytes);

      // ENCRYPT and ADMISSION_CHECK: reps encryptions of the block (the last one's ciphertexts
      // are used).
      double[] encrypt = new double[settings.reps()];
      double[] admit = new double[settings.reps()];
      List<Ciphertext> cts = null;
      for (int r = 0; r < settings.reps(); r++) {
        long[] admission = new long[1];
        RealCrypto.Timed<List<Ciphertext>> enc =
            timed.encryptAndAdmit(payloads, random, admission);
        cts = enc.value();
        encrypt[r] = enc.cpuNanos();
        admit[r] = admission[0];
      }
      add(name, CryptoOp.ENCRYPT, block, leastDisturbed(encrypt));
      add(name, CryptoOp.ADMISSION_CHECK, block, leastDisturbed(admit));

      Map<Integer, List<byte[]>> shares = new TreeMap<>();
      List<RealCrypto.Timed<List<byte[]>>> made =
          untimed.createShares(otherMakers, shareSigners, cts);
      for (int i = 0; i < otherMakers.size(); i++) {
        shares.put(otherMakers.get(i), made.get(i).value());
      }
      for (int v : timedMakers) {
        double[] create = new double[settings.reps()];
        for (int r = 0; r < settings.reps(); r++) {
          RealCrypto.Timed<List<byte[]>> mine =
              timed.createShares(List.of(v), shareSigners, cts).get(0);
          shares.put(v, mine.value());
          create[r] = mine.cpuNanos();
        }
        add(name, CryptoOp.SHARE_CREATE, new OpSize(m, 1, committee.pointsOf(v), bytes),
            leastDisturbed(create));
      }

      Map<CryptoOp, double[]> phases = new EnumMap<>(CryptoOp.class);
      boolean verifies = false;
      for (int r = 0; r < settings.reps(); r++) {
        BlockProposer<S> proposer = new BlockProposer<>(variant, keys, single);
        Random weights = new Random(settings.seed() * 104_729L + r);
        long c0 = THREADS.getCurrentThreadCpuTime();
        BlockResult result = proposer.propose(cts, shares, null, weights);
        long cpu = THREADS.getCurrentThreadCpuTime() - c0;
        check(name, result, payloads);
        verifies = proposer.combinerFor(result.signersUsed()).verifiesShares();
        BlockResult.PhaseTimings t = result.timings();
        Map<CryptoOp, Long> wall = new LinkedHashMap<>();
        wall.put(CryptoOp.DECODE, t.decodeNanos());
        wall.put(CryptoOp.VALIDITY, t.validityNanos());
        wall.put(CryptoOp.VERIFY, t.verifyNanos());
        wall.put(CryptoOp.PREPARE, t.prepareNanos());
        wall.put(CryptoOp.COMBINE, t.combineNanos());
        wall.put(CryptoOp.BLAME, t.blameNanos());
        wall.put(CryptoOp.DECRYPT, t.decryptNanos());
        double total = Math.max(1, wall.values().stream().mapToLong(Long::longValue).sum());
        for (Map.Entry<CryptoOp, Long> e : wall.entrySet()) {
          phases.computeIfAbsent(e.getKey(), op -> new double[settings.reps()])[r] =
              cpu * e.getValue() / total;
        }
      }
      for (CryptoOp op : List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.VERIFY,
          CryptoOp.PREPARE, CryptoOp.COMBINE, CryptoOp.DECRYPT)) {
        if ((op == CryptoOp.VALIDITY && !variant.checksCiphertextValidity())
            || (op == CryptoOp.VERIFY && !verifies)) {
          continue;
        }
        add(name, op, block, leastDisturbed(phases.get(op)));
      }
      bar.step(String.format(Locale.ROOT, "%s %dx%d, %d msgs of %d B (%.2f s)", name,
          committee.validators(), committee.shares(), m, size, (System.nanoTime() - p0) / 1e9));
    }
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

  private void add(String variant, CryptoOp op, OpSize size, double cpuNanos) {
    samples.add(new Sample(variant, op, size, cpuNanos));
  }

  /**
   * The smallest of the repetitions: other processes on the machine (and, for a phase, being
   * descheduled inside it, which the wall-time split charges to that phase) only ever add time,
   * so the least disturbed repetition is the best estimate of what the call itself costs.
   */
  private static double leastDisturbed(double[] xs) {
    return Arrays.stream(xs).min().orElseThrow();
  }

  private void info(String line) {
    err.println("[calibrate] " + line);
    err.flush();
  }

  /** One fit per (variant, operation) that has samples, in variant and operation order. */
  private Map<String, Map<CryptoOp, CostFit.Result>> fitAll() {
    Map<String, Map<CryptoOp, CostFit.Result>> out = new LinkedHashMap<>();
    for (String v : settings.grids().keySet()) {
      Map<CryptoOp, CostFit.Result> ops = new EnumMap<>(CryptoOp.class);
      for (CryptoOp op : CryptoOp.values()) {
        List<Sample> mine = samples.stream()
            .filter(s -> s.variant().equals(v) && s.op() == op).toList();
        if (!mine.isEmpty()) {
          ops.put(op, fit(v, op, mine));
        }
      }
      out.put(v, ops);
    }
    return out;
  }

  /** Fits one (variant, operation) with its terms (see {@link OpTerms}). */
  static CostFit.Result fit(String variant, CryptoOp op, List<Sample> samples) {
    double[] y = samples.stream().mapToDouble(Sample::cpuNanos).toArray();
    return CostFit.fit(samples.stream().map(Sample::size).toList(), y,
        OpTerms.of(variant, op));
  }

  static double significant(double x, int digits) {
    return x == 0 || !Double.isFinite(x) ? x
        : new java.math.BigDecimal(x).round(new java.math.MathContext(digits)).doubleValue();
  }

  private CostModel model(Map<String, Map<CryptoOp, CostFit.Result>> fits) {
    Map<String, Map<CryptoOp, CostModel.Coefficients>> coefficients = new LinkedHashMap<>();
    Map<String, Map<CryptoOp, CostModel.Fit>> quality = new LinkedHashMap<>();
    fits.forEach((v, ops) -> {
      Map<CryptoOp, CostModel.Coefficients> c = new EnumMap<>(CryptoOp.class);
      Map<CryptoOp, CostModel.Fit> q = new EnumMap<>(CryptoOp.class);
      ops.forEach((op, r) -> {
        // Four significant digits: the machine's own noise is larger than that.
        double[] a = r.coefficients().toArray();
        for (int i = 0; i < a.length; i++) {
          a[i] = significant(a[i], 4);
        }
        c.put(op, CostModel.Coefficients.ofArray(a));
        q.put(op, new CostModel.Fit(Double.isNaN(r.quality().r2()) ? Double.NaN
            : Math.round(r.quality().r2() * 1e4) / 1e4,
            Math.round(r.quality().maxRelErr() * 1e4) / 1e4, r.quality().points()));
      });
      coefficients.put(v, c);
      quality.put(v, q);
    });
    return new CostModel(coefficients, quality,
        MachineFingerprint.current(Instant.now()).toMap(), settings.out().toString());
  }
}
