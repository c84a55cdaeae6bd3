package dev.tdsim.crypto.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.variant.PhaseClock.Phase;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PhaseClockTest {
  @Test
  void eachLapChargesTheCpuSinceThePreviousLapToItsPhaseAndRepeatedPhasesAddUp() {
    AtomicLong cpu = new AtomicLong(100);
    long start = System.nanoTime();
    PhaseClock clock = new PhaseClock(cpu::get);
    cpu.addAndGet(5);
    clock.lap(Phase.DECODE);
    cpu.addAndGet(7);
    clock.lap(Phase.CHECK);
    cpu.addAndGet(11);
    clock.lap(Phase.BLAME);
    cpu.addAndGet(13);
    clock.lap(Phase.CHECK);
    BlockResult.PhaseTimings c = clock.cpu();
    assertEquals(new BlockResult.PhaseTimings(5, 0, 0, 0, 0, 20, 0, 11), c);
    assertEquals(36, c.totalNanos());
    BlockResult.PhaseTimings w = clock.wall();
    long elapsed = System.nanoTime() - start;
    // The laps split the wall time since the clock started: together at most what elapsed.
    assertTrue(w.totalNanos() <= elapsed, w + " > " + elapsed);
    assertTrue(w.decodeNanos() >= 0 && w.checkNanos() >= 0 && w.blameNanos() >= 0);
    assertEquals(0, w.verifyNanos() + w.prepareNanos() + w.combineNanos() + w.decryptNanos()
        + w.validityNanos());
  }

  @Test
  void totalIsTheSumOfEveryPhase() {
    assertEquals(1 + 2 + 4 + 8 + 16 + 32 + 64 + 128,
        new BlockResult.PhaseTimings(1, 2, 4, 8, 16, 32, 64, 128).totalNanos());
  }
}
