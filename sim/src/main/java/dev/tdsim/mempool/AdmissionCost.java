package dev.tdsim.mempool;

import dev.tdsim.timing.CpuWork;

/**
 * What CheckTx of new sealed transactions costs a validator: the design's admission check (the
 * ciphertext's validity), priced from the real call like every crypto call. The mempool adds the
 * application's own CheckTx time ({@link MempoolConfig#checkTxNanos}).
 */
@FunctionalInterface
public interface AdmissionCost {
  /** The work of checking {@code count} new transactions of {@code payloadBytes} in all. */
  CpuWork checkTx(int validator, int count, long payloadBytes);

  /** Checks that cost nothing (a chain without encryption). */
  AdmissionCost FREE = (validator, count, payloadBytes) ->
      new CpuWork(0, Math.max(1, count), dev.tdsim.timing.Scaling.LINEAR);
}
