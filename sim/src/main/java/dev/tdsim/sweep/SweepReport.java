package dev.tdsim.sweep;

import static dev.tdsim.sweep.SweepText.budget;
import static dev.tdsim.sweep.SweepText.fixed;
import static dev.tdsim.sweep.SweepText.ms;
import static dev.tdsim.sweep.SweepText.num;

import com.google.common.html.HtmlEscapers;
import dev.tdsim.chart.SvgChart;
import dev.tdsim.report.Charts;
import dev.tdsim.sweep.SensitivityReport.Bound;
import dev.tdsim.sweep.SensitivityReport.Direction;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * {@code report.html} of a sweep: one self-contained page (charts embedded as PNG data URIs) with
 * the latency against the message count (or the first numeric parameter) and the budgets drawn
 * across, the critical path per point, the latency distribution, a tornado chart of the
 * sensitivity, the sensitivity numbers and the sweep.csv table. The charts are drawn by {@link
 * LatencyChart}, {@link TornadoChart}, {@link CriticalPathChart} and {@link LatencyHistogram}.
 */
final class SweepReport {
  /** The page fits a 1280 px window: charts are drawn this wide, tables scroll inside. */
  static final int CHART_WIDTH_PX = 1000;

  private SweepReport() {}

  /**
   * Writes report.html (to a temporary file, then moved over the old one).
   *
   * @param status null for a finished sweep; else what is still running, shown at the top
   */
  static void write(Path out, SweepPlan plan, Map<String, PointResult> results,
      SensitivityReport sens, String status) throws IOException {
    write(out, plan, results, sens, status, List.of());
  }

