package dev.tdsim.calibration;

import dev.tdsim.crypto.design.Designs;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * From the cells' measurements to the cost model: the medians per point and thread count, the
 * single-core fits ({@link CostFit}) of the k = 1 medians, and per (variant, operation)
 * Amdahl's serial fraction ({@link AmdahlFit}) and the CPU ratio per thread count ({@link
 * Scaling}).
 */
final class Fits {
  private final CalibrationSettings settings;
  private final List<Sample> samples = new ArrayList<>();
  private final List<Calibrator.ScalingSample> scalingSamples = new ArrayList<>();
  private final List<PointMedians> medians = new ArrayList<>();

  /** One point's medians at every thread count (index k - 1), NaN where not measured. */
  private record PointMedians(String design, CryptoOp op, OpSize size, double[] cpu,
      double[] wall) {}

  Fits(CalibrationSettings settings) {
    this.settings = settings;
  }

  List<Sample> samples() {
    return List.copyOf(samples);
  }

  List<Calibrator.ScalingSample> scalingSamples() {
    return List.copyOf(scalingSamples);
  }

  /** The medians of one cell's points: k = 1 CPU samples and every thread count's medians. */
  void collect(GridCell cell) {
    String name = cell.name;
    cell.measured.forEach((point, byThreads) -> {
      CryptoOp op = cell.ops.get(point);
      OpSize size = cell.sizes.get(point);
      double[] cpu = new double[byThreads.size()];
      double[] wall = new double[byThreads.size()];
      for (int k = 1; k <= byThreads.size(); k++) {
        List<double[]> xs = byThreads.get(k - 1);
        cpu[k - 1] = xs.isEmpty() ? Double.NaN
            : median(xs.stream().mapToDouble(x -> x[0]).toArray());
        wall[k - 1] = xs.isEmpty() ? Double.NaN
            : median(xs.stream().mapToDouble(x -> x[1]).toArray());
        if (!xs.isEmpty()) {
          scalingSamples.add(new Calibrator.ScalingSample(name, op, size, k,
              op.parallelUnits(size), cpu[k - 1], wall[k - 1],
              median(xs.stream().mapToDouble(x -> x[2]).toArray()), xs.size()));
        }
      }
      if (!Double.isNaN(cpu[0])) {
        samples.add(new Sample(name, op, size, cpu[0]));
      }
      medians.add(new PointMedians(name, op, size, cpu, wall));
    });
  }

  /** One fit per (design, operation) that has samples, in design and operation order. */
  Map<String, Map<CryptoOp, CostFit.Result>> fitAll() {
    Map<String, Map<CryptoOp, CostFit.Result>> out = new LinkedHashMap<>();
    for (String design : settings.grids().keySet()) {
      out.put(design, fitOps(design, op -> OpTerms.of(Designs.byName(design), op)));
    }
    return out;
  }

  /** One fit per operation of {@code design}'s samples (a design's, or the key setup's). */
  Map<CryptoOp, CostFit.Result> fitOps(String design,
      Function<CryptoOp, List<String>> terms) {
    Map<CryptoOp, CostFit.Result> ops = new EnumMap<>(CryptoOp.class);
    for (CryptoOp op : CryptoOp.values()) {
      List<Sample> mine = samples.stream()
          .filter(s -> s.design().equals(design) && s.op() == op).toList();
      if (!mine.isEmpty()) {
        ops.put(op, CostFit.fit(mine.stream().map(Sample::size).toList(),
            mine.stream().mapToDouble(Sample::cpuNanos).toArray(), terms.apply(op)));
      }
    }
    return ops;
  }

  /**
   * Per (design, operation): Amdahl's f from the wall-time ratios W(k)/W(1), and the CPU ratio
   * at each k (summed CPU at k over summed CPU at 1), both over the points whose parallel units
   * reach k (fewer units than threads leaves threads idle: the simulator charges such a call
   * on min(cores, units) cores). An operation with no such point gets no scaling.
   */
  Map<String, Map<CryptoOp, Scaling>> fitScalings(
      Map<String, Map<CryptoOp, AmdahlFit.Result>> fitsOut) {
    Map<String, Map<CryptoOp, Scaling>> out = new LinkedHashMap<>();
    if (settings.maxThreads() < 2) {
      return out;
    }
    for (String design : settings.grids().keySet()) {
      Map<CryptoOp, AmdahlFit.Result> fits = new EnumMap<>(CryptoOp.class);
      out.put(design, scalingsOf(design, fits));
      fitsOut.put(design, fits);
    }
    return out;
  }

