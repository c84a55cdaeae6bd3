package dev.tdsim.calibration;

import dev.tdsim.timing.CostModel;
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
    head.append(String.format(Locale.ROOT,
        "# payload sizes %s B, %d reps of every measurement (the smallest kept), %.0f s in all%n",
        settings.sizesBytes(), settings.reps(), result.elapsedNanos() / 1e9));
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
        CostModel.Coefficients c = result.model().coefficients().get(s.variant()).get(s.op());
        double predicted = c.predict(s.size());
        csv.printRecord(s.variant(), s.op(), s.size().msgs(), s.size().validators(),
            s.size().shares(), s.size().msgBytes(), Math.round(s.cpuNanos()),
            Math.round(predicted), String.format(Locale.ROOT, "%.4f",
                (predicted - s.cpuNanos()) / Math.max(s.cpuNanos(), CostFit.FLOOR_NANOS)));
      }
    }
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
