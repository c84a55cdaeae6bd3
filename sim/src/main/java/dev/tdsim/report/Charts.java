package dev.tdsim.report;

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
    return ChartFactory.createStackedBarChart(title, "", "milliseconds", data,
        PlotOrientation.HORIZONTAL, true, false, false);
  }
}