  /**
   * Writes report.html with the points and probes that failed listed under the status (they are
   * not in the statistics).
   */
  static void write(Path out, SweepPlan plan, Map<String, PointResult> results,
      SensitivityReport sens, String status, List<Sweep.Failure> failures) throws IOException {
    StringBuilder h = new StringBuilder();
    String name = plan.base().name();
    h.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>tdsim sweep: ")
        .append(esc(name)).append("</title><style>")
        .append("body{font-family:sans-serif;max-width:1040px;margin:2em auto;padding:0 1em;")
        .append("color:#222}.wide{overflow-x:auto;max-width:100%}.status{background:#fff4d6;")
        .append("border:1px solid #e0b000;padding:6px 10px}summary{cursor:pointer;")
        .append("font-weight:bold}.headline td:first-child{text-align:left}")
        .append("table{border-collapse:collapse;margin:1em 0;font-size:90%}td,th{border:1px")
        .append(" solid #ccc;padding:3px 8px;text-align:right}th{background:#eee}")
        .append(".yes{color:#070;font-weight:bold}.no{color:#b00;font-weight:bold}")
        .append("img{max-width:100%}.charts{display:flex;flex-wrap:wrap;gap:8px 10px}")
        .append("figure{margin:0}figcaption{font-size:85%;color:#333}")
        .append(".legend{font-size:85%;margin:4px 0}.legend .key{margin-right:14px;")
        .append("white-space:nowrap}.legend svg{vertical-align:middle}")
        .append("</style></head><body>");
    h.append("<h1>Sweep: ").append(esc(name)).append("</h1>");
    if (status != null) {
      h.append("<p class=\"status\">").append(esc(status)).append(" (this page is rewritten"
          + " after every finished point and probe)</p>");
    }
    if (!failures.isEmpty()) {
      h.append("<h2>Failed points</h2><p class=\"status\">").append(failures.size())
          .append(failures.size() == 1 ? " run" : " runs").append(" failed and are left out of"
              + " the statistics and the search; each folder's error.txt has the details, and a"
              + " rerun into the same folder runs them again.</p><div class=\"wide\"><table>"
              + "<tr><th>point</th><th>error</th></tr>");
      for (Sweep.Failure f : failures) {
        h.append("<tr><td style=\"text-align:left\">").append(esc(f.kind() + "/" + f.id()))
            .append("</td><td style=\"text-align:left\">").append(esc(f.error()))
            .append("</td></tr>");
      }
      h.append("</table></div>");
    }
    appendHeadline(h, sens);
    h.append("<p>");
    h.append(plan.cells().size()).append(" points x ").append(plan.spec().replicates())
        .append(" replicate(s), ").append(plan.spec().zip() ? "zip" : "cartesian")
        .append("; varied: ");
    List<String> varied = new ArrayList<>();
    for (SweepPlan.Param p : plan.params()) {
      varied.add("<b>" + esc(p.path()) + "</b> (" + esc(String.join(", ", p.values())) + ")");
    }
    h.append(varied.isEmpty() ? "nothing (message-count search only)" : String.join("; ", varied))
        .append(". Probe runs of the search: ").append(sens.probeRuns()).append(".</p>");

    appendFitSummary(h, sens);

    h.append("<h2>Decryption latency (p95) and the budgets</h2>");
    if (LatencyChart.isBars(sens)) {
      appendPointsChart(h, plan, results, sens);
    } else {
      appendLatencyPanels(h, sens);
    }

    appendMsgs(h, sens);
    appendOtherParams(h, sens);

    h.append("<h2>Sensitivity (tornado)</h2>");
    if (!sens.tornado().isEmpty()) {
      h.append("<img alt=\"tornado\" src=\"").append(Charts.dataUri(TornadoChart.of(sens),
          CHART_WIDTH_PX, 140 + 50 * sens.tornado().size())).append("\">");
      h.append("<p>Each bar shows how far the p95 decryption latency moves from the base point")
          .append(" when one varied parameter goes to one end of its range and the others stay")
          .append(" at the base point's values. <b>Low end</b>: a number's smallest grid value,")
          .append(" or a category's value with the lowest p95; <b>high end</b>: a number's")
          .append(" largest grid value, or the category's value with the highest p95. The")
          .append(" values are in brackets after each parameter.</p>");
      h.append("<table><tr><th>path</th><th>low end</th><th>p95 at low")
          .append(" end</th><th>high end</th><th>p95 at high end</th><th>base p95</th></tr>");
      for (SensitivityReport.TornadoBar t : sens.tornado()) {
        h.append("<tr><td>").append(esc(t.path())).append("</td><td>").append(esc(t.lowLabel()))
            .append("</td><td>").append(ms(t.lowP95Ms())).append("</td><td>")
            .append(esc(t.highLabel())).append("</td><td>").append(ms(t.highP95Ms()))
            .append("</td><td>").append(ms(t.baseP95Ms())).append("</td></tr>");
      }
      h.append("</table>");
    } else {
      h.append("<p>Nothing varied on the grid.</p>");
    }

    h.append("<h2>Critical path per point (mean height, replicate 0)</h2>");
    h.append("<img alt=\"critical path\" src=\"").append(Charts.dataUri(CriticalPathChart.of(plan,
        results), CHART_WIDTH_PX, 140 + 28 * plan.cells().size())).append("\">");
    h.append("<p>Phase colours are the same in every tdsim report (Okabe-Ito and Paul Tol's"
        + " colour-blind safe colours; docs/SWEEPS.md, \"Phase colours\").</p>");

    h.append("<h2>Distribution of per-height decryption latency</h2>");
    h.append("<img alt=\"histogram\" src=\"").append(Charts.dataUri(LatencyHistogram.of(results,
        sens), CHART_WIDTH_PX, 360)).append("\">");
    if (sens.baseCell() != null) {
      h.append("<p>The base point's heights are drawn over the bars of all points, which include"
          + " them: where they make the whole bar, the bar is the base point's colour.</p>");
    }

    h.append("<h2>sweep.csv</h2><details><summary>Show the whole table (one row per point and")
        .append(" budget, as in sweep.csv)</summary>")
        .append(csvTable(out.resolve(SweepCsv.FILE))).append("</details>");
    if (!sens.notes().isEmpty()) {
      h.append("<h2>Notes</h2><ul>");
      for (String n : sens.notes()) {
        h.append("<li>").append(esc(n)).append("</li>");
      }
      h.append("</ul>");
    }
    h.append("<p>Each point's summary.json, heights.csv and scenario.yaml are in points/;"
        + " the search's probe runs in probes/. tdsim sweep, see docs/SWEEPS.md.</p>");
    h.append("</body></html>\n");
    // every table scrolls sideways inside the page instead of widening it (1280 px windows)
    String page = h.toString().replace("<table", "<div class=\"wide\"><table")
        .replace("</table>", "</table></div>");
    Sweep.writeAtomically(out.resolve(Sweep.REPORT), page);
  }

