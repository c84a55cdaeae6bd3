package dev.tdsim.calibration;

import java.util.function.Consumer;

/**
 * What every grid cell is prepared and measured with: the settings (seed, thread counts,
 * payload sizes), the run-queue probe of the measuring pools, and where setup lines go.
 */
record CellContext(CalibrationSettings settings, RunQueueProbe probe, Consumer<String> info) {}
