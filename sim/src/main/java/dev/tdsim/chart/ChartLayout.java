package dev.tdsim.chart;

import java.util.List;

/**
 * Everything a chart draws, in pixels and data values, before it is drawn: {@link SvgChart}
 * renders it as it is, and {@link ChartLegibility} checks it (budget lines inside the plot, their
 * labels apart, no more series than distinguishable colours, a log axis where values span more
 * than a decade). The report embeds it as JSON on the chart's {@code svg} ({@code data-chart}),
 * so that {@code make screenshots} checks the charts of a real report with the same rules.
 *
 * @param canvas the whole chart (origin 0,0), what the svg's viewBox shows
 * @param plot the data area: the axes map their range onto it
 * @param x the horizontal axis (its ticks labelled below the plot)
 * @param y the vertical axis (its ticks labelled left of the plot): the latency, or the value
 *     fitting, the axis the log rule applies to
 * @param series the lines, each with its own colour and marker
 * @param budgets the block-time budgets drawn across the y axis, labelled right of the plot
 * @param absentBand where points without a value (y null, e.g. "none fits") are drawn, below the
 *     plot; null when the chart has none
 * @param absentLabel what the band says, e.g. {@code none fits}
 */
public record ChartLayout(Box canvas, Box plot, Axis x, Axis y, List<Series> series,
    List<Budget> budgets, Box absentBand, String absentLabel) {

  /** Font sizes the renderer uses and the checks measure text with. */
  public static final double TICK_FONT_PX = 10;

  public static final double BUDGET_FONT_PX = 10;

  public ChartLayout {
    series = List.copyOf(series);
    budgets = List.copyOf(budgets);
  }

  /** A rectangle in pixels, y growing downwards as in SVG. */
  public record Box(double x, double y, double w, double h) {
    public double right() {
      return x + w;
    }

    public double bottom() {
      return y + h;
    }

    /** Whether the two share some area (touching edges do not count). */
    public boolean overlaps(Box o) {
      return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }

    /** Whether {@code o} lies wholly inside (edges included, half a pixel of rounding). */
    public boolean contains(Box o) {
      return o.x >= x - 0.5 && o.right() <= right() + 0.5 && o.y >= y - 0.5
          && o.bottom() <= bottom() + 0.5;
    }
  }

  public enum Scale {
    LINEAR,
    LOG
  }

  /** A labelled tick at a data value. */
  public record Tick(double value, String label) {}

  /**
   * An axis: its range in data units, its scale and its ticks.
   *
   * @param title what the axis measures, e.g. {@code messages per block (log scale)}
   */
  public record Axis(String title, Scale scale, double min, double max, List<Tick> ticks) {
    public Axis {
      ticks = List.copyOf(ticks);
    }

    /** Where {@code v} falls between {@code fromPx} (at min) and {@code toPx} (at max). */
    public double toPx(double v, double fromPx, double toPx) {
      double f = scale == Scale.LOG ? (Math.log10(v) - Math.log10(min))
          / (Math.log10(max) - Math.log10(min)) : (v - min) / (max - min);
      return fromPx + f * (toPx - fromPx);
    }

    /** Whether {@code v} is within the range (a thousandth of it either side for rounding). */
    public boolean inRange(double v) {
      double slack = (max - min) * 1e-3;
      return v >= min - slack && v <= max + slack && (scale == Scale.LINEAR || v > 0);
    }
  }

  /** Marker shapes: with the colours, each series of a chart tells from the others twice. */
  public enum Marker {
    CIRCLE,
    SQUARE,
    TRIANGLE_UP,
    DIAMOND,
    TRIANGLE_DOWN,
    CROSS,
    PLUS,
    STAR
  }

  /** How a series joins its points. */
  public enum Line {
    SOLID,
    DASHED,
    NONE
  }

  /** One data point; {@code y} null when there is no value (drawn in the absent band). */
  public record Point(double x, Double y, String text) {}

  /**
   * @param colour {@code #rrggbb}, one of {@link Palette#COLOURS}
   * @param line how its points are joined: dashed for the judged time against the decryption
   *     latency, none when the x values are separate points (not a quantity growing)
   */
  public record Series(String name, String colour, Marker marker, Line line,
      List<Point> points) {
    public Series {
      points = List.copyOf(points);
    }
  }

  /**
   * A budget line across the plot at {@code ms} on the y axis ({@code linePx}), labelled in
   * {@code labelBox} right of the plot (moved off the line's height when labels would overlap;
   * a leader joins them).
   */
  public record Budget(double ms, String label, double linePx, Box labelBox) {}

  /** The y pixel of a data value on this chart. */
  public double yPx(double v) {
    return y.toPx(v, plot.bottom(), plot.y());
  }

  /** The x pixel of a data value on this chart. */
  public double xPx(double v) {
    return x.toPx(v, plot.x(), plot.right());
  }

  /** The box the label of a tick on the x axis takes: centred under it, below the plot. */
  public Box xTickBox(Tick t) {
    double w = textWidthPx(t.label(), TICK_FONT_PX);
    double top = (absentBand == null ? plot.bottom() : absentBand.bottom()) + 3;
    return new Box(xPx(t.value()) - w / 2, top, w, TICK_FONT_PX + 2);
  }

  /** The box the label of a tick on the y axis takes: right-aligned left of the plot. */
  public Box yTickBox(Tick t) {
    double w = textWidthPx(t.label(), TICK_FONT_PX);
    return new Box(plot.x() - 4 - w, yPx(t.value()) - (TICK_FONT_PX + 2) / 2, w,
        TICK_FONT_PX + 2);
  }

  /**
   * A generous estimate of a text's width in a sans-serif font (DejaVu Sans, Chromium's default
   * on Debian, is among the widest): layouts and checks run without a font to measure with.
   */
  public static double textWidthPx(String text, double fontPx) {
    return text.length() * 0.62 * fontPx;
  }
}
