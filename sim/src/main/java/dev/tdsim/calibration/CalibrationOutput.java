package dev.tdsim.calibration;

import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.Scaling;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/** What a calibration writes: the cost-model file, its samples CSV and the fit table. */
public final class CalibrationOutput {
  private CalibrationOutput() {}

  /** The samples file next to a model file: {@code cost-model.yaml -> cost-model.samples.csv}. */
  public static Path samplesPath(Path modelFile) {
    String name = modelFile.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    return modelFile.resolveSibling(stem + ".samples.csv");
  }

  /** The scaling samples next to a model file: {@code cost-model.scaling.csv}. */
  public static Path scalingSamplesPath(Path modelFile) {
    String name = samplesPath(modelFile).getFileName().toString();
    return modelFile.resolveSibling(name.replace(".samples.csv", ".scaling.csv"));
  }

  /** The cost-model file: a comment saying how it was made, then {@link CostModel#toYaml}. */
  public static void writeModel(Path file, Calibrator.Result result, CalibrationSettings settings,
      String command) throws IOException {
    StringBuilder head = new StringBuilder();
    head.append("# tdsim cost model measured on this machine by: ").append(command).append('\n');
    head.append("# Single-core CPU nanoseconds of each real crypto call = the sum of coefficient"
        + " x term over the terms ").append(String.join(", ", CostModel.TERMS))
        .append(" (msgs_validators = msgs x validators, msgs_shares = msgs x shares);\n");
    head.append("# fit: R^2 and largest relative error on the grid points (samples: ")
        .append(samplesPath(file).getFileName()).append(").\n");
    settings.grids().forEach((v, g) -> head.append(String.format(Locale.ROOT,
        "# grid %s: key sets (validators x shares, t = shares*2/3) %s, msgs %s%n", v,
        g.keySets(), g.msgs())));
    if (settings.dkg() != null) {
      head.append("# grid key_setup (the PVSS DKG): key sets (validators x shares, t = shares*2/3) ")
          .append(settings.dkg().keySets()).append(", transcripts aggregated ")
          .append(settings.dkg().keySets().stream().map(k -> k + ":"
              + CalibrationSettings.DkgGrid.transcripts(k)).toList()).append('\n');
    }
    if (settings.certificates() != null) {
      head.append("# grid certificates (aggregating commit certificate schemes, equal stake):"
          + " committees (validators x key points, t = points*2/3) ")
          .append(settings.certificates().committees()).append("; single-thread CPU, validators"
          + " = a call's signers, shares = their key points\n");
    }
    head.append("# scaling: Amdahl's serial fraction (wall(p) = cpu x (serial + (1 - serial) / p)),"
        + " its standard error and points, fitted to wall times at 1..").append(
            settings.maxThreads()).append(" threads; cpu_ratio[k-1] = CPU time at k threads /"
            + " at 1 (samples: ").append(scalingSamplesPath(file).getFileName()).append(").\n");
    // Payloads are encrypted only for the variants' grids (a DKG-only run has none).
    String sizes = settings.grids().isEmpty() ? ""
        : "payload sizes " + settings.sizesBytes() + " B, ";
    head.append(String.format(Locale.ROOT,
        "# %s%d interleaved rounds at 1..%d threads (the median kept), %.0f s in all%n", sizes,
        settings.reps(), settings.maxThreads(), result.elapsedNanos() / 1e9));
    head.append(String.format(Locale.ROOT,
        "# load average (1 min) %.2f at the start, %.2f at the end%n", result.loadBefore(),
        result.loadAfter()));
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, head + result.model().toYaml());
  }

  /** Every measurement with the model's prediction, one CSV row each. */
  public static void writeSamples(Path file, Calibrator.Result result) throws IOException {
    try (CSVPrinter csv = new CSVPrinter(Files.newBufferedWriter(file),
        CSVFormat.DEFAULT.builder().setHeader("variant", "op", "msgs", "validators", "shares",
            "msg_bytes", "cpu_ns", "predicted_ns", "rel_err").build())) {
      for (Sample s : result.samples()) {
        CostModel.Coefficients c = s.op().keySetup()
            ? result.model().keySetup().coefficients().get(s.op())
            : result.model().coefficients().get(s.design()).get(s.op());
        double predicted = c.predict(s.size());
        csv.printRecord(s.design(), s.op(), s.size().msgs(), s.size().validators(),
            s.size().shares(), s.size().msgBytes(), Math.round(s.cpuNanos()),
            Math.round(predicted), String.format(Locale.ROOT, "%.4f",
                (predicted - s.cpuNanos()) / Math.max(s.cpuNanos(), CostFit.FLOOR_NANOS)));
      }
      // The certificates' calls: variant "certificate:SCHEME", validators = signers, shares =
      // their key points.
      for (CertificateCalibration.Row r : result.certificateRows()) {
        double predicted = result.model().certificateCost(r.scheme()).orElseThrow()
            .coefficients().get(r.op()).predict(r.size());
        csv.printRecord("certificate:" + r.scheme(), r.op(), r.size().msgs(),
            r.size().validators(), r.size().shares(), r.size().msgBytes(), r.nanos(),
            Math.round(predicted), String.format(Locale.ROOT, "%.4f",
                (predicted - r.nanos()) / Math.max(r.nanos(), CostFit.FLOOR_NANOS)));
      }
    }
  }

  /** Every point's medians at every thread count, one CSV row each. */
  public static void writeScalingSamples(Path file, Calibrator.Result result) throws IOException {
    try (CSVPrinter csv = new CSVPrinter(Files.newBufferedWriter(file),
        CSVFormat.DEFAULT.builder().setHeader("variant", "op", "msgs", "validators", "shares",
            "msg_bytes", "threads", "units", "median_cpu_ns", "median_wall_ns",
            "median_raw_wall_ns", "rounds", "predicted_wall_ns").build())) {
      for (Calibrator.ScalingSample s : result.scalingSamples()) {
        Scaling sc = result.model().scaling(s.design(), s.op());
        double wall1 = result.scalingSamples().stream()
            .filter(o -> o.design().equals(s.design()) && o.op() == s.op()
                && o.size().equals(s.size()) && o.threads() == 1)
            .mapToDouble(Calibrator.ScalingSample::wallNanos).findFirst().orElse(Double.NaN);
        csv.printRecord(s.design(), s.op(), s.size().msgs(), s.size().validators(),
            s.size().shares(), s.size().msgBytes(), s.threads(), s.units(),
            Math.round(s.cpuNanos()), Math.round(s.wallNanos()), Math.round(s.rawWallNanos()),
            s.rounds(),
            Double.isNaN(wall1) ? "" : Long.toString(Math.round(
                wall1 / sc.speedup(Math.min(s.threads(), s.units())))));
      }
    }
  }

  /** The scaling table: per (variant, operation) f, its error, points and CPU ratios. */
  public static void printScalingTable(PrintWriter out, Calibrator.Result result) {
    if (result.scalingFits().isEmpty()) {
      out.println("no parallel scaling measured (--max-threads 1)");
      out.flush();
      return;
    }
    out.println();
    out.printf("%-12s %-16s %6s %7s %6s %15s  %s%n", "variant", "operation", "points",
        "serial", "+-", "per-point", "cpu ratio at 1..k threads; speedup at 2, 16 cores");
    result.scalingFits().forEach((v, ops) -> ops.forEach((op, f) -> {
      Scaling sc = result.model().scaling(v, op);
      out.printf(Locale.ROOT, "%-12s %-16s %6d %7.3f %6s %15s  %s; %.2fx, %.2fx%n", v,
          op.name(), f.points(), sc.serialFraction(),
          Double.isNaN(f.stdErr()) ? "-" : String.format(Locale.ROOT, "%.3f", f.stdErr()),
          String.format(Locale.ROOT, "%.2f..%.2f", f.minPointFraction(), f.maxPointFraction()),
          sc.cpuRatio(), sc.speedup(2), sc.speedup(16));
    }));
    double load = Math.max(result.loadBefore(), result.loadAfter());
    if (load > Calibrator.BUSY_LOAD) {
      out.printf(Locale.ROOT, "warning: load average up to %.2f: other processes held CPUs while"
          + " the thread counts were measured; wall times are taken less the run-queue delay of"
          + " this process's threads, but CPUs shared with busy siblings still make the serial"
          + " fractions uncertain; calibrate on an idle machine%n", load);
    }
    out.flush();
  }

  /** The fit table: one row per (variant, operation) with its quality and coefficients. */
  public static void printTable(PrintWriter out, CostModel model) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"variant", "operation", "points", "R^2", "max err",
        "coefficients (single-core ns per unit)"});
    model.coefficients().forEach((v, ops) -> ops.forEach((op, c) -> {
      CostModel.Fit f = model.fit(v, op).orElse(new CostModel.Fit(Double.NaN, Double.NaN, 0));
      rows.add(new String[] {v, op.name(), Integer.toString(f.points()), r2(f.r2()),
          percent(f.maxRelErr()), coefficients(c)});
    }));
    model.keySetup().coefficients().forEach((op, c) -> {
      CostModel.Fit f = model.fit(Calibrator.KEY_SETUP, op)
          .orElse(new CostModel.Fit(Double.NaN, Double.NaN, 0));
      rows.add(new String[] {Calibrator.KEY_SETUP, op.name(), Integer.toString(f.points()),
          r2(f.r2()), percent(f.maxRelErr()), coefficients(c)});
    });
    model.certificates().forEach((scheme, cost) -> cost.coefficients().forEach((op, c) -> {
      CostModel.Fit f = cost.fit(op).orElse(new CostModel.Fit(Double.NaN, Double.NaN, 0));
      rows.add(new String[] {"certificate " + scheme, op.name(), Integer.toString(f.points()),
          r2(f.r2()), percent(f.maxRelErr()), coefficients(c)});
    }));
    int[] width = new int[rows.get(0).length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < r.length; i++) {
        boolean right = i >= 2 && i <= 4;
        String cell = right ? " ".repeat(width[i] - r[i].length()) + r[i] : r[i];
        line.append(cell);
        if (i < r.length - 1) {
          line.append(right ? "  " : " ".repeat(width[i] - r[i].length() + 2));
        }
      }
      out.println(line.toString().stripTrailing());
    }
    out.flush();
  }

  static String r2(double r2) {
    return Double.isNaN(r2) ? "-" : String.format(Locale.ROOT, "%.4f", r2);
  }

  static String percent(double x) {
    return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * x);
  }

  static String coefficients(CostModel.Coefficients c) {
    double[] a = c.toArray();
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < a.length; i++) {
      if (a[i] != 0) {
        parts.add(CostModel.TERMS.get(i) + "=" + String.format(Locale.ROOT, "%.3g", a[i]));
      }
    }
    return parts.isEmpty() ? "(0)" : String.join(" ", parts);
  }
}
