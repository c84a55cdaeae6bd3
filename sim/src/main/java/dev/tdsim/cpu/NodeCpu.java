package dev.tdsim.cpu;

import dev.tdsim.engine.Event;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.timing.Hardware;
import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * One validator's cores, shared by its consensus thread and its background crypto (docs/COSTS.md,
 * "CPU model"). The consensus state machine is one thread (CometBFT's receive routine is
 * single-threaded): its actions run one after another ({@link #consensus}). Background calls (the
 * DKG's deal, transcript verifications, aggregation) run one after another in FIFO order on a
 * worker pool ({@link #background}); a call that splits into n pieces runs on k =
 * {@link Hardware#usableCores}(n) threads.
 *
 * <p>Sharing (Linux CFS: every runnable thread gets an equal share of the cores). While the
 * consensus thread is busy and a background call with k threads runs and k + 1 > cores, the
 * consensus thread gets u = cores / (k + 1) of a core (its action takes (k + 1) / cores times as
 * long) and the call gets the rest, cores - u core-equivalents; with k + 1 <= cores or one side
 * idle each side runs as if alone. A background call progresses through its single-core work at
 * speed * s(p) single-core nanoseconds per nanosecond, where p = min(k, cores - u) (u = 0 while
 * consensus is idle, 1 while it runs unshared) and s(p) = 1 / (f + (1 - f) / p) is Amdahl's
 * speedup with the call's serial fraction f, for fractional p too. Alone (p = k) that is exactly
 * {@link CpuWork#wallNanosOn}.
 *
 * <p>Approximations:
 *
 * <ul>
 *   <li>A consensus action's speed is decided when it is queued, from the background work known
 *       then (piecewise: if the projected background call ends in the middle of the action, the
 *       rest of the action runs at the next call's share, or at full speed). A background call
 *       submitted later does not slow consensus actions already queued; it gets the cores they
 *       leave (cores - 1 beside an unshared action, so none on a 1-core node until the queue
 *       drains). The consensus queue is short (its actions are sub-millisecond to milliseconds,
 *       a DKG call tens of milliseconds to seconds), so the error is a fraction of one queue.
 *   <li>The consensus thread's cost is its charged time ({@code cpuNanos}, on one core); the
 *       background call's speed ratio applies to the background call only, as before.
 *   <li>A disk sync inside a consensus action ({@code waitNanos}) comes after its CPU part and
 *       holds no core.
 *   <li>Memory bandwidth, caches and SMT siblings are not modelled: a core-equivalent is a core.
 *   <li>Times are whole nanoseconds: a call ends at the nearest one, and a shared interval is
 *       recorded up to the nanosecond after a call's projected end, so the projection never runs
 *       ahead of the call (checked against a nanosecond-by-nanosecond reference in the tests).
 * </ul>
 *
 * <p>Cost: with no background work {@link #consensus} is today's serial rule, start = max(now,
 * free), done = start + cpuNanos + waitNanos, with nothing else done (the fast path: runs without a DKG are
 * unchanged to the nanosecond). With background work, each queued consensus action and each
 * background completion walks the few recorded intervals of shared consensus time ahead of now
 * (amortised O(1): every interval is recorded once and dropped once). A background call's
 * completion event is scheduled at its projected completion; consensus work queued later can
 * only delay it, so when the event fires early it re-schedules itself (at most one pending event
 * per node, no cancellation needed). Deterministic: no randomness, every time is a long.
 */
public final class NodeCpu {
  /** Single-core work below which a call counts as done (floating-point dust: 1 ps), ns. */
  private static final double DONE_NANOS = 1e-3;
  private final Simulation sim;
  private final Hardware hardware;
  private final int cores;
  private final double speed;

  // ---- the consensus thread ----
  /** When the consensus thread is done with everything queued (ns). */
  private long consensusFreeNanos;
  /** Extra wall time consensus actions took because they shared the cores (ns), summed. */
  private long consensusStretchNanos;

  /** Where the consensus thread runs shared or blocked from now on. */
  private final ConsensusUse use = new ConsensusUse();

  // ---- the background worker pool ----
  /** The queued calls, the running one first (allocated with the first call). */
  private ArrayDeque<Call> calls;
  /** The single-core work of the running call (the head of {@link #calls}) left at updated. */
  private double leftNanos;

  private long updatedNanos;
  /** The time of the pending completion event, or -1. */
  private long wakeNanos = -1;
  private final Event wake = s -> onWake();
  private long backgroundCalls;
  /** When the running call started (ns). */
  private long callStartNanos;
  /** Extra wall time background calls took because consensus shared the cores (ns), summed. */
  private long backgroundStretchNanos;

  /**
   * @param hw the validator's cores and speed (the speed applies to background calls; consensus
   *     costs are charged as given)
   */
  public NodeCpu(Simulation sim, Hardware hw) {
    this.sim = sim;
    this.hardware = hw;
    this.cores = hw.cores();
    this.speed = hw.speed();
  }

  /** The validator's cores and speed. */
  public Hardware hardware() {
    return hardware;
  }

  /** One NodeCpu per validator, on its own hardware. */
  public static NodeCpu[] of(Simulation sim, Hardware[] hardware) {
    NodeCpu[] cpus = new NodeCpu[hardware.length];
    for (int i = 0; i < cpus.length; i++) {
      cpus[i] = new NodeCpu(sim, hardware[i]);
    }
    return cpus;
  }

  /** One NodeCpu per validator for runs without background work (the hardware is then moot). */
  public static NodeCpu[] consensusOnly(Simulation sim, int validators) {
    Hardware[] hw = new Hardware[validators];
    java.util.Arrays.fill(hw, new Hardware(1, 1.0));
    return of(sim, hw);
  }

  // ---- consensus ----

  /**
   * Queues a consensus action now, after what the consensus thread is already busy with: {@code
   * cpuNanos} on a core, then {@code waitNanos} blocked (a disk sync: the thread holds no core
   * meanwhile, so background work gets all its threads' cores). Returns when it is done (>= now).
   * With no background work: max(now, free) + cpuNanos + waitNanos.
   */
  public long consensus(long cpuNanos, long waitNanos) {
    long now = sim.nowNanos();
    long start = Math.max(now, consensusFreeNanos);
    if (calls == null || calls.isEmpty()) {
      consensusFreeNanos = start + cpuNanos + waitNanos;
      return consensusFreeNanos;
    }
    long done = sharedFrom(now, start, cpuNanos, waitNanos);
    consensusStretchNanos += done - start - cpuNanos - waitNanos;
    consensusFreeNanos = done;
    return done;
  }

  /**
   * Consensus work placed at {@code startNanos} (>= now) ahead of the consensus work queued after
   * it, which moves back by its time: its CPU time and then its disk syncs. Only without
   * background work ({@link #hasBackgroundWork}), where the thread's time is its own. Returns
   * when it is done.
   */
  public long consensusAhead(long startNanos, long cpuNanos, long waitNanos) {
    if (hasBackgroundWork()) {
      throw new IllegalStateException("work ahead of the queue needs the cores to itself");
    }
    consensusFreeNanos = Math.max(consensusFreeNanos, startNanos) + cpuNanos + waitNanos;
    return startNanos + cpuNanos + waitNanos;
  }

  /** Whether background calls (a DKG) share the cores now. */
  public boolean hasBackgroundWork() {
    return calls != null && !calls.isEmpty();
  }

  /** {@link #consensus(long, long)} of CPU work only. */
  public long consensus(long cpuNanos) {
    return consensus(cpuNanos, 0);
  }

  /** When the consensus thread is done with everything queued so far (ns). */
  public long consensusFreeNanos() {
    return consensusFreeNanos;
  }

  /** Extra wall time the consensus actions took because they shared the cores (ns), summed. */
  public long consensusStretchNanos() {
    return consensusStretchNanos;
  }

  /**
   * Extra wall time the finished background calls took because consensus shared the cores (ns),
   * summed: each call's time from its start to its end minus its time alone ({@link
   * CpuWork#wallNanosOn}).
   */
  public long backgroundStretchNanos() {
    return backgroundStretchNanos;
  }

  /** Background calls submitted so far. */
  public long backgroundCalls() {
    return backgroundCalls;
  }

  /**
   * Places consensus work starting at {@code start} against the background calls as projected
   * now (piecewise), records its shared intervals, and returns when it is done.
   */
  private long sharedFrom(long now, long start, long cpuNanos, long waitNanos) {
    advance(now);
    // The background as it will be at start: project it over the consensus work queued so far.
    Iterator<Call> next = calls.iterator();
    Call call = next.next();
    double left = leftNanos;
    long t = now;
    int i = 0;
    // A call's end is rounded up here (the wake rounds to the nearest ns): the projection may
    // run a little behind the call, never ahead of it (ahead, the call could find itself in
    // consensus time recorded as unshared and stall on a 1-core node).
    while (call != null && t < start) {
      long end = Math.min(start, pieceEnd(t, i));
      double u = useAt(t, i);
      long from = t;
      while (call != null) {
        double r = call.rate(u);
        if (left <= DONE_NANOS || (r > 0 && left <= r * (end - from))) {
          from = left <= DONE_NANOS ? from : Math.min(end, (long) Math.ceil(from + left / r));
          call = next.hasNext() ? next.next() : null;
          left = call == null ? 0 : call.singleCoreNanos;
        } else {
          left -= r * (end - from);
          break;
        }
      }
      t = end;
      if (i < use.size() && t >= use.end(i)) {
        i++;
      }
    }
    // From start on, consensus and background side by side, on whole nanoseconds: a call's end
    // is rounded up, so the shared interval recorded for it covers all its work (rounded down,
    // a sliver of it would be left to run after the interval, stalled on a 1-core node).
    long at = start;
    double work = cpuNanos;
    while (work > 0 && call != null) {
      double u = call.consensusShare();
      double r = call.rate(u);
      double tc = at + work / u;
      double tb = at + left / r;
      if (tc <= tb) {
        long end = Math.max(at, Math.round(tc));
        use.record(at, end, u);
        at = end;
        work = 0;
      } else {
        long end = (long) Math.ceil(tb);
        use.record(at, end, u);
        work -= u * (end - at);
        at = end;
        call = next.hasNext() ? next.next() : null;
        left = call == null ? 0 : call.singleCoreNanos;
      }
    }
    if (work > 0) {
      at += Math.round(work);
    }
    if (waitNanos > 0) {
      use.record(at, at + waitNanos, 0);
      at += waitNanos;
    }
    return Math.max(start + cpuNanos + waitNanos, at);
  }

  // ---- background ----

  /**
   * Queues a background call now, after the background calls already queued; {@code onDone} runs
   * when it is done (in an event at that time).
   */
  public void background(CpuWork work, Runnable onDone) {
    Call c = new Call(work, onDone);
    backgroundCalls++;
    if (calls == null) {
      calls = new ArrayDeque<>();
    }
    calls.add(c);
    if (calls.size() == 1) {
      long now = sim.nowNanos();
      updatedNanos = now;
      use.dropBefore(now);
      begin(c, now);
    }
  }

  private void onWake() {
    wakeNanos = -1;
    long now = sim.nowNanos();
    advance(now);
    long due = projectedDoneNanos();
    if (due > now) {
      scheduleWake(due); // consensus work queued since took some of its cores
      return;
    }
    Call done = calls.poll();
    backgroundStretchNanos += now - callStartNanos - done.aloneNanos;
    if (!calls.isEmpty()) {
      begin(calls.peek(), now);
    }
    done.onDone.run();
  }

  /** Starts the call at the head of the queue. */
  private void begin(Call c, long now) {
    callStartNanos = now;
    leftNanos = c.singleCoreNanos;
    scheduleWake(projectedDoneNanos());
  }

  private void scheduleWake(long atNanos) {
    if (wakeNanos < 0) {
      wakeNanos = atNanos;
      sim.schedule(atNanos, wake);
    }
  }

  /** Moves the running call's progress to {@code to}, dropping the shared intervals passed. */
  private void advance(long to) {
    Call call = calls.peek();
    while (updatedNanos < to) {
      long end = Math.min(to, pieceEnd(updatedNanos, 0));
      double r = call.rate(useAt(updatedNanos, 0));
      leftNanos = Math.max(0, leftNanos - r * (end - updatedNanos));
      updatedNanos = end;
      use.dropBefore(updatedNanos);
    }
  }

  /** When the running call is done, given the consensus work queued so far. */
  private long projectedDoneNanos() {
    Call call = calls.peek();
    long t = updatedNanos;
    double left = leftNanos;
    for (int i = 0; ; ) {
      if (left <= DONE_NANOS) {
        return t; // floating-point dust: done
      }
      long end = pieceEnd(t, i);
      double r = call.rate(useAt(t, i));
      if (end == Long.MAX_VALUE || (r > 0 && left <= r * (end - t))) {
        return t + Math.round(left / r);
      }
      left -= r * (end - t);
      t = end;
      if (i < use.size() && t >= use.end(i)) {
        i++;
      }
    }
  }

  private double useAt(long t, int i) {
    return use.useAt(t, i, consensusFreeNanos);
  }

  private long pieceEnd(long t, int i) {
    return use.pieceEnd(t, i, consensusFreeNanos);
  }

  /** A queued background call. */
  private final class Call {
    final double singleCoreNanos;
    final int threads;
    final double serialFraction;
    final long aloneNanos;
    final Runnable onDone;

    Call(CpuWork work, Runnable onDone) {
      this.singleCoreNanos = work.singleCoreNanos();
      this.threads = hardware.usableCores(work.parallelUnits());
      this.serialFraction = work.scaling().serialFraction();
      this.aloneNanos = work.wallNanosOn(hardware);
      this.onDone = onDone;
    }

    /** The consensus thread's share of a core while this call runs: cores / (k + 1), or 1. */
    double consensusShare() {
      return threads + 1 > cores ? (double) cores / (threads + 1) : 1.0;
    }

    /**
     * Single-core nanoseconds of this call done per nanosecond while the consensus thread uses
     * {@code u} of a core: speed * Amdahl's speedup on min(k, cores - u) cores.
     */
    double rate(double u) {
      double p = Math.min(threads, cores - u);
      if (p <= 0) {
        return 0;
      }
      return 1.0 / (serialFraction + (1 - serialFraction) / p) * speed;
    }
  }
}