  // ------------------------------------------------------------------ charts

  /** The answer table as a chart: the value fitting per budget, a series per design. */
  private static void appendFitSummary(StringBuilder h, SensitivityReport sens) {
    SensitivityReport.NumericParam p = sens.headlineParam();
    // one chart gets the width of two panels side by side; several share the rows
    List<FitSummaryChart.Panel> probe = FitSummaryChart.of(sens, 1, 1);
    if (p == null || probe.isEmpty()) {
      return;
    }
    boolean one = probe.size() == 1;
    List<FitSummaryChart.Panel> panels = FitSummaryChart.of(sens, one ? 620 : 494, 300);
    boolean msgs = p.path().equals(SweepPlan.MSGS);
    h.append("<h2>").append(msgs ? "Largest block that fits, per budget and design"
        : "Value of " + esc(p.path()) + " fitting, per budget and design").append("</h2>");
    h.append("<div class=\"charts\">");
    for (FitSummaryChart.Panel panel : panels) {
      h.append(figure(panel.chart())).append(panel.title().isEmpty() ? ""
          : "<figcaption>" + esc(panel.title()) + "</figcaption>")
          .append(SvgChart.svg(panel.chart(), "largest fitting per budget"
              + (panel.title().isEmpty() ? "" : ", " + panel.title())))
          .append(SvgChart.legend(panel.chart().series())).append("</figure>");
    }
    h.append("</div><p>The answer table above as a chart: per design (a marker and colour"
        + " each) the ").append(msgs ? "largest messages per block" : "value").append(" fitting"
        + " each block-time budget. <span class=\"no\">none fits</span>: not even the smallest"
        + " value tried fits (the band under the plot). Hover a marker for its bound (exact,"
        + " beyond grid, ...).</p>");
  }

  /** Nothing numeric varied: the p95 latencies of each point as markers, budgets across. */
  private static void appendPointsChart(StringBuilder h, SweepPlan plan,
      Map<String, PointResult> results, SensitivityReport sens) {
    PointsChart.Drawn d = PointsChart.of(plan, results, sens);
    if (d == null) {
      h.append("<p class=\"nochart\">No point has finished yet.</p>");
      return;
    }
    h.append(SvgChart.legend(d.chart().series()));
    h.append(SvgChart.svg(d.chart(), "p95 latency per point"));
    h.append("<p>Points: ");
    for (int i = 0; i < d.points().size(); i++) {
      h.append(i == 0 ? "" : "; ").append("<b>").append(i + 1).append("</b> ")
          .append(esc(d.points().get(i)));
    }
    h.append(".</p><p>Per point, the p95 decryption latency and the p95 of the judged time"
        + " (consensus + decryption, or the slower when pipelined), which decides whether a"
        + " budget fits. Grey dashed lines: the block-time budgets, labelled on the right.</p>");
  }

  /** p95 latency against the searched parameter: one small chart per design, same axes. */
  private static void appendLatencyPanels(StringBuilder h, SensitivityReport sens) {
    List<LatencyPanels.Panel> panels = LatencyPanels.of(sens);
    if (panels.isEmpty()) {
      h.append("<p class=\"nochart\">No point has finished yet.</p>");
      return;
    }
    h.append(SvgChart.legend(panels.get(0).chart().series()));
    h.append("<div class=\"charts\">");
    for (LatencyPanels.Panel panel : panels) {
      h.append(figure(panel.chart())).append("<figcaption>").append(esc(panel.title()))
          .append("</figcaption>").append(SvgChart.svg(panel.chart(), "p95 latency, "
              + panel.title()))
          .append("</figure>");
    }
    h.append("</div><p>One chart per design, all on the same axes. Solid: p95 decryption"
        + " latency; dashed: p95 of the judged time (consensus + decryption, or the slower when"
        + " pipelined), which decides whether a budget fits. Grey dashed lines: the block-time"
        + " budgets, labelled on the right. Markers between grid values are the search's"
        + " probes.</p>");
  }

