package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.variant.BlockResult;
import org.junit.jupiter.api.Test;

/**
 * A propose call's phase timings: each lap charges the time since the previous lap to its phase
 * (wall and CPU), so a phase that waited shows the wait and the next one does not.
 */
class PhaseClockTest {
  private static final long SLEEP_MS = 300;

  @Test
  void eachLapChargesOnlyTheTimeSinceThePreviousLap() throws InterruptedException {
    PhaseClock clock = new PhaseClock(Workers.of(1));
    Thread.sleep(SLEEP_MS);
    clock.lap(PhaseClock.VERIFY);
    clock.lap(PhaseClock.COMBINE);
    long spin = spinCpu(SLEEP_MS / 4);
    clock.lap(PhaseClock.DECRYPT);
    BlockResult.PhaseTimings wall = clock.wall();
    BlockResult.PhaseTimings cpu = clock.cpu();
    assertTrue(wall.verifyNanos() >= SLEEP_MS * 1_000_000, wall.toString());
    assertTrue(wall.combineNanos() >= 0 && wall.combineNanos() < SLEEP_MS * 500_000,
        "the lap right after another is short: " + wall);
    assertTrue(wall.decryptNanos() >= spin, wall.toString());
    assertTrue(cpu.verifyNanos() >= 0 && cpu.verifyNanos() < SLEEP_MS * 500_000,
        "sleeping costs no CPU: " + cpu);
    assertTrue(cpu.decryptNanos() >= spin, "spinning does: " + cpu);
    assertEquals(0, wall.decodeNanos());
    assertEquals(0, cpu.blameNanos());
  }

  @Test
  void lapsOfOnePhaseAddUpAndEveryPhaseHasItsOwnSlot() throws InterruptedException {
    PhaseClock clock = new PhaseClock(Workers.of(1));
    int[] phases = {PhaseClock.DECODE, PhaseClock.VALIDITY, PhaseClock.VERIFY,
        PhaseClock.PREPARE, PhaseClock.COMBINE, PhaseClock.CHECK, PhaseClock.DECRYPT,
        PhaseClock.BLAME};
    for (int p : phases) {
      Thread.sleep(2 + p);
      clock.lap(p);
    }
    Thread.sleep(20);
    clock.lap(PhaseClock.DECODE);
    BlockResult.PhaseTimings w = clock.wall();
    long[] got = {w.decodeNanos(), w.validityNanos(), w.verifyNanos(), w.prepareNanos(),
        w.combineNanos(), w.checkNanos(), w.decryptNanos(), w.blameNanos()};
    for (int p = 1; p < phases.length; p++) {
      assertTrue(got[p] >= (2 + p) * 1_000_000L, "phase " + p + ": " + w);
    }
    assertTrue(got[0] >= 22_000_000L, "two laps of DECODE add up: " + w);
  }

  /** Work done on the pool's threads while the caller waits is the phase's CPU time too. */
  @Test
  void thePoolsThreadsCpuTimeIsCharged() {
    try (Workers pool = Workers.of(2)) {
      PhaseClock clock = new PhaseClock(pool);
      long[] spun = new long[2];
      pool.forEach(2, i -> spun[i] = spinCpu(SLEEP_MS / 4));
      clock.lap(PhaseClock.COMBINE);
      long cpu = clock.cpu().combineNanos();
      assertTrue(cpu >= spun[0] + spun[1], "the pool's CPU: " + cpu + " >= " + spun[0] + " + "
          + spun[1]);
    }
  }

  /** Busy work until the caller's thread has used {@code ms} of CPU; that CPU time. */
  private static long spinCpu(long ms) {
    long start = Workers.callerCpuNanos();
    long x = 0;
    while (Workers.callerCpuNanos() - start < ms * 1_000_000) {
      x += x * 31 + 7;
    }
    if (x == 42) {
      System.out.print("");
    }
    return Workers.callerCpuNanos() - start;
  }
}
