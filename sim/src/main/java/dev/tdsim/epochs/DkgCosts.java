package dev.tdsim.epochs;

import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.timing.Scaling;

/**
 * What each DKG call costs a validator: the measured CPU of the epoch's one real computation
 * ({@link DkgComputation}), spread over the validator's cores as if perfectly parallel (serial
 * fraction 0: no calibrated cost model for the DKG yet).
 */
final class DkgCosts {
  private final Committee committee;

  DkgCosts(Committee committee) {
    this.committee = committee;
  }

  /** A dealer's deal (its transcript and everyone's private evaluations). */
  CpuWork deal(DkgComputation real, DkgComputation.Dealer dealer) {
    return work(dealer.dealCpuNanos());
  }

  /** One validator's verification of another dealer's transcript. */
  CpuWork verify(DkgComputation real, DkgComputation.Dealer dealer, int validator) {
    return work(dealer.verifyCpuNanos());
  }

  /** A validator's aggregation of the valid transcripts and the check of its own evaluations. */
  CpuWork aggregate(DkgComputation real, int validator) {
    return work(real.aggregateCpuNanos() + real.privateCheckCpuNanos(validator));
  }

  private CpuWork work(long cpuNanos) {
    return new CpuWork(cpuNanos, committee.shares(), Scaling.LINEAR);
  }
}
