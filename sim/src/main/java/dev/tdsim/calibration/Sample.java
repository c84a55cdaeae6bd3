package dev.tdsim.calibration;

import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;

/**
 * One measurement of the calibration grid: a real crypto call of one design (a Ferveo variant
 * or a one-share-per-block design; {@link Calibrator#KEY_SETUP} for the DKG's), its size as the
 * simulator would charge it, and the single-core CPU nanoseconds it took on this machine.
 */
public record Sample(String design, CryptoOp op, OpSize size, double cpuNanos) {}