  /**
   * A figure as wide as its chart: its caption and legend wrap under the chart instead of
   * widening the figure (and pushing the next one to a new row).
   */
  private static String figure(dev.tdsim.chart.ChartLayout chart) {
    return String.format(Locale.ROOT, "<figure style=\"max-width:%.0fpx\">",
        chart.canvas().w());
  }

  // ------------------------------------------------------------------ tables

  /** The answer at a glance: per design and budget the largest block fitting, the bottleneck. */
  private static void appendHeadline(StringBuilder h, SensitivityReport sens) {
    SensitivityReport.NumericParam p = sens.headlineParam();
    List<SensitivityReport.HeadlineRow> rows = sens.headline();
    if (p == null) {
      appendPointsHeadline(h, sens);
      return;
    }
    if (rows.isEmpty()) {
      return;
    }
    boolean msgs = p.path().equals(SweepPlan.MSGS);
    h.append("<h2>Answer</h2><p>").append(msgs ? "The largest block (messages per block) that"
        + " fits each budget" : p.throughput() ? "The throughput ceiling: the largest rate (<b>"
        + esc(p.path()) + "</b>) sustained within each budget (the chain keeps up with its"
        + " clients and the budget fits)" : "The value of <b>" + esc(p.path())
        + "</b> that fits each budget")
        .append(", per design, and the phase that takes the largest share of a height there"
            + " (mean critical path).</p>");
    h.append("<table class=\"headline\"><tr><th>design</th>");
    for (double b : sens.budgetsMs()) {
      h.append("<th>").append(budget(b)).append("</th>");
    }
    h.append("</tr>");
    Map<Map<String, String>, List<SensitivityReport.HeadlineRow>> byDesign = new LinkedHashMap<>();
    for (SensitivityReport.HeadlineRow r : rows) {
      byDesign.computeIfAbsent(r.design(), k -> new ArrayList<>()).add(r);
    }
    for (Map.Entry<Map<String, String>, List<SensitivityReport.HeadlineRow>> e
        : byDesign.entrySet()) {
      h.append("<tr><td>").append(esc(e.getKey().isEmpty() ? "the scenario" : fixed(e.getKey())))
          .append("</td>");
      for (SensitivityReport.HeadlineRow r : e.getValue()) {
        h.append(headlineCellHtml(r, msgs));
      }
      h.append("</tr>");
    }
    h.append("</table>");
  }

  /** Nothing numeric varied: per point whether each budget fits, and the bottleneck. */
  private static void appendPointsHeadline(StringBuilder h, SensitivityReport sens) {
    if (sens.points().isEmpty()) {
      return;
    }
    h.append("<h2>Answer</h2><p>Which budgets each point fits, and the phase that takes the"
        + " largest share of a height (mean critical path).</p><table class=\"headline\"><tr>"
        + "<th>point</th>");
    for (double b : sens.budgetsMs()) {
      h.append("<th>").append(budget(b)).append("</th>");
    }
    h.append("<th>bottleneck</th></tr>");
    for (SensitivityReport.PointFit f : sens.points()) {
      h.append("<tr><td>").append(esc(fixed(f.labels()))).append("</td>");
      for (boolean fit : f.fits()) {
        h.append("<td class=\"").append(fit ? "yes\">yes" : "no\">no").append("</td>");
      }
      h.append("<td>").append(f.bottleneck() == null ? "-" : esc(String.format(Locale.ROOT,
          "%s %.0f%%", f.bottleneck().phase(), 100 * f.bottleneck().share()))).append("</td></tr>");
    }
    h.append("</table>");
  }

