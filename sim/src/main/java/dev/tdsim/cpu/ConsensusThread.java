package dev.tdsim.cpu;

import dev.tdsim.engine.Series;
import dev.tdsim.engine.Simulation;

/**
 * A validator's consensus thread as a protocol's node sees it: actions run one after another in
 * the order they were submitted, each once the thread has spent its CPU time (and waited for its
 * disk syncs) after what it was already busy with, as CometBFT's receive routine works through
 * its messages. The times come from the validator's {@link NodeCpu}, which shares the cores with
 * background crypto. The pending actions wait in one FIFO that is one {@link Series} in the
 * simulation's queue (re-keyed from one action to the next), so a burst of V votes to verify costs
 * V FIFO entries and no queue entries; an action is any object, so a received message can be
 * queued as itself without a wrapper allocation.
 */
public abstract class ConsensusThread implements Series {
  /** The head's step was moved back by work done ahead of it ({@link #submitOwn}). */
  private static final Object NOT_DUE = new Object();

  private final Simulation sim;
  private final NodeCpu cores;
  private Object[] actions = new Object[16];
  private long[] doneNanos = new long[16];
  private int head;
  private int size;
  private boolean queued;
  private Object current;
  /** Whether an action of this thread is running now (its handler may queue its own work). */
  private boolean running;
  /** When the own work queued so far ({@link #submitOwn}) is done. */
  private long ownDoneNanos = Long.MIN_VALUE;

  protected ConsensusThread(Simulation sim, NodeCpu cores) {
    this.sim = sim;
    this.cores = cores;
  }

  /**
   * Runs one action when its time has come: the node dispatches received messages and {@link
   * Runnable}s itself. (A subclass rather than a callback: on the hottest path of a run, one
   * call per vote, the JIT then inlines the node's dispatch into the queue's loop.)
   */
  protected abstract void run(Object action);

  /**
   * Runs {@code action} once this thread has spent {@code cpuNanos} on the CPU and then waited
   * {@code syncNanos} for disk syncs (holding no core) after what it is busy with: at once when
   * that is now and nothing is waiting.
   */
  public void submit(long cpuNanos, long syncNanos, Object action) {
    long now = sim.nowNanos();
    // After what the consensus thread is busy with; longer while background crypto (a DKG)
    // shares the cores (with none it is max(now, free) + cpuNanos + syncNanos).
    long done = cores.consensus(cpuNanos, syncNanos);
    if (done == now && size == 0 && !queued) {
      runNow(action);
      return;
    }
    add(done, action);
  }

  /**
   * Runs {@code action}, this validator's own work (validating, signing and syncing a vote or a
   * proposal, finalizing a block), as the continuation of what the thread is doing: after the
   * action running now (between actions: the one in progress) and the own work queued before
   * it, ahead of the received messages waiting, which move back by its time. CometBFT's receive
   * routine does such work inside the handler that triggered it (enterPrecommit signs there) and
   * hands the signed message to its internal queue, which its loop serves as it serves the
   * peers' (tdsim serves it first; Go's select picks at random among ready queues). With
   * background crypto sharing the cores, it queues behind the messages as {@link #submit} does.
   */
  public void submitOwn(long cpuNanos, long syncNanos, double factor, Object action) {
    if (factor != 1) {
      long sync = slowed(syncNanos, factor);
      submitOwn(slowed(cpuNanos + syncNanos, factor) - sync, sync, 1, action);
      return;
    }
    if (cores.hasBackgroundWork()) {
      submit(cpuNanos, syncNanos, action);
      return;
    }
    long now = sim.nowNanos();
    // The head of the received queue is in progress between actions when no own work is.
    boolean headInProgress = !running && ownDoneNanos <= now && size > 0;
    long start = running ? Math.max(now, ownDoneNanos)
        : ownDoneNanos > now ? ownDoneNanos
        : headInProgress ? doneNanos[head] : now;
    boolean ownPending = ownDoneNanos > now;
    long done = cores.consensusAhead(start, cpuNanos, syncNanos);
    if (done == now && size == 0 && !ownPending) {
      runNow(action);
      return;
    }
    long delay = done - start;
    // The received messages waiting follow back to back from start, so each moves by the same.
    int mask = doneNanos.length - 1;
    for (int k = headInProgress ? 1 : 0; k < size; k++) {
      doneNanos[(head + k) & mask] += delay;
    }
    ownDoneNanos = done;
    sim.schedule(done, s -> runNow(action));
  }

  private void runNow(Object action) {
    boolean outer = running;
    running = true;
    try {
      run(action);
    } finally {
      running = outer;
    }
  }

  /**
   * {@link #submit} of work slowed by {@code factor} (a slow validator's, 1: none): its CPU time
   * and its disk syncs each take {@code factor} times as long.
   */
  public void submit(long cpuNanos, long syncNanos, double factor, Object action) {
    if (factor == 1) {
      submit(cpuNanos, syncNanos, action);
      return;
    }
    long sync = slowed(syncNanos, factor);
    submit(slowed(cpuNanos + syncNanos, factor) - sync, sync, action);
  }

  /** Work of {@code nanos} at a slow validator's {@code factor} (its total and its syncs alike). */
  private static long slowed(long nanos, double factor) {
    return Math.round(nanos * factor);
  }

  private void add(long done, Object action) {
    if (size == actions.length) {
      grow();
    }
    int at = (head + size) & (actions.length - 1);
    actions[at] = action;
    doneNanos[at] = done;
    size++;
    if (!queued) {
      queued = true;
      sim.scheduleSeries(done, this);
    }
  }

  @Override
  public long advance() {
    if (doneNanos[head] > sim.nowNanos()) {
      current = NOT_DUE;
      return doneNanos[head];
    }
    current = actions[head];
    actions[head] = null;
    head = (head + 1) & (actions.length - 1);
    size--;
    if (size == 0) {
      queued = false;
      return DONE;
    }
    return doneNanos[head];
  }

  @Override
  public void fire(Simulation s) {
    Object r = current;
    current = null;
    if (r != NOT_DUE) {
      runNow(r);
    }
  }

  private void grow() {
    int n = actions.length;
    Object[] a = new Object[2 * n];
    long[] d = new long[2 * n];
    for (int i = 0; i < size; i++) {
      a[i] = actions[(head + i) & (n - 1)];
      d[i] = doneNanos[(head + i) & (n - 1)];
    }
    actions = a;
    doneNanos = d;
    head = 0;
  }
}
