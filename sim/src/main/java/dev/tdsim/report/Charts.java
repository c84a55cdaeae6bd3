package dev.tdsim.report;

import dev.tdsim.format.Durations;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import javax.imageio.ImageIO;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;

/** Charts drawn with JFreeChart and embedded in HTML as base64 PNG data URIs. */
public final class Charts {
  static {
    System.setProperty("java.awt.headless", "true");
  }

  private Charts() {}

  /** A PNG data URI of the chart at the given size (white background, light grid). */
  public static String dataUri(JFreeChart chart, int width, int height) {
    chart.setBackgroundPaint(Color.WHITE);
    chart.getPlot().setBackgroundPaint(Color.WHITE);
    if (chart.getPlot() instanceof org.jfree.chart.plot.XYPlot xy) {
      xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
      xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
    } else if (chart.getPlot() instanceof org.jfree.chart.plot.CategoryPlot cat) {
      cat.setRangeGridlinePaint(Color.LIGHT_GRAY);
    }
    BufferedImage image = chart.createBufferedImage(width, height);
    try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
      ImageIO.write(image, "png", out);
      return "data:image/png;base64," + Base64.getEncoder().encodeToString(out.toByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The mean critical path of a run as one horizontal stacked bar. */
  public static JFreeChart criticalPath(CriticalPath path, String title) {
    org.jfree.data.category.DefaultCategoryDataset data =
        new org.jfree.data.category.DefaultCategoryDataset();
    data.addValue(path.consensusMs(), "consensus", "mean height");
    data.addValue(path.shareCreationMs(), "share creation", "mean height");
    data.addValue(path.shareGossipMs(), "share gossip", "mean height");
    data.addValue(path.combineMs(), "combine", "mean height");
    if (path.checkMs() > 0) {
      data.addValue(path.checkMs(), "check", "mean height");
    }
    if (path.blameMs() > 0) {
      data.addValue(path.blameMs(), "blame", "mean height");
    }
    data.addValue(path.decryptMs(), "decrypt", "mean height");
    if (path.reshareMs() > 0) {
      data.addValue(path.reshareMs(), "reshare", "mean height");
    }
    JFreeChart chart = ChartFactory.createStackedBarChart(title, "", "milliseconds", data,
        PlotOrientation.HORIZONTAL, true, false, false);
    chart.getCategoryPlot().setRangeAxisLocation(
        org.jfree.chart.axis.AxisLocation.BOTTOM_OR_RIGHT);
    org.jfree.chart.renderer.category.CategoryItemRenderer renderer =
        chart.getCategoryPlot().getRenderer();
    for (int i = 0; i < data.getRowCount(); i++) {
      renderer.setSeriesPaint(i, PhaseColours.colour(data.getRowKey(i).toString()));
    }
    if (renderer instanceof org.jfree.chart.renderer.category.BarRenderer bar) {
      bar.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
      bar.setShadowVisible(false);
    }
    return chart;
  }

  /** The name of the per-height chart's judged-time series. */
  static final String JUDGED = "judged time";
  /** The name of the per-height chart's decryption series (decryption latency + execution). */
  static final String DECRYPTION = "decryption + execution";
  /** The colour of heights that miss a budget: a red none of the phases uses. */
  static final Color MISS = new Color(0xC0, 0x00, 0x00);

  /**
   * The judged time per height (bold) with its two stages thinner (consensus; decryption latency
   * plus execution), the budgets as dashed lines, and the heights whose judged time misses
   * {@code markBudgetMs} (the headline's closest budget; none when null) as red crosses.
   */
  public static JFreeChart perHeight(java.util.List<dev.tdsim.pipeline.HeightRecord> heights,
      java.util.List<Verdict> budgets, dev.tdsim.pipeline.Schedule schedule,
      Double markBudgetMs) {
    return perHeight(heights, budgets, schedule, dev.tdsim.consensus.BlockPace.SEQUENTIAL,
        markBudgetMs);
  }

  /** As above, for a protocol whose blocks need {@code pace} of the chain's time. */
  public static JFreeChart perHeight(java.util.List<dev.tdsim.pipeline.HeightRecord> heights,
      java.util.List<Verdict> budgets, dev.tdsim.pipeline.Schedule schedule,
      dev.tdsim.consensus.BlockPace pace, Double markBudgetMs) {
    long[] paceNanos = KeepingPace.paceNanos(heights, pace);
    int index = 0;
    org.jfree.data.xy.XYSeries judged = new org.jfree.data.xy.XYSeries(JUDGED);
    org.jfree.data.xy.XYSeries consensus = new org.jfree.data.xy.XYSeries("consensus");
    org.jfree.data.xy.XYSeries decryption = new org.jfree.data.xy.XYSeries(DECRYPTION);
    org.jfree.data.xy.XYSeries misses = markBudgetMs == null ? null
        : new org.jfree.data.xy.XYSeries("misses " + Durations.budget(markBudgetMs));
    for (dev.tdsim.pipeline.HeightRecord r : heights) {
      double judgedMs = schedule.judgedNanos(r, paceNanos[index++]) / 1e6;
      judged.add(r.height(), judgedMs);
      consensus.add(r.height(), r.consensusNanos() / 1e6);
      decryption.add(r.height(), (r.decryptionLatencyNanos() + r.executionNanos()) / 1e6);
      if (misses != null && judgedMs > markBudgetMs) {
        misses.add(r.height(), judgedMs);
      }
    }
    if (misses != null && misses.getItemCount() == 0) {
      misses.setKey("misses " + Durations.budget(markBudgetMs) + " (none)");
    }
    org.jfree.data.xy.XYSeriesCollection data = new org.jfree.data.xy.XYSeriesCollection();
    data.addSeries(judged);
    data.addSeries(consensus);
    data.addSeries(decryption);
    if (misses != null) {
      data.addSeries(misses);
    }
    // Show the marked budget and the first budget above every height, so the reader sees the
    // line the heights are judged against even when they are all under it.
    double top = judged.isEmpty() ? 0 : judged.getMaxY();
    double above = Double.NaN;
    for (Verdict v : budgets) {
      if (v.blockTimeMs() >= top && !(v.blockTimeMs() >= above)) {
        above = v.blockTimeMs();
      }
    }
    double upper = Math.max(top, markBudgetMs == null ? 0 : markBudgetMs);
    if (!Double.isNaN(above)) {
      upper = Math.max(upper, above);
    }
    JFreeChart chart = ChartFactory.createXYLineChart(
        "Judged time per height (" + schedule.scenarioName() + "; dashed: budgets)", "height",
        "milliseconds", data, PlotOrientation.VERTICAL, true, false, false);
    org.jfree.chart.plot.XYPlot plot = chart.getXYPlot();
    plot.getDomainAxis().setStandardTickUnits(
        org.jfree.chart.axis.NumberAxis.createIntegerTickUnits());
    org.jfree.chart.renderer.xy.XYLineAndShapeRenderer renderer =
        new org.jfree.chart.renderer.xy.XYLineAndShapeRenderer(true, false);
    renderer.setSeriesPaint(0, new Color(0x22, 0x22, 0x22));
    renderer.setSeriesStroke(0, new java.awt.BasicStroke(3f));
    renderer.setSeriesPaint(1, PhaseColours.colour("consensus"));
    renderer.setSeriesStroke(1, new java.awt.BasicStroke(1f));
    renderer.setSeriesPaint(2, PhaseColours.colour("decrypt"));
    renderer.setSeriesStroke(2, new java.awt.BasicStroke(1f));
    if (misses != null) {
      renderer.setSeriesLinesVisible(3, false);
      renderer.setSeriesShapesVisible(3, true);
      renderer.setSeriesPaint(3, MISS);
      renderer.setSeriesShape(3, org.jfree.chart.util.ShapeUtils.createDiagonalCross(5f, 1.2f));
    }
    plot.setRenderer(renderer);
    if (upper > 0) {
      plot.getRangeAxis().setRange(0, upper * 1.08);
    }
    for (Verdict v : budgets) {
      org.jfree.chart.plot.ValueMarker m = new org.jfree.chart.plot.ValueMarker(v.blockTimeMs());
      m.setPaint(Color.GRAY);
      m.setStroke(new java.awt.BasicStroke(1f, java.awt.BasicStroke.CAP_BUTT,
          java.awt.BasicStroke.JOIN_MITER, 1f, new float[] {4f, 4f}, 0f));
      m.setLabel(Durations.budget(v.blockTimeMs()));
      m.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_RIGHT);
      m.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.BOTTOM_RIGHT);
      plot.addRangeMarker(m);
    }
    return chart;
  }
}
