package dev.tdsim.chart;

import dev.tdsim.chart.ChartLayout.Marker;
import java.util.List;

/**
 * The series colours of every chart: Okabe-Ito's eight colour-blind-safe colours, ordered so
 * neighbours differ most (their yellow last: weak on white, the eighth series only), each with its
 * own marker. A chart never has more series than colours ({@link ChartLegibility}): more are split
 * into small multiples.
 */
public final class Palette {
  public static final List<String> COLOURS = List.of("#0072B2", "#D55E00", "#009E73", "#CC79A7",
      "#E69F00", "#56B4E9", "#000000", "#F0E442");

  public static final List<Marker> MARKERS = List.of(Marker.values());

  /** How many series one chart can tell apart. */
  public static final int SIZE = COLOURS.size();

  /** The grey of budget lines and their labels: no series uses it. */
  public static final String BUDGET_GREY = "#666666";

  private Palette() {}

  public static String colour(int series) {
    return COLOURS.get(series % SIZE);
  }

  public static Marker marker(int series) {
    return MARKERS.get(series % MARKERS.size());
  }
}