  /** The scalings of one design's (or the key setup's) operations; their fits into fits. */
  Map<CryptoOp, Scaling> scalingsOf(String design, Map<CryptoOp, AmdahlFit.Result> fits) {
    Map<CryptoOp, Scaling> ops = new EnumMap<>(CryptoOp.class);
    if (settings.maxThreads() < 2) {
      return ops;
    }
    for (CryptoOp op : CryptoOp.values()) {
      List<PointMedians> mine = medians.stream()
          .filter(p -> p.design().equals(design) && p.op() == op).toList();
      List<AmdahlFit.Observation> obs = new ArrayList<>();
      List<Double> ratio = new ArrayList<>(List.of(1.0));
      for (int k = 2; k <= settings.maxThreads(); k++) {
        double cpuK = 0;
        double cpu1 = 0;
        for (PointMedians p : mine) {
          if (p.op().parallelUnits(p.size()) < k || Double.isNaN(p.wall()[k - 1])
              || Double.isNaN(p.wall()[0])) {
            continue;
          }
          obs.add(new AmdahlFit.Observation(p.wall()[0], p.wall()[k - 1], k));
          cpuK += p.cpu()[k - 1];
          cpu1 += p.cpu()[0];
        }
        ratio.add(cpu1 > 0 && cpuK > 0 ? significant(cpuK / cpu1, 4) : ratio.get(k - 2));
      }
      AmdahlFit.Result fit = AmdahlFit.fit(obs);
      if (fit.points() == 0) {
        continue;
      }
      fits.put(op, fit);
      ops.put(op, new Scaling(significant(fit.serialFraction(), 3),
          Double.isNaN(fit.stdErr()) ? Double.NaN : significant(fit.stdErr(), 2),
          fit.points(), ratio));
    }
    return ops;
  }

  /** The model of the fits and scalings, with this machine's fingerprint. */
  CostModel model(Map<String, Map<CryptoOp, CostFit.Result>> fits,
      Map<String, Map<CryptoOp, Scaling>> scalings) {
    Map<String, Map<CryptoOp, CostModel.Coefficients>> coefficients = new LinkedHashMap<>();
    Map<String, Map<CryptoOp, CostModel.Fit>> quality = new LinkedHashMap<>();
    fits.forEach((design, ops) -> {
      coefficients.put(design, coefficients(ops));
      quality.put(design, quality(ops));
    });
    return new CostModel(coefficients, quality, scalings,
        MachineFingerprint.current(Instant.now()).toMap(), settings.out().toString());
  }

  /** The key setup's costs as the model keeps them. */
  static CostModel.OpCosts opCosts(Map<CryptoOp, CostFit.Result> fits,
      Map<CryptoOp, Scaling> scalings) {
    return new CostModel.OpCosts(coefficients(fits), quality(fits), scalings);
  }

  /** The fitted coefficients, four significant digits (the machine's noise is larger). */
  private static Map<CryptoOp, CostModel.Coefficients> coefficients(
      Map<CryptoOp, CostFit.Result> ops) {
    Map<CryptoOp, CostModel.Coefficients> c = new EnumMap<>(CryptoOp.class);
    ops.forEach((op, r) -> {
      double[] a = r.coefficients().toArray();
      for (int i = 0; i < a.length; i++) {
        a[i] = significant(a[i], 4);
      }
      c.put(op, CostModel.Coefficients.ofArray(a));
    });
    return c;
  }

  /** The fits' quality as the model file keeps it. */
  private static Map<CryptoOp, CostModel.Fit> quality(Map<CryptoOp, CostFit.Result> ops) {
    Map<CryptoOp, CostModel.Fit> q = new EnumMap<>(CryptoOp.class);
    ops.forEach((op, r) -> q.put(op, new CostModel.Fit(Double.isNaN(r.quality().r2())
        ? Double.NaN : Math.round(r.quality().r2() * 1e4) / 1e4,
        Math.round(r.quality().maxRelErr() * 1e4) / 1e4, r.quality().points())));
    return q;
  }

  static double significant(double x, int digits) {
    return x == 0 || !Double.isFinite(x) ? x
        : new BigDecimal(x).round(new MathContext(digits)).doubleValue();
  }

  static double median(double[] xs) {
    double[] s = xs.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}