  /** One design and budget, e.g. {@code 137 msgs} then {@code bottleneck combine 77% (at 137)}. */
  static String headlineCell(SensitivityReport.HeadlineRow r, boolean msgs) {
    String head = r.valueText(msgs) + r.addedText();
    String neck = r.bottleneck() == null ? "" : String.format(Locale.ROOT,
        "\nbottleneck %s %.0f%% (at %s)", r.bottleneck().phase(), 100 * r.bottleneck().share(),
        r.bottleneck().at());
    String path = r.bottleneck() == null || r.bottleneck().pathText().isEmpty() ? ""
        : "\n" + r.bottleneck().pathText();
    return head + neck + path;
  }

  /**
   * A headline cell: the answer bold, green ({@code yes}) when a value fits and red ({@code no})
   * when none does (not even the smallest, or none known below the grid); the bottleneck smaller
   * under it.
   */
  static String headlineCellHtml(SensitivityReport.HeadlineRow r, boolean msgs) {
    String[] cell = headlineCell(r, msgs).split("\n", 2);
    boolean none = r.value() == null || r.bound() == Bound.NONE_FITS;
    return "<td><span class=\"" + (none ? "no" : "yes") + "\">" + esc(cell[0]) + "</span>"
        + (cell.length > 1 ? "<br><small>" + esc(cell[1]) + "</small>" : "") + "</td>";
  }

  private static void appendMsgs(StringBuilder h, SensitivityReport sens) {
    SensitivityReport.NumericParam m = sens.msgs();
    if (m == null) {
      return;
    }
    if (m != sens.headlineParam()) {
      h.append("<h2>Messages per block, point by point</h2><p>Zip mode: the message count changes"
          + " together with the other varied paths, so these are the grid's points read in order"
          + " (no search; the answer above lists the budgets each point fits).</p>");
    } else {
      h.append("<h2>Largest messages per block that fit</h2><p>Found by bisection on the"
          + " scenario between the grid's last fitting and first non-fitting value (at most ")
          .append(sens.maxProbes()).append(" probes per budget).</p>");
    }
    h.append("<table><tr><th>other values</th><th>block time</th><th>max msgs fitting</th>")
        .append("<th>bound</th><th>bracket</th><th>probes</th><th>cost per extra msg</th>")
        .append("<th>elasticity</th></tr>");
    for (SensitivityReport.NumericGroup g : m.groups()) {
      for (SensitivityReport.BudgetFit f : g.budgets()) {
        h.append("<tr><td>").append(esc(fixed(g.fixed()))).append("</td><td>")
            .append(ms(f.blockTimeMs())).append("</td><td>")
            .append(f.value() == null ? "-" : Long.toString(Math.round(f.value())))
            .append("</td><td>").append(esc(f.bound().label())).append("</td><td>")
            .append(bracket(f)).append("</td><td>").append(f.probes()).append("</td><td>")
            .append(g.slopeMsPerUnit() == null ? "-" : String.format(Locale.ROOT, "%.4f ms",
                g.slopeMsPerUnit())).append("</td><td>")
            .append(g.elasticity() == null ? "-" : String.format(Locale.ROOT, "%.3f",
                g.elasticity())).append("</td></tr>");
      }
    }
    h.append("</table>");
  }

