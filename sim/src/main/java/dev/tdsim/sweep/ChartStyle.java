package dev.tdsim.sweep;

import dev.tdsim.report.PhaseColours;
import java.awt.BasicStroke;
import java.awt.Color;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/** What every chart of a sweep's report draws alike: its colours and its budget lines. */
final class ChartStyle {
  /**
   * One colour per line group (the decryption and judged lines of a group share it): the
   * Okabe-Ito palette of {@link PhaseColours}, in an order that keeps neighbours distinct.
   */
  static final Color[] PALETTE = {Color.decode("#0072B2"), Color.decode("#D55E00"),
      Color.decode("#009E73"), Color.decode("#CC79A7"), Color.decode("#E69F00"),
      Color.decode("#56B4E9"), Color.decode("#000000"), Color.decode("#999999")};

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
