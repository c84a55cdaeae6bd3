package dev.tdsim.calibration;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One grid point of a calibration (one variant or design, key set and message count, or one
 * DKG key set): everything its timed calls need, made during setup, and its measurements per
 * point and thread count. A {@link #visit} runs every call of the cell once.
 */
abstract class GridCell {
  static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  final CellContext context;
  final String name;
  final KeySet keys;
  final int m;
  final int payloadBytes;
  /**
   * Per point (op + maker) and thread count: the measurements, {cpu, wall without run-queue
   * delay, raw wall} each.
   */
  final Map<String, List<List<double[]>>> measured = new LinkedHashMap<>();
  final Map<String, OpSize> sizes = new LinkedHashMap<>();
  final Map<String, CryptoOp> ops = new LinkedHashMap<>();

  GridCell(CellContext context, String name, KeySet keys, int m, int payloadBytes) {
    this.context = context;
    this.name = name;
    this.keys = keys;
    this.m = m;
    this.payloadBytes = payloadBytes;
  }

  /** One visit: every call of this cell once, on {@code workers}. */
  abstract void visit(Workers workers);

  /** The cell for the progress bar. */
  String describe() {
    Committee committee = keys.committee();
    return String.format(Locale.ROOT, "%s %dx%d, %d msgs of %d B", name,
        committee.validators(), committee.shares(), m, payloadBytes);
  }

  void add(String point, CryptoOp op, OpSize size, int threads, double cpu, double wall,
      double rawWall) {
    ops.putIfAbsent(point, op);
    sizes.putIfAbsent(point, size);
    List<List<double[]>> byThreads = measured.computeIfAbsent(point, p -> {
      List<List<double[]>> l = new ArrayList<>();
      for (int k = 0; k < context.settings().maxThreads(); k++) {
        l.add(new ArrayList<>());
      }
      return l;
    });
    byThreads.get(threads - 1).add(new double[] {cpu, wall, rawWall});
  }

  /** As {@link #timed(String, CryptoOp, OpSize, Workers, Supplier)}, for a call without result. */
  void timed(String point, CryptoOp op, OpSize size, Workers workers, Runnable call) {
    timed(point, op, size, workers, () -> {
      call.run();
      return null;
    });
  }

  /**
   * Runs {@code call} on {@code workers} and adds it as one measurement of {@code point}: the
   * CPU time of the calling thread and of the pool's threads, and the wall time (less the
   * run-queue delay, see {@link RunQueueProbe#unqueued}).
   *
   * @return the call's result
   */
  <T> T timed(String point, CryptoOp op, OpSize size, Workers workers, Supplier<T> call) {
    int k = workers.threads();
    long q0 = delayNanos(workers);
    long c0 = cpu(workers);
    long t0 = System.nanoTime();
    T result = call.get();
    double w = System.nanoTime() - t0;
    double c = cpu(workers) - c0;
    add(point, op, size, k, c, RunQueueProbe.unqueued(w, q0, delayNanos(workers), k), w);
    return result;
  }

  /** The run-queue delay so far of the threads that run a call on {@code workers}. */
  long delayNanos(Workers workers) {
    return context.probe().delayNanos(workers);
  }

  /** The CPU time of the calling thread and of {@code workers}' threads so far. */
  static long cpu(Workers workers) {
    return THREADS.getCurrentThreadCpuTime() + workers.poolCpuNanos();
  }
}
