package dev.tdsim.epochs;

import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import dev.tdsim.timing.TimingModel;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * What each DKG call costs a validator, priced by the run's timing model like every other crypto
 * call ({@link CryptoOp#DKG_DEAL}, {@link CryptoOp#DKG_VERIFY}, {@link CryptoOp#DKG_AGGREGATE},
 * {@link CryptoOp#DKG_OWN_CHECK}): under {@code timing: model} the cost model's single-core
 * prediction at the call's size, under {@code timing: measured} the CPU time of the epoch's one
 * real computation ({@link DkgComputation}) turned into single-core time; both spread over the
 * validator's cores by the operation's calibrated scaling (Amdahl's serial fraction fitted by
 * {@code tdsim calibrate}). The real computation runs either way (the key set comes from it);
 * only the durations are the model's.
 *
 * <p>Under {@code timing: model} every real call is also checked against the model ({@link
 * CostCheck}): each dealer's deal and the verification of its transcript once, each epoch's
 * aggregation once and each validator's own check.
 */
public final class DkgCosts {
  private final TimingModel timing;
  private final CostCheck check;
  /** The real computations whose aggregation was checked already. */
  private final Set<DkgComputation> aggregateChecked =
      Collections.newSetFromMap(new IdentityHashMap<>());

  /**
   * @param timing the run's timing model
   * @param check the run's check of the cost model against the real calls, or null for none
   */
  public DkgCosts(TimingModel timing, CostCheck check) {
    this.timing = timing;
    this.check = check;
  }

  /** A dealer's deal (its transcript and everyone's private evaluations). */
  CpuWork deal(DkgComputation real, DkgComputation.Dealer dealer) {
    OpSize size = transcript(real);
    record(CryptoOp.DKG_DEAL, size, dealer.dealCpuNanos());
    // The verification of this transcript is the same for every receiver: checked once.
    record(CryptoOp.DKG_VERIFY, size, dealer.verifyCpuNanos());
    return work(CryptoOp.DKG_DEAL, size, dealer.dealCpuNanos());
  }

  /** One validator's verification of another dealer's transcript. */
  CpuWork verify(DkgComputation real, DkgComputation.Dealer dealer, int validator) {
    return work(CryptoOp.DKG_VERIFY, transcript(real), dealer.verifyCpuNanos());
  }

  /** A validator's aggregation of the valid transcripts and the check of its own evaluations. */
  CpuWork aggregate(DkgComputation real, int validator) {
    Committee c = real.keySet().committee();
    int valid = (int) real.dealers().stream().filter(DkgComputation.Dealer::valid).count();
    OpSize all = new OpSize(valid, c.validators(), c.shares(), 0);
    OpSize own = new OpSize(valid, c.validators(), c.pointsOf(validator), 0);
    if (aggregateChecked.add(real)) {
      record(CryptoOp.DKG_AGGREGATE, all, real.aggregateCpuNanos());
    }
    record(CryptoOp.DKG_OWN_CHECK, own, real.privateCheckCpuNanos(validator));
    return then(work(CryptoOp.DKG_AGGREGATE, all, real.aggregateCpuNanos()),
        work(CryptoOp.DKG_OWN_CHECK, own, real.privateCheckCpuNanos(validator)));
  }

  /** One transcript over the epoch's committee: OpSize(1, V, N, 0). */
  private static OpSize transcript(DkgComputation real) {
    Committee c = real.keySet().committee();
    return new OpSize(1, c.validators(), c.shares(), 0);
  }

  private CpuWork work(CryptoOp op, OpSize size, long measuredCpuNanos) {
    return timing.work(op, size, measuredCpuNanos, op.parallelUnits(size));
  }

  private void record(CryptoOp op, OpSize size, long measuredCpuNanos) {
    if (check != null) {
      check.record(op, size, measuredCpuNanos);
    }
  }

  /**
   * Work {@code a} then work {@code b} on the same cores, as one piece of work: single-core a +
   * b, a's parallel units, and the serial fraction that gives the same Amdahl wall time, f =
   * (a f_a + b f_b) / (a + b), where work of one unit counts as serial (f_b = 1: it runs on one
   * core however many there are). Exact on up to min(units) cores, and for b of one unit on up
   * to a's units (the aggregation's N points, then the own check on one thread).
   */
  static CpuWork then(CpuWork a, CpuWork b) {
    double ca = a.singleCoreNanos();
    double cb = b.singleCoreNanos();
    if (ca + cb <= 0) {
      return a;
    }
    double fa = a.parallelUnits() == 1 ? 1 : a.scaling().serialFraction();
    double fb = b.parallelUnits() == 1 ? 1 : b.scaling().serialFraction();
    double f = Math.min(1, (ca * fa + cb * fb) / (ca + cb));
    Scaling sa = a.scaling();
    return new CpuWork(a.singleCoreNanos() + b.singleCoreNanos(),
        Math.max(a.parallelUnits(), b.parallelUnits()),
        new Scaling(f, Double.NaN, sa.points(), sa.cpuRatio()));
  }
}
