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
 * instead. Okabe-Ito has eight colours and the phases are eleven: {@code check}, {@code blame}
 * and {@code reshare} take three of Paul Tol's colour-blind safe colours (dark yellow #997700
 * from his medium-contrast scheme, wine #882255 and indigo #332288 from his muted scheme; Tol,
 * "Colour Schemes", SRON/EPS/TN/09-002), picked so that the eight phases of a critical-path chart
 * stay as far apart under simulated protanopia, deuteranopia and tritanopia as the Okabe-Ito
 * phases among themselves ({@code PhaseColoursTest}). Phases are named in lower case as in the
 * reports ({@code share creation}).
 */
public final class PhaseColours {
  /** Phase name to colour as {@code #RRGGBB}, in the order the critical path lists phases. */
  private static final Map<String, String> HEX = new LinkedHashMap<>();

  static {
    HEX.put("consensus", "#0072B2"); // blue
    HEX.put("share creation", "#E69F00"); // orange
    HEX.put("share gossip", "#56B4E9"); // sky blue
    HEX.put("combine", "#009E73"); // bluish green
    HEX.put("check", "#997700"); // dark yellow (Tol)
    HEX.put("blame", "#882255"); // wine (Tol)
    HEX.put("decrypt", "#CC79A7"); // reddish purple
    HEX.put("reshare", "#332288"); // indigo (Tol)
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
