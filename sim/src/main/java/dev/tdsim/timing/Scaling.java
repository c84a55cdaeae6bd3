package dev.tdsim.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How one crypto operation's wall time shrinks with cores: Amdahl's law with a serial fraction
 * {@code f} fitted by {@code tdsim calibrate}, wall(p) = cpu1 * (f + (1 - f) / p), where cpu1 is
 * the single-core time and p the cores the call can use (the validator's cores, capped by the
 * call's independent pieces). f = 0 is perfect scaling (the old "divide by cores" rule), f = 1
 * no scaling at all.
 *
 * <p>f is measured on the calibrating machine at 1..{@link #measuredThreads} threads, so it
 * includes what that machine does to parallel code (on a VM whose vCPUs are SMT siblings, two
 * busy threads each run slower, which shows up as a larger f); beyond {@code measuredThreads} the
 * same f is an extrapolation (Amdahl assumes the serial part stays serial and the rest splits
 * evenly), see {@link #split}.
 *
 * @param serialFraction Amdahl's f in [0, 1]
 * @param serialStdErr standard error of f from the fit (NaN when unknown, e.g. a default)
 * @param points grid points whose multi-thread measurements the fit used (0 for a default)
 * @param cpuRatio CPU time the call's measurement reports at k threads relative to 1 thread,
 *     index k - 1 (entry 0 is 1.0); {@code timing: measured} divides a measured multi-thread CPU
 *     time by it to get the single-core time. Its length is the threads measured
 */
public record Scaling(double serialFraction, double serialStdErr, int points,
    List<Double> cpuRatio) {

  /**
   * Perfect scaling, f = 0: the old rule. Used only where nothing better is known (an operation
   * no calibration has measured, e.g. BLAME).
   */
  public static final Scaling LINEAR = new Scaling(0, Double.NaN, 0, List.of(1.0));

  public Scaling {
    if (!(serialFraction >= 0 && serialFraction <= 1)) {
      throw new IllegalArgumentException("serial fraction must be in [0, 1], got "
          + serialFraction);
    }
    cpuRatio = List.copyOf(cpuRatio);
    if (cpuRatio.isEmpty()) {
      throw new IllegalArgumentException("cpu_ratio needs at least the 1-thread entry");
    }
    for (double r : cpuRatio) {
      if (!(r > 0) || !Double.isFinite(r)) {
        throw new IllegalArgumentException("cpu_ratio entries must be > 0, got " + r);
      }
    }
  }

  /** Threads this scaling was measured at (1..this); beyond them it is extrapolated. */
  public int measuredThreads() {
    return cpuRatio.size();
  }

  /** Speedup over one core on p cores: 1 / (f + (1 - f) / p); 1 for p <= 1. */
  public double speedup(int cores) {
    int p = Math.max(1, cores);
    return 1.0 / (serialFraction + (1 - serialFraction) / p);
  }

  /**
   * Wall nanoseconds of work costing {@code cpu1Nanos} single-core nanoseconds on {@code cores}
   * usable cores, {@code speed} times as fast as the calibrating machine. Monotone
   * non-increasing in cores and bounded: cpu1 * f / speed <= wall <= cpu1 / speed.
   */
  public long wallNanos(long cpu1Nanos, int cores, double speed) {
    return Math.round(cpu1Nanos / (speedup(cores) * speed));
  }

  /**
   * The ratio of a CPU time measured on {@code threads} threads to the single-core time; beyond
   * the measured threads the last measured ratio is used.
   */
  public double cpuRatioAt(int threads) {
    int k = Math.max(1, Math.min(threads, cpuRatio.size()));
    return cpuRatio.get(k - 1);
  }

  /** Single-core nanoseconds of a CPU time measured on {@code threads} threads. */
  public long singleCoreNanos(long measuredCpuNanos, int threads) {
    return Math.round(measuredCpuNanos / cpuRatioAt(threads));
  }

  /**
   * Which part of a wall time is measured and which extrapolated.
   *
   * @param wallNanos the wall time on the validator's usable cores
   * @param measuredWallNanos the wall time on min(cores, measured threads): everything down to
   *     it rests on measurements (the single-core cost and the speedup up to the measured
   *     threads)
   * @param usableCores cores the call uses (the validator's cores, capped by its pieces)
   * @param measuredThreads the most threads measured on the calibrating machine
   */
  public record Split(long wallNanos, long measuredWallNanos, int usableCores,
      int measuredThreads) {
    /** The part of the saving that Amdahl's law extrapolates beyond the measured threads. */
    public long extrapolatedSavingNanos() {
      return measuredWallNanos - wallNanos;
    }

    public boolean extrapolated() {
      return usableCores > measuredThreads;
    }

    /** Two splits added (e.g. the phases of one combine). */
    public Split plus(Split o) {
      return new Split(wallNanos + o.wallNanos, measuredWallNanos + o.measuredWallNanos,
          Math.max(usableCores, o.usableCores), Math.min(measuredThreads, o.measuredThreads));
    }

    /** One line for a report, e.g. "412.0 ms on 16 cores: 655.3 ms measured ...". */
    public String describe() {
      if (!extrapolated()) {
        return String.format(Locale.ROOT, "%.1f ms on %d cores: measured (calibrated at up to"
            + " %d threads)", wallNanos / 1e6, usableCores, measuredThreads);
      }
      return String.format(Locale.ROOT, "%.1f ms on %d cores: %.1f ms as measured at %d"
          + " thread(s), the other %.1f ms saved is extrapolated (Amdahl) from %d to %d cores",
          wallNanos / 1e6, usableCores, measuredWallNanos / 1e6, measuredThreads,
          extrapolatedSavingNanos() / 1e6, measuredThreads, usableCores);
    }
  }

  /** The measured/extrapolated split of one call's wall time on {@code cores} usable cores. */
  public Split split(long cpu1Nanos, int cores, double speed) {
    int usable = Math.max(1, cores);
    int measured = Math.min(usable, measuredThreads());
    return new Split(wallNanos(cpu1Nanos, usable, speed), wallNanos(cpu1Nanos, measured, speed),
        usable, measuredThreads());
  }

  /** The YAML form: {@code {serial, serial_se, points, cpu_ratio}}. */
  Map<String, Object> toMap() {
    Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("serial", serialFraction);
    m.put("serial_se", Double.isNaN(serialStdErr) ? null : serialStdErr);
    m.put("points", points);
    m.put("cpu_ratio", new ArrayList<>(cpuRatio));
    return m;
  }

  /** Reads {@link #toMap}'s form; problems are one-line messages naming {@code where}. */
  static Scaling of(String where, Object value) {
    if (!(value instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(where + ": expected {serial, serial_se, points,"
          + " cpu_ratio}");
    }
    for (Object key : m.keySet()) {
      if (!List.of("serial", "serial_se", "points", "cpu_ratio").contains(String.valueOf(key))) {
        throw new IllegalArgumentException(where + ": unknown key '" + key
            + "'; known: serial, serial_se, points, cpu_ratio");
      }
    }
    if (!(m.get("serial") instanceof Number f) || !(f.doubleValue() >= 0)
        || !(f.doubleValue() <= 1)) {
      throw new IllegalArgumentException(where + ".serial: expected a number in [0, 1], got '"
          + m.get("serial") + "'");
    }
    double se = m.get("serial_se") instanceof Number n ? n.doubleValue() : Double.NaN;
    int points = m.get("points") instanceof Number n ? n.intValue() : 0;
    List<Double> ratio = new ArrayList<>();
    Object r = m.get("cpu_ratio");
    if (r == null) {
      ratio.add(1.0);
    } else if (r instanceof List<?> list && !list.isEmpty()) {
      for (Object x : list) {
        if (!(x instanceof Number n) || !(n.doubleValue() > 0)
            || !Double.isFinite(n.doubleValue())) {
          throw new IllegalArgumentException(where + ".cpu_ratio: expected positive numbers,"
              + " got '" + x + "'");
        }
        ratio.add(n.doubleValue());
      }
    } else {
      throw new IllegalArgumentException(where + ".cpu_ratio: expected a list of positive"
          + " numbers (index k-1 = k threads), got '" + r + "'");
    }
    return new Scaling(f.doubleValue(), se, points, ratio);
  }
}
