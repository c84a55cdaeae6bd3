package dev.tdsim.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.Scaling;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The shared CPU of one validator: its consensus thread beside its background calls. */
class NodeCpuTest {
  private static final long MS = 1_000_000;

  /** What happened: each consensus action's done time and each background call's. */
  private static final class Trace {
    final List<Long> consensusDone = new ArrayList<>();
    final List<Long> backgroundDone = new ArrayList<>();
  }

  private static CpuWork work(long singleCoreNanos, int units) {
    return new CpuWork(singleCoreNanos, units, Scaling.LINEAR);
  }

  private static void consensusAt(Simulation sim, NodeCpu cpu, Trace trace, long atNanos,
      long cpuNanos, long waitNanos) {
    sim.schedule(atNanos, s -> trace.consensusDone.add(cpu.consensus(cpuNanos, waitNanos)));
  }

  private static void backgroundAt(Simulation sim, NodeCpu cpu, Trace trace, long atNanos,
      CpuWork w) {
    sim.schedule(atNanos, s -> cpu.background(w, () -> trace.backgroundDone.add(s.nowNanos())));
  }

  @Property(tries = 200)
  void withoutBackgroundWorkItIsTheSerialRule(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 64) int cores) {
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, new Hardware(cores, 0.5));
    Trace trace = new Trace();
    SplittableRandom rng = new SplittableRandom(seed);
    long at = 0;
    List<Long> expected = new ArrayList<>();
    long free = 0;
    for (int i = 0; i < 50; i++) {
      at += rng.nextLong(0, 3 * MS);
      long c = rng.nextLong(0, 2 * MS);
      long w = rng.nextBoolean() ? 0 : rng.nextLong(0, MS);
      consensusAt(sim, cpu, trace, at, c, w);
      free = Math.max(at, free) + c + w;
      expected.add(free);
    }
    sim.run();
    assertEquals(expected, trace.consensusDone);
    assertEquals(0, cpu.consensusStretchNanos());
  }

  @Test
  void twoCoresATwoThreadCallAndABusyConsensusThreadShareTheCores() {
    // The call alone: 1 ms of single-core work on 2 threads, 0.5 ms. Queued first, then a
    // 0.1 ms consensus action: 3 runnable threads on 2 cores, consensus gets 2/3 of a core
    // (0.15 ms) and the call 4/3 cores meanwhile (0.2 ms of its work), then 2 cores for the
    // other 0.8 ms (0.4 ms): done at 0.55 ms instead of 0.5 ms.
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, new Hardware(2, 1.0));
    Trace trace = new Trace();
    backgroundAt(sim, cpu, trace, 0, work(1_000_000, 2));
    consensusAt(sim, cpu, trace, 0, 100_000, 0);
    sim.run();
    assertEquals(List.of(150_000L), trace.consensusDone, "stretched 1.5x");
    assertEquals(List.of(550_000L), trace.backgroundDone);
    assertEquals(50_000, cpu.consensusStretchNanos());
    assertEquals(50_000, cpu.backgroundStretchNanos());
  }

  @Test
  void consensusQueuedBeforeTheCallKeepsItsTimeAndLeavesTheCallOneCore() {
    // The approximation: an action queued before the call is not slowed by it; the call gets
    // the other core meanwhile (0.1 ms of its work), then both (0.45 ms for the other 0.9 ms).
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, new Hardware(2, 1.0));
    Trace trace = new Trace();
    consensusAt(sim, cpu, trace, 0, 100_000, 0);
    backgroundAt(sim, cpu, trace, 0, work(1_000_000, 2));
    sim.run();
    assertEquals(List.of(100_000L), trace.consensusDone);
    assertEquals(List.of(550_000L), trace.backgroundDone, "the same cores used either way");
  }

  @Test
  void aConsensusActionOutlastingTheCallRunsAtFullSpeedAfterIt() {
    // The call (0.3 ms single-core on 2 threads) runs at 4/3 cores beside consensus: done at
    // 0.225 ms, when consensus has done 0.15 ms of its 1 ms; the other 0.85 ms at full speed.
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, new Hardware(2, 1.0));
    Trace trace = new Trace();
    backgroundAt(sim, cpu, trace, 0, work(300_000, 2));
    consensusAt(sim, cpu, trace, 0, 1_000_000, 0);
    sim.run();
    assertEquals(List.of(225_000L), trace.backgroundDone);
    assertEquals(List.of(1_075_000L), trace.consensusDone);
  }

  @Test
  void aDiskSyncHoldsNoCore() {
    // 0.1 ms on the CPU (0.15 ms shared), then 1 ms blocked on a sync: the call has both cores
    // meanwhile, so it is slowed by the CPU part only.
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, new Hardware(2, 1.0));
    Trace trace = new Trace();
    backgroundAt(sim, cpu, trace, 0, work(4_000_000, 2));
    consensusAt(sim, cpu, trace, 0, 100_000, 1_000_000);
    sim.run();
    assertEquals(List.of(1_150_000L), trace.consensusDone);
    assertEquals(List.of(2_050_000L), trace.backgroundDone);
  }

  @Test
  void withCoresToSpareNothingIsSlowed() {
    // 16 cores, a call on 4 threads beside the consensus thread: 5 runnable threads, no
    // contention. The call takes its time alone (wallNanosOn), consensus its charged time.
    Simulation sim = new Simulation();
    Hardware hw = new Hardware(16, 1.5);
    NodeCpu cpu = new NodeCpu(sim, hw);
    Trace trace = new Trace();
    CpuWork call = work(8_000_000, 4);
    backgroundAt(sim, cpu, trace, 0, call);
    for (int i = 0; i < 10; i++) {
      consensusAt(sim, cpu, trace, i * 100_000L, 150_000, 20_000);
    }
    sim.run();
    assertEquals(List.of(call.wallNanosOn(hw)), trace.backgroundDone);
    assertEquals(0, cpu.consensusStretchNanos());
    assertEquals(0, cpu.backgroundStretchNanos());
    assertEquals(10 * 170_000L, trace.consensusDone.get(9));
  }

  @Test
  void callsRunOneAfterAnotherInOrder() {
    Simulation sim = new Simulation();
    Hardware hw = new Hardware(4, 2.0);
    NodeCpu cpu = new NodeCpu(sim, hw);
    Trace trace = new Trace();
    CpuWork a = work(4_000_000, 64);
    CpuWork b = work(1_000_000, 1);
    backgroundAt(sim, cpu, trace, 0, a);
    backgroundAt(sim, cpu, trace, 10, b);
    sim.run();
    long aDone = a.wallNanosOn(hw);
    assertEquals(List.of(aDone, aDone + b.wallNanosOn(hw)), trace.backgroundDone);
  }

  @Test
  void aOneCoreNodeWithAnUnsharedBacklogStallsTheCallUntilItDrains() {
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, new Hardware(1, 1.0));
    Trace trace = new Trace();
    consensusAt(sim, cpu, trace, 0, 500_000, 0);
    backgroundAt(sim, cpu, trace, 0, work(1_000_000, 8));
    // Queued while the call runs: 1 core for 2 threads, half each.
    consensusAt(sim, cpu, trace, 600_000, 100_000, 0);
    sim.run();
    assertEquals(List.of(500_000L, 800_000L), trace.consensusDone);
    // 0.5 ms stalled, 0.1 ms alone, 0.2 ms at half a core, then the other 0.8 ms alone.
    assertEquals(List.of(1_600_000L), trace.backgroundDone);
  }

  /**
   * Work conserved: a call on as many threads as cores keeps every core busy (alone, or beside
   * consensus at cores - u), so however consensus work arrives during it, the call ends when the
   * cores have done both: cores * end = call work + consensus work (f = 0, speed 1).
   */
  @Property(tries = 300)
  void coresStayBusyWhileTheCallRuns(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 8) int cores,
      @ForAll @LongRange(min = 10_000_000, max = 1_000_000_000) long callNanos) {
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, new Hardware(cores, 1.0));
    Trace trace = new Trace();
    SplittableRandom rng = new SplittableRandom(seed);
    // Consensus arrives in the first quarter of the call and does at most 1/8 of its work:
    // it is over (even at half speed) before the call is.
    long window = callNanos / cores / 4;
    long budget = callNanos / cores / 8;
    long consensusWork = 0;
    int actions = 0;
    boolean first = rng.nextBoolean();
    if (first) {
      backgroundAt(sim, cpu, trace, 0, work(callNanos, cores));
    }
    while (actions < 40) {
      long c = rng.nextLong(0, budget / 40 + 1);
      consensusAt(sim, cpu, trace, rng.nextLong(0, window), c, 0);
      consensusWork += c;
      actions++;
    }
    if (!first) {
      backgroundAt(sim, cpu, trace, 0, work(callNanos, cores));
    }
    sim.run();
    long end = trace.backgroundDone.get(0);
    assertTrue(trace.consensusDone.stream().allMatch(d -> d <= end));
    double used = (double) cores * end;
    double done = callNanos + consensusWork;
    assertTrue(Math.abs(used - done) <= 4.0 * cores * (actions + 2),
        "cores x end " + used + " vs work " + done);
  }

  @Property(tries = 50)
  void theSameInputsGiveTheSameTimes(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 32) int cores) {
    assertEquals(mixedRun(seed, cores), mixedRun(seed, cores));
  }

  @Property(tries = 100)
  void sharingNeverSpeedsAnythingUp(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 32) int cores) {
    Trace t = mixedTrace(seed, cores);
    for (long d : t.consensusDone) {
      assertTrue(d >= 0);
    }
    // Each call takes at least its time alone: the stretch summed over calls is >= 0, and so is
    // consensus's.
    NodeCpu cpu = lastCpu;
    assertTrue(cpu.backgroundStretchNanos() >= -cpu.backgroundCalls(), "rounding only");
    assertTrue(cpu.consensusStretchNanos() >= 0);
  }

  /**
   * Against a reference that re-evaluates the shares every nanosecond (processor sharing by
   * brute force): with every background call known before any consensus work is queued, deciding
   * an action's speed when it is queued is exact, so both agree up to rounding.
   */
  @Property(tries = 300)
  void agreesWithANanosecondByNanosecondReference(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 6) int cores) {
    SplittableRandom rng = new SplittableRandom(seed);
    Hardware hw = new Hardware(cores, 0.5 + rng.nextDouble());
    List<CpuWork> calls = new ArrayList<>();
    for (int i = 0, n = 1 + rng.nextInt(4); i < n; i++) {
      calls.add(new CpuWork(rng.nextLong(0, 20_000), 1 + rng.nextInt(8),
          new Scaling(rng.nextInt(3) == 0 ? 0 : rng.nextDouble(), Double.NaN, 0, List.of(1.0))));
    }
    long[][] actions = new long[1 + rng.nextInt(12)][];
    for (int i = 0; i < actions.length; i++) {
      actions[i] = new long[] {rng.nextLong(0, 30_000), rng.nextLong(0, 5_000),
          rng.nextInt(3) == 0 ? rng.nextLong(0, 3_000) : 0};
    }
    java.util.Arrays.sort(actions, (a, b) -> Long.compare(a[0], b[0]));
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, hw);
    Trace trace = new Trace();
    for (CpuWork w : calls) {
      backgroundAt(sim, cpu, trace, 0, w);
    }
    for (long[] a : actions) {
      consensusAt(sim, cpu, trace, a[0], a[1], a[2]);
    }
    sim.run();
    Trace ref = reference(hw, calls, actions);
    int transitions = 2 * actions.length + calls.size();
    for (int i = 0; i < actions.length; i++) {
      assertEquals(ref.consensusDone.get(i), trace.consensusDone.get(i), 2.0 * transitions,
          "consensus action " + i);
    }
    for (int i = 0; i < calls.size(); i++) {
      assertEquals(ref.backgroundDone.get(i), trace.backgroundDone.get(i), 2.0 * transitions,
          "background call " + i);
    }
  }

  /** Processor sharing stepped one nanosecond at a time (the model of NodeCpu's comment). */
  private static Trace reference(Hardware hw, List<CpuWork> calls, long[][] actions) {
    Trace out = new Trace();
    int cores = hw.cores();
    int call = 0;
    double callLeft = calls.isEmpty() ? 0 : calls.get(0).singleCoreNanos();
    int action = 0;
    boolean inAction = false;
    double cpuLeft = 0;
    double waitLeft = 0;
    for (long t = 0; call < calls.size() || action < actions.length; t++) {
      // Finish what is done by t (zero-length work included), start what is due.
      boolean moved = true;
      while (moved) {
        moved = false;
        if (call < calls.size() && callLeft <= 1e-9) {
          out.backgroundDone.add(t);
          call++;
          callLeft = call < calls.size() ? calls.get(call).singleCoreNanos() : 0;
          moved = true;
        }
        if (!inAction && action < actions.length && actions[action][0] <= t) {
          inAction = true;
          cpuLeft = actions[action][1];
          waitLeft = actions[action][2];
        }
        if (inAction && cpuLeft <= 1e-9 && waitLeft <= 1e-9) {
          out.consensusDone.add(t);
          action++;
          inAction = false;
          moved = true;
        }
      }
      int k = call < calls.size() ? hw.usableCores(calls.get(call).parallelUnits()) : 0;
      double u = 0;
      if (inAction && cpuLeft > 1e-9) {
        u = k > 0 && k + 1 > cores ? (double) cores / (k + 1) : 1;
        cpuLeft -= u;
      } else if (inAction) {
        waitLeft -= 1;
      }
      if (k > 0) {
        double p = Math.min(k, cores - u);
        double f = calls.get(call).scaling().serialFraction();
        callLeft -= p <= 0 ? 0 : hw.speed() / (f + (1 - f) / p);
      }
    }
    return out;
  }

  private NodeCpu lastCpu;

  private List<List<Long>> mixedRun(long seed, int cores) {
    Trace t = mixedTrace(seed, cores);
    return List.of(t.consensusDone, t.backgroundDone);
  }

  /** Consensus actions and background calls of random sizes at random times. */
  private Trace mixedTrace(long seed, int cores) {
    Simulation sim = new Simulation();
    NodeCpu cpu = new NodeCpu(sim, new Hardware(cores, 0.7));
    lastCpu = cpu;
    Trace trace = new Trace();
    SplittableRandom rng = new SplittableRandom(seed);
    for (int i = 0; i < 60; i++) {
      long at = rng.nextLong(0, 50 * MS);
      if (rng.nextInt(4) == 0) {
        CpuWork w = new CpuWork(rng.nextLong(0, 10 * MS), 1 + rng.nextInt(64),
            new Scaling(rng.nextDouble(), Double.NaN, 0, List.of(1.0)));
        backgroundAt(sim, cpu, trace, at, w);
      } else {
        consensusAt(sim, cpu, trace, at, rng.nextLong(0, MS), rng.nextLong(0, MS / 4));
      }
    }
    sim.run();
    assertEquals(cpu.backgroundCalls(), trace.backgroundDone.size(), "every call ends");
    return trace;
  }
}