  private static void appendOtherParams(StringBuilder h, SensitivityReport sens) {
    for (SensitivityReport.NumericParam p : sens.numeric()) {
      boolean ceiling = p.throughput();
      h.append("<h2>").append(esc(p.path())).append(ceiling ? ": throughput ceiling" : "")
          .append("</h2>");
      if (ceiling) {
        h.append("<p>The largest rate sustained within each budget: the grid's brackets, doubled"
            + " beyond the grid while sustained, then bisected to within 1%. <b>first miss</b>"
            + " says why the bracket's upper end fails: <i>not sustained</i> (the chain did not"
            + " keep up with its clients) or <i>over budget</i> (kept up, but too slow).</p>");
      }
      h.append("<table><tr><th>other values</th>")
          .append("<th>direction</th><th>block time</th><th>")
          .append(ceiling ? "largest rate sustained" : "value fitting").append("</th><th>bound</th>")
          .append(ceiling ? "<th>bracket</th><th>first miss</th>" : "")
          .append("<th>probes</th><th>slope (ms per ").append(esc(p.unit().isEmpty() ? "unit"
              : p.unit())).append(")</th><th>elasticity</th></tr>");
      for (SensitivityReport.NumericGroup g : p.groups()) {
        for (SensitivityReport.BudgetFit f : g.budgets()) {
          String prefix = ceiling ? "" : g.direction() == Direction.DECREASING ? "&ge; "
              : "&le; ";
          h.append("<tr><td>").append(esc(fixed(g.fixed()))).append("</td><td>")
              .append(esc(g.direction().label())).append("</td><td>").append(ms(f.blockTimeMs()))
              .append("</td><td>").append(f.label() == null ? "-" : prefix + esc(f.label()))
              .append("</td><td>").append(esc(f.bound().label())).append("</td><td>")
              .append(ceiling ? bracket(f) + "</td><td style=\"text-align:left\">"
                  + (f.firstMiss() == null ? "-" : esc(f.firstMiss())) + "</td><td>" : "")
              .append(f.probes()).append("</td><td>").append(g.slopeMsPerUnit() == null ? "-"
                  : String.format(Locale.ROOT, "%.4g", g.slopeMsPerUnit())).append("</td><td>")
              .append(g.elasticity() == null ? "-" : String.format(Locale.ROOT, "%.3f",
                  g.elasticity())).append("</td></tr>");
        }
      }
      h.append("</table>");
    }
    for (SensitivityReport.CategoricalParam p : sens.categorical()) {
      h.append("<h2>").append(esc(p.path())).append("</h2><table><tr><th>other values</th>")
          .append("<th>value</th><th>p50</th><th>p95</th><th>p99</th><th>judged p95</th>");
      for (double b : sens.budgetsMs()) {
        h.append("<th>fits ").append(ms(b)).append("</th>");
      }
      h.append("</tr>");
      for (SensitivityReport.CategoricalGroup g : p.groups()) {
        for (SensitivityReport.CategoryValue v : g.values()) {
          h.append("<tr><td>").append(esc(fixed(g.fixed()))).append("</td><td>")
              .append(esc(v.value())).append("</td><td>").append(ms(v.p50Ms())).append("</td><td>")
              .append(ms(v.p95Ms())).append("</td><td>").append(ms(v.p99Ms())).append("</td><td>")
              .append(ms(v.judgedP95Ms())).append("</td>");
          for (boolean f : v.fits()) {
            h.append("<td class=\"").append(f ? "yes\">yes" : "no\">no").append("</td>");
          }
          h.append("</tr>");
        }
      }
      h.append("</table>");
    }
  }

  private static String bracket(SensitivityReport.BudgetFit f) {
    if (f.bracketLow() == null && f.bracketHigh() == null) {
      return "-";
    }
    return "[" + (f.bracketLow() == null ? "-" : num(f.bracketLow())) + ", "
        + (f.bracketHigh() == null ? "-" : num(f.bracketHigh())) + "]";
  }

  private static String csvTable(Path csv) throws IOException {
    StringBuilder t = new StringBuilder("<table>");
    try (Reader r = Files.newBufferedReader(csv);
        CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
            .parse(r)) {
      t.append("<tr>");
      for (String name : p.getHeaderNames()) {
        t.append("<th>").append(esc(name)).append("</th>");
      }
      t.append("</tr>");
      for (CSVRecord rec : p) {
        t.append("<tr>");
        for (String v : rec) {
          String cls = v.equals("true") ? " class=\"yes\"" : v.equals("false") ? " class=\"no\""
              : "";
          t.append("<td").append(cls).append('>').append(esc(v)).append("</td>");
        }
        t.append("</tr>");
      }
    }
    return t.append("</table>").toString();
  }

  private static String esc(String s) {
    return HtmlEscapers.htmlEscaper().escape(s == null ? "" : s);
  }
}
