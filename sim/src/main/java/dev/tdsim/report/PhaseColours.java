package dev.tdsim.report;

import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one colour of each phase in every chart of every report (run and sweep), so that a phase
 * looks the same everywhere. The colours are the Okabe-Ito palette (Okabe and Ito, "Color
 * Universal Design", 2008), chosen to stay distinguishable with the common forms of colour
 * blindness. Its yellow (#F0E442) is too light on a white page, so {@code signatures} is black
 * instead. Phases are named in lower case as in the reports ({@code share creation}).
 */
public final class PhaseColours {
  /** Phase name to colour as {@code #RRGGBB}, in the order the critical path lists phases. */
  private static final Map<String, String> HEX = new LinkedHashMap<>();

  static {
    HEX.put("consensus", "#0072B2"); // blue
    HEX.put("share creation", "#E69F00"); // orange
    HEX.put("share gossip", "#56B4E9"); // sky blue
    HEX.put("combine", "#009E73"); // bluish green
    HEX.put("decrypt", "#CC79A7"); // reddish purple
    HEX.put("execution", "#D55E00"); // vermillion
    HEX.put("validation", "#999999"); // grey
    HEX.put("signatures", "#000000"); // black (Okabe-Ito yellow is unreadable on white)
  }

  /** The colour of a phase nobody registered: a dark grey that is none of the above. */
  public static final String OTHER_HEX = "#555555";

  private PhaseColours() {}

  /** Every phase name with a colour, in critical-path order. */
  public static List<String> phases() {
    return List.copyOf(HEX.keySet());
  }

  /** The phase's colour as {@code #RRGGBB} (case-insensitive name; unknown: {@link #OTHER_HEX}). */
  public static String hex(String phase) {
    return HEX.getOrDefault(phase.toLowerCase(Locale.ROOT), OTHER_HEX);
  }

  /** The phase's colour for JFreeChart renderers. */
  public static Color colour(String phase) {
    return Color.decode(hex(phase));
  }
}
