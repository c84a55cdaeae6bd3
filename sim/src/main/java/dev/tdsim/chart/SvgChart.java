package dev.tdsim.chart;

import com.google.common.html.HtmlEscapers;
import dev.tdsim.chart.ChartLayout.Box;
import dev.tdsim.chart.ChartLayout.Budget;
import dev.tdsim.chart.ChartLayout.Marker;
import dev.tdsim.chart.ChartLayout.Point;
import dev.tdsim.chart.ChartLayout.Series;
import dev.tdsim.chart.ChartLayout.Tick;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link ChartLayout} as inline SVG, exactly where the layout says (so that what {@link
 * ChartLegibility} checked is what a reader sees), with the layout as JSON in {@code data-chart}.
 */
public final class SvgChart {
  private static final double MARKER_PX = 3.5;

  /** Horizontal spread of the points of different series in the absent band (same x). */
  private static final double ABSENT_SPREAD_PX = 8;

  private SvgChart() {}

  /** The chart's {@code <svg>} element, {@code label} its accessible name. */
  public static String svg(ChartLayout c, String label) {
    StringBuilder s = new StringBuilder();
    Box cv = c.canvas();
    s.append(String.format(Locale.ROOT, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\""
        + " width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" role=\"img\""
        + " aria-label=\"%s\" data-chart=\"%s\" font-family=\"sans-serif\">", cv.w(), cv.h(),
        cv.w(), cv.h(), esc(label), esc(ChartJson.write(c))));
    Box p = c.plot();
    s.append(rect(p, "fill=\"#fff\" stroke=\"#bbb\""));
    for (Tick t : c.y().ticks()) {
      double y = c.yPx(t.value());
      s.append(line(p.x(), y, p.right(), y, "stroke=\"#e4e4e4\""));
      Box b = c.yTickBox(t);
      s.append(text(b.right(), baseline(b, ChartLayout.TICK_FONT_PX), "end",
          ChartLayout.TICK_FONT_PX, "#333", "tick", t.label()));
    }
    for (Tick t : c.x().ticks()) {
      double x = c.xPx(t.value());
      s.append(line(x, p.y(), x, p.bottom(), "stroke=\"#e4e4e4\""));
      Box b = c.xTickBox(t);
      s.append(text(x, baseline(b, ChartLayout.TICK_FONT_PX), "middle",
          ChartLayout.TICK_FONT_PX, "#333", "tick", t.label()));
    }
    double xTitleY = (c.absentBand() == null ? p.bottom() : c.absentBand().bottom()) + 28;
    s.append(text(p.x() + p.w() / 2, xTitleY, "middle", 10, "#333", "axis", c.x().title()));
    s.append(text(p.x(), p.y() - 6, "start", 10, "#333", "axis", c.y().title()));
    if (c.absentBand() != null) {
      Box band = c.absentBand();
      s.append(rect(band, "fill=\"#f3f3f3\" stroke=\"#ddd\""));
      s.append(text(band.x() - 4, band.y() + band.h() / 2 + 3.5, "end",
          ChartLayout.TICK_FONT_PX, "#b00", "absent", c.absentLabel()));
    }
    for (Budget b : c.budgets()) {
      s.append(line(p.x(), b.linePx(), p.right(), b.linePx(), "stroke=\"" + Palette.BUDGET_GREY
          + "\" stroke-dasharray=\"4 3\" class=\"budget-line\""));
      double labelMid = b.labelBox().y() + b.labelBox().h() / 2;
      // the label moved off its line's height to stay clear of a neighbour: a leader joins them
      s.append(line(p.right(), b.linePx(), b.labelBox().x() - 1, labelMid, "stroke=\""
          + Palette.BUDGET_GREY + "\""));
      s.append(text(b.labelBox().x(), baseline(b.labelBox(), ChartLayout.BUDGET_FONT_PX),
          "start", ChartLayout.BUDGET_FONT_PX, Palette.BUDGET_GREY, "budget", b.label()));
    }
    int n = c.series().size();
    for (int i = 0; i < n; i++) {
      Series ser = c.series().get(i);
      StringBuilder path = new StringBuilder();
      boolean pen = false;
      for (Point pt : ser.points()) {
        if (pt.y() == null) {
          pen = false;
          continue;
        }
        path.append(pen ? 'L' : 'M').append(fmt(c.xPx(pt.x()))).append(',')
            .append(fmt(c.yPx(pt.y())));
        pen = true;
      }
      boolean dashed = ser.line() == ChartLayout.Line.DASHED;
      if (path.length() > 0 && ser.line() != ChartLayout.Line.NONE) {
        s.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"")
            .append(ser.colour()).append("\" stroke-width=\"").append(dashed ? "1.5" : "2")
            .append('"').append(dashed ? " stroke-dasharray=\"6 4\"" : "").append("/>");
      }
      for (Point pt : ser.points()) {
        double x = c.xPx(pt.x());
        double y;
        if (pt.y() == null) {
          x += (i - (n - 1) / 2.0) * ABSENT_SPREAD_PX;
          y = c.absentBand().y() + c.absentBand().h() / 2;
        } else {
          y = c.yPx(pt.y());
        }
        s.append(marker(ser.marker(), x, y, ser.colour(), ser.name() + ": " + pt.text()));
      }
    }
    return s.append("</svg>").toString();
  }

  /**
   * A legend: per series its marker and line as a little svg, then its name, as HTML (it wraps
   * with the page instead of taking the chart's pixels).
   */
  public static String legend(List<Series> series) {
    StringBuilder s = new StringBuilder("<div class=\"legend\">");
    for (Series ser : series) {
      s.append("<span class=\"key\"><svg width=\"28\" height=\"12\" viewBox=\"0 0 28 12\">")
          .append(ser.line() == ChartLayout.Line.NONE ? ""
              : line(0, 6, 28, 6, "stroke=\"" + ser.colour() + "\" stroke-width=\"2\""
                  + (ser.line() == ChartLayout.Line.DASHED ? " stroke-dasharray=\"6 4\"" : "")))
          .append(marker(ser.marker(), 14, 6, ser.colour(), ser.name()))
          .append("</svg> ").append(esc(ser.name())).append("</span>");
    }
    return s.append("</div>").toString();
  }

  private static String marker(Marker m, double x, double y, String colour, String title) {
    double r = MARKER_PX;
    String shape = switch (m) {
      case CIRCLE -> String.format(Locale.ROOT, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"",
          fmt(x), fmt(y), fmt(r));
      case SQUARE -> String.format(Locale.ROOT, "<rect x=\"%s\" y=\"%s\" width=\"%s\""
          + " height=\"%s\"", fmt(x - r), fmt(y - r), fmt(2 * r), fmt(2 * r));
      case TRIANGLE_UP -> polygon(x, y, new double[] {0, -1.2 * r, 1.1 * r, 0.8 * r, -1.1 * r,
          0.8 * r});
      case TRIANGLE_DOWN -> polygon(x, y, new double[] {0, 1.2 * r, 1.1 * r, -0.8 * r,
          -1.1 * r, -0.8 * r});
      case DIAMOND -> polygon(x, y, new double[] {0, -1.3 * r, 1.3 * r, 0, 0, 1.3 * r,
          -1.3 * r, 0});
      case CROSS -> stroked(x, y, "M-R,-RLR,RM-R,RLR,-R", r);
      case PLUS -> stroked(x, y, "M-S,0LS,0M0,-SL0,S", r);
      case STAR -> stroked(x, y, "M-S,0LS,0M0,-SL0,SM-R,-RLR,RM-R,RLR,-R", r);
    };
    boolean line = m == Marker.CROSS || m == Marker.PLUS || m == Marker.STAR;
    return shape + (line ? " fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"2\""
        : " fill=\"" + colour + "\" stroke=\"#fff\" stroke-width=\"0.8\"")
        + "><title>" + esc(title) + "</title>" + closing(shape) + ">";
  }

  private static String closing(String shape) {
    return "</" + shape.substring(1, shape.indexOf(' '));
  }

  private static String polygon(double x, double y, double[] xy) {
    StringBuilder pts = new StringBuilder();
    for (int i = 0; i < xy.length; i += 2) {
      pts.append(i == 0 ? "" : " ").append(fmt(x + xy[i])).append(',').append(fmt(y + xy[i + 1]));
    }
    return "<polygon points=\"" + pts + "\"";
  }

  /** A path of unit strokes: R and S in {@code d} stand for {@code r} and {@code 1.3 r}. */
  private static String stroked(double x, double y, String d, double r) {
    String rs = fmt(r);
    String ss = fmt(r * 1.3);
    return "<path transform=\"translate(" + fmt(x) + "," + fmt(y) + ")\" d=\""
        + d.replace("R", rs).replace("S", ss) + "\"";
  }

  private static double baseline(Box b, double fontPx) {
    return b.y() + b.h() / 2 + fontPx * 0.35;
  }

  private static String rect(Box b, String attrs) {
    return String.format(Locale.ROOT, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" %s/>",
        fmt(b.x()), fmt(b.y()), fmt(b.w()), fmt(b.h()), attrs);
  }

  private static String line(double x1, double y1, double x2, double y2, String attrs) {
    return String.format(Locale.ROOT, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" %s/>",
        fmt(x1), fmt(y1), fmt(x2), fmt(y2), attrs);
  }

  private static String text(double x, double y, String anchor, double fontPx, String fill,
      String cls, String body) {
    return String.format(Locale.ROOT, "<text x=\"%s\" y=\"%s\" text-anchor=\"%s\""
        + " font-size=\"%s\" fill=\"%s\" class=\"%s\">%s</text>", fmt(x), fmt(y), anchor,
        fmt(fontPx), fill, cls, esc(body));
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }

  private static String esc(String s) {
    return HtmlEscapers.htmlEscaper().escape(s == null ? "" : s);
  }
}
