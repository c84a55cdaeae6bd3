package dev.tdsim.crypto.variant;

import java.util.function.LongSupplier;

/**
 * Wall-clock and CPU time of block_propose's phases: each {@link #lap} charges the time since the
 * previous lap to one phase, so a phase that runs several times (blame rounds) adds up.
 */
final class PhaseClock {
  /** block_propose's phases, in the order of {@link BlockResult.PhaseTimings}. */
  enum Phase { DECODE, VALIDITY, VERIFY, PREPARE, COMBINE, CHECK, DECRYPT, BLAME }

  private final LongSupplier cpuNanos;
  private final long[] wall = new long[Phase.values().length];
  private final long[] cpu = new long[Phase.values().length];
  private long lastWall;
  private long lastCpu;

  /** Starts the clock; {@code cpuNanos} reads the CPU time of every thread the work runs on. */
  PhaseClock(LongSupplier cpuNanos) {
    this.cpuNanos = cpuNanos;
    this.lastWall = System.nanoTime();
    this.lastCpu = cpuNanos.getAsLong();
  }

  /** Charges the time since the previous lap to {@code phase}. */
  void lap(Phase phase) {
    long w = System.nanoTime();
    long c = cpuNanos.getAsLong();
    wall[phase.ordinal()] += w - lastWall;
    cpu[phase.ordinal()] += c - lastCpu;
    lastWall = w;
    lastCpu = c;
  }

  BlockResult.PhaseTimings wall() {
    return timings(wall);
  }

  BlockResult.PhaseTimings cpu() {
    return timings(cpu);
  }

  private static BlockResult.PhaseTimings timings(long[] t) {
    return new BlockResult.PhaseTimings(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
  }
}
