package dev.tdsim.crypto.design;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.variant.BlockResult;

/**
 * Wall-clock and CPU time (caller plus the pool's threads) per phase of one propose call, in the
 * order of {@link BlockResult.PhaseTimings}: each lap charges the time since the previous lap.
 * Not thread-safe: one per propose call.
 */
public final class PhaseClock {
  public static final int DECODE = 0;
  public static final int VALIDITY = 1;
  public static final int VERIFY = 2;
  public static final int PREPARE = 3;
  public static final int COMBINE = 4;
  public static final int CHECK = 5;
  public static final int DECRYPT = 6;
  public static final int BLAME = 7;

  private final Workers workers;
  private final long[] wall = new long[8];
  private final long[] cpu = new long[8];
  private long lastWall;
  private long lastCpu;

  public PhaseClock(Workers workers) {
    this.workers = workers;
    this.lastWall = System.nanoTime();
    this.lastCpu = cpuNow();
  }

  private long cpuNow() {
    return Workers.callerCpuNanos() + workers.poolCpuNanos();
  }

  public void lap(int phase) {
    long w = System.nanoTime();
    long c = cpuNow();
    wall[phase] += w - lastWall;
    cpu[phase] += c - lastCpu;
    lastWall = w;
    lastCpu = c;
  }

  public BlockResult.PhaseTimings wall() {
    return of(wall);
  }

  public BlockResult.PhaseTimings cpu() {
    return of(cpu);
  }

  private static BlockResult.PhaseTimings of(long[] t) {
    return new BlockResult.PhaseTimings(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
  }
}
