package dev.tdsim.sweep;

import dev.tdsim.chart.Palette;
import java.awt.BasicStroke;
import java.awt.Color;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/** What every chart of a sweep's report draws alike: its colours and its budget lines. */
final class ChartStyle {
  /**
   * The series colours of the PNG charts (tornado, bars per point): {@link Palette}'s, the same
   * Okabe-Ito colours in the same order as the SVG charts, so a report has one palette.
   */
  static final Color[] PALETTE = Palette.COLOURS.stream().map(Color::decode)
      .toArray(Color[]::new);

  private ChartStyle() {}

  /** A block-time budget as a dashed grey line across the latency axis, labelled at its end. */
  static ValueMarker budgetMarker(double ms) {
    ValueMarker m = new ValueMarker(ms);
    m.setPaint(Color.GRAY);
    m.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f,
        new float[] {4f, 4f}, 0f));
    m.setLabel(SweepText.budget(ms));
    m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
    m.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
    return m;
  }
}
