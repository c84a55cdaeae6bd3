package dev.tdsim.calibration;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.progress.ProgressBar;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

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
  /** The samples' and fits' name of the key setup's operations (the model's section). */
  public static final String KEY_SETUP = "key_setup";

  /**
   * Above this 1-minute load average at the start, other processes share the CPUs: on SMT
   * siblings they slow every measured call, by up to half on the project's machine.
   */
  static final double BUSY_LOAD = 1.0;

  private final CalibrationSettings settings;
  private final PrintWriter err;
  private final ProgressBar bar;
  private final CellContext context;

  /**
   * @param err where progress goes (stderr): a bar with time remaining, and setup lines
   */
  public Calibrator(CalibrationSettings settings, PrintWriter err) {
    this.settings = settings;
    this.err = err;
    this.bar = new ProgressBar(err, "measurements",
        settings.points() * settings.reps() * settings.maxThreads());
    this.context = new CellContext(settings, new RunQueueProbe(), this::info);
  }

  /**
   * The medians of one point at one thread count.
   *
   * @param design the variant or design measured ({@link #KEY_SETUP} for the DKG's calls)
   * @param threads the pool's threads k
   * @param units the call's parallel units (k > units leaves threads idle)
   * @param cpuNanos median CPU time (see the class comment for what is measured at each k)
   * @param wallNanos median wall time less the run-queue delay (see {@link
   *     RunQueueProbe#unqueued}): the fit uses it
   * @param rawWallNanos median measured wall time
   * @param rounds measurements the medians are of
   */
  public record ScalingSample(String design, CryptoOp op, OpSize size, int threads, int units,
      double cpuNanos, double wallNanos, double rawWallNanos, int rounds) {}

  /**
   * What a calibration produced: the samples, the fitted model and each fit's terms, and the
   * certificate schemes' measurements (empty without {@code --certificates}).
   */
  public record Result(List<Sample> samples, List<ScalingSample> scalingSamples, CostModel model,
      Map<String, Map<CryptoOp, CostFit.Result>> fits,
      Map<String, Map<CryptoOp, AmdahlFit.Result>> scalingFits, long elapsedNanos,
      double loadBefore, double loadAfter, List<CertificateCalibration.Row> certificateRows) {}

  public Result run() {
    long t0 = System.nanoTime();
    if (!GridCell.THREADS.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalStateException("this JVM cannot measure thread CPU time");
    }
    GridCell.THREADS.setThreadCpuTimeEnabled(true);
    double loadBefore = RunQueueProbe.loadAverage();
    if (loadBefore > BUSY_LOAD) {
      info(String.format(Locale.ROOT, "warning: load average %.2f: other processes are running;"
          + " they slow the measured calls (CPU time grows when a sibling CPU is busy), so the"
          + " model will be slower and noisier than this machine idle", loadBefore));
    }
    List<GridCell> cells = prepareCells();
    measure(cells);
    Fits fitter = new Fits(settings);
    for (GridCell cell : cells) {
      fitter.collect(cell);
    }
    Map<String, Map<CryptoOp, CostFit.Result>> fits = fitter.fitAll();
    Map<String, Map<CryptoOp, AmdahlFit.Result>> scalingFits = new LinkedHashMap<>();
    Map<String, Map<CryptoOp, Scaling>> scalings = fitter.fitScalings(scalingFits);
    CostModel model = fitter.model(fits, scalings).withVotes(VoteCalibration.measure());
    if (settings.dkg() != null) {
      // The key setup's operations: fitted like a design's, kept in the model's key_setup.
      fits.put(KEY_SETUP, fitter.fitOps(KEY_SETUP, OpTerms::keySetup));
      Map<CryptoOp, AmdahlFit.Result> keyFits = new EnumMap<>(CryptoOp.class);
      Map<CryptoOp, Scaling> keyScalings = fitter.scalingsOf(KEY_SETUP, keyFits);
      if (settings.maxThreads() >= 2) {
        scalingFits.put(KEY_SETUP, keyFits);
      }
      model = model.withKeySetup(Fits.opCosts(fits.get(KEY_SETUP), keyScalings));
    }
    List<CertificateCalibration.Row> certificateRows = List.of();
    if (settings.certificates() != null) {
      CertificateCalibration.Result certificates =
          CertificateCalibration.measure(settings.certificates(), settings.reps(), this::info);
      model = model.withCertificates(certificates.costs());
      certificateRows = certificates.rows();
    }
    long elapsed = System.nanoTime() - t0;
    return new Result(fitter.samples(), fitter.scalingSamples(),
        model, fits, scalingFits, elapsed, loadBefore, RunQueueProbe.loadAverage(),
        certificateRows);
  }

  /**
   * The setup, untimed, on the setup threads: per key set its keys, then every variant's and
   * design's cells on it; then each DKG key set's cell.
   */
  private List<GridCell> prepareCells() {
    List<CalibrationSettings.KeySpec> keySets = settings.allKeySets();
    List<GridCell> cells = new ArrayList<>();
    try (Workers setup = Workers.of(settings.threads())) {
      for (int k = 0; k < keySets.size(); k++) {
        CalibrationSettings.KeySpec spec = keySets.get(k);
        List<String> designs = new ArrayList<>();
        settings.grids().forEach((name, g) -> {
          if (g.keySets().contains(spec)) {
            designs.add(name);
          }
        });
        long d0 = System.nanoTime();
        Committee committee = Committee.equal(spec.shares(), spec.threshold(), spec.validators());
        KeySet keys = KeySet.deal(
            committee, SeededDrbg.of(settings.seed(), "calibration.dealer", k), setup);
        info(String.format(Locale.ROOT, "key set %s (t=%d): dealt in %.1f s; variants %s",
            spec, spec.threshold(), (System.nanoTime() - d0) / 1e9, designs));
        for (String name : designs) {
          BlockDesign design = Designs.byName(name);
          Optional<CombineVariant<?>> variant = FerveoDesign.variantOf(design);
          CalibrationSettings.Grid grid = settings.grids().get(name);
          cells.addAll(variant.isPresent()
              ? FerveoCell.prepare(context, variant.get(), keys, grid, setup)
              : DesignCell.prepare(context, design, keys, grid, setup));
        }
      }
      if (settings.dkg() != null) {
        for (CalibrationSettings.KeySpec spec : settings.dkg().keySets()) {
          long d0 = System.nanoTime();
          List<Integer> transcripts = CalibrationSettings.DkgGrid.transcripts(spec);
          cells.add(new DkgCell(context, DkgCalibration.prepare(spec, transcripts,
              settings.seed(), setup)));
          info(String.format(Locale.ROOT, "DKG on %s: keys, %d transcripts dealt and warm-up"
              + " in %.1f s", spec, transcripts.get(transcripts.size() - 1),
              (System.nanoTime() - d0) / 1e9));
        }
      }
    }
    return cells;
  }

  /**
   * The rounds: each visits every (cell, thread count k) once, in an order shuffled per round
   * (seeded), on a pool of exactly k threads.
   */
  private void measure(List<GridCell> cells) {
    List<Workers> pools = new ArrayList<>();
    for (int k = 1; k <= settings.maxThreads(); k++) {
      pools.add(Workers.of(k));
      context.probe().learn(pools.get(k - 1));
    }
    try {
      for (int r = 0; r < settings.reps(); r++) {
        List<int[]> visits = new ArrayList<>();
        for (int c = 0; c < cells.size(); c++) {
          for (int k = 1; k <= settings.maxThreads(); k++) {
            visits.add(new int[] {c, k});
          }
        }
        Collections.shuffle(visits, new Random(settings.seed() * 31L + r));
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
  }

  private void info(String line) {
    err.println("[calibrate] " + line);
    err.flush();
  }
}
