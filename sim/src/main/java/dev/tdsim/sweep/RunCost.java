package dev.tdsim.sweep;

import dev.tdsim.scenario.Scenario;
import dev.tdsim.signing.SigningScheme;
import dev.tdsim.signing.SigningSchemes;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * What one run of a scenario costs this machine, predicted before it runs from the scenario's
 * cost model ({@code crypto.calibration}): the single-core CPU time of the real crypto calls the
 * run makes. Both timings make them (with {@code timing: model} the call still runs and only its
 * duration is replaced by the model's), at every height unless {@code crypto.sample_heights}
 * samples: per height, the clients' encryptions and admission checks, every validator's share
 * creation, a precomputing design's digest and prepare, and the combiner's block_propose
 * (decode, validity, verify, combine, decrypt; the
 * signer-set preparation counted at every height, an upper bound); a signing committee apart
 * ({@link #committeeSeconds}, serial). Key dealing, the simulation's
 * own event loop and the JVM start are not in it, nor the crypto of a design the cost model has
 * no entry for; {@link SweepProgress} corrects the estimate by
 * the ratio of the measured to the predicted time of the runs finished so far.
 */
final class RunCost {
  private static final CryptoOp[] BLOCK_PROPOSE = {CryptoOp.DECODE, CryptoOp.VALIDITY,
      CryptoOp.VERIFY, CryptoOp.PREPARE, CryptoOp.COMBINE, CryptoOp.DECRYPT};
  /** Cost models read from calibration files, by path (a sweep's points share one). */
  private final Map<Path, CostModel> models = new HashMap<>();

  /** Predicted single-core CPU seconds of the real crypto calls of one run of {@code s}. */
  double cpuSeconds(Scenario s) {
    return cpuSeconds(s, null);
  }

  /** The same with {@code msgsPerBlock} messages per block instead of the scenario's, if given. */
  double cpuSeconds(Scenario s, Long msgsPerBlock) {
    return cpuSeconds(s, msgsPerBlock, s.crypto().sampleHeights());
  }

  /**
   * The same with {@code sampleHeights} heights running the real crypto (0: every height), e.g.
   * a probe of the search ({@link SweepPlan#samplesRealCrypto}) priced from a grid point's scenario.
   */
  double cpuSeconds(Scenario s, Long msgsPerBlock, int sampleHeights) {
    CostModel model = model(s);
    String variant = s.crypto().design();
    if (!model.coefficients().containsKey(variant)) {
      // A design the cost model has no costs for yet ('tdsim calibrate' has not measured it):
      // its crypto cannot be priced, and the progress bar's correction by the measured runs
      // takes over after the first run.
      return 0;
    }
    int v = s.validators().count();
    int shares = s.keys().shares();
    Integer fixed = s.workload().msgsPerBlock();
    long byBytes = s.consensus().maxBlockBytes() / Math.max(1, s.workload().msgSizeBytes());
    long msgs = msgsPerBlock != null ? Math.max(1, msgsPerBlock) : fixed != null ? fixed
        : Math.max(1, Math.min(Math.min(s.consensus().maxBlockTxs(), byBytes),
            (long) Math.ceil(s.workload().ratePerSecond())));
    int m = (int) Math.min(Integer.MAX_VALUE, msgs);
    long bytes = (long) m * s.workload().msgSizeBytes();
    int realHeights = sampleHeights > 0 ? Math.min(sampleHeights, s.heights()) : s.heights();
    OpSize block = new OpSize(m, v, shares, bytes);
    OpSize one = new OpSize(m, 1, Math.max(1, shares / Math.max(1, v)), bytes);
    double nanos = model.cpuNanos(variant, CryptoOp.ENCRYPT, block)
        + model.cpuNanos(variant, CryptoOp.ADMISSION_CHECK, block)
        + (double) v * model.cpuNanos(variant, CryptoOp.SHARE_CREATE, one);
    for (CryptoOp op : BLOCK_PROPOSE) {
      nanos += model.cpuNanos(variant, op, block);
    }
    dev.tdsim.crypto.design.BlockDesign design = dev.tdsim.crypto.design.Designs.byName(variant);
    if (design.precomputesBlock()) {
      // the proposer's digest and the combiner's prepare, at the work the design really does
      // for a block of m on the scenario's setup (batched: FK20 over its whole domain)
      nanos += model.cpuNanos(variant, CryptoOp.DIGEST, block) + model.cpuNanos(variant,
          CryptoOp.EVAL_PROOFS, new OpSize(design.prepareWorkSize(m, s.maxBlockSize()), v,
              shares, bytes));
    }
    return nanos * realHeights / 1e9;
  }

  /**
   * A signing committee's real signing at every height (it does not sample) and its key setup,
   * from each scheme's own estimate of its measured costs: seconds of one core, serial (the
   * committee's parties run one after another on the run's thread).
   */
  static double committeeSeconds(Scenario s) {
    return s.signing().map(c -> {
      SigningScheme scheme = SigningSchemes.byName(c.scheme());
      return scheme.estimatedSignCpuSeconds(c.threshold(), c.parties()) * s.heights()
          + scheme.estimatedSetupCpuSeconds(c.threshold(), c.parties());
    }).orElse(0.0);
  }

  /** The scenario's cost model; the builtin one when its file cannot be read or lacks it. */
  private CostModel model(Scenario s) {
    if (s.crypto().builtinCalibration() || s.calibrationFile().isEmpty()) {
      return CostModel.builtin();
    }
    Path file = s.calibrationFile().get();
    CostModel m = models.computeIfAbsent(file, f -> {
      try {
        return CostModel.read(f);
      } catch (IOException | RuntimeException e) {
        return CostModel.builtin();
      }
    });
    return m.coefficients().containsKey(s.crypto().design()) ? m : CostModel.builtin();
  }
}
