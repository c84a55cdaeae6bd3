package dev.tdsim.sweep;

import dev.tdsim.chart.Palette;
import java.awt.Color;

/** What the PNG charts of a sweep's report (tornado, histogram) draw alike: their colours. */
final class ChartStyle {
  /**
   * The series colours of the PNG charts (tornado, histogram): {@link Palette}'s, the same
   * Okabe-Ito colours in the same order as the SVG charts, so a report has one palette.
   */
  static final Color[] PALETTE = Palette.COLOURS.stream().map(Color::decode)
      .toArray(Color[]::new);

  private ChartStyle() {}
}
