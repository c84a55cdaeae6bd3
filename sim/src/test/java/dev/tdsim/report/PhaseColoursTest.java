package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PhaseColoursTest {
  /** The phases one critical-path chart draws side by side (run and sweep reports). */
  private static final List<String> CHART_PHASES = List.of("consensus", "share creation",
      "share gossip", "combine", "check", "blame", "decrypt", "reshare");

  /**
   * Colour-vision deficiency simulation matrices on linear RGB, severity 1 (Machado, Oliveira and
   * Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency", 2009).
   */
  private static final Map<String, double[][]> VISION = Map.of(
      "normal vision", new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
      "protanopia", new double[][] {{0.152286, 1.052583, -0.204868},
          {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
      "deuteranopia", new double[][] {{0.367322, 0.860646, -0.227968},
          {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
      "tritanopia", new double[][] {{1.255528, -0.076749, -0.178779},
          {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}});

  /**
   * The smallest CIELAB distance (CIE76) two phases of one chart may have, in normal vision and
   * in each simulated deficiency: about what Okabe-Ito's sky blue and bluish green keep under
   * tritanopia (16.1), the closest pair of the palette; 2.3 is a just noticeable difference.
   */
  private static final double MIN_DELTA_E = 15;

  @Test
  void everyPhaseHasItsOwnColourReadableOnWhite() {
    Set<String> seen = new HashSet<>();
    seen.add(PhaseColours.OTHER_HEX);
    for (String phase : PhaseColours.phases()) {
      String hex = PhaseColours.hex(phase);
      assertTrue(seen.add(hex), phase + " shares its colour " + hex);
      double contrast = 1.05 / (luminance(PhaseColours.colour(phase)) + 0.05);
      assertTrue(contrast >= 2.0, phase + " " + hex + " has contrast " + contrast
          + " on white, below 2:1");
    }
    assertEquals("#0072B2", PhaseColours.hex("Consensus"));
    assertEquals("#000000", PhaseColours.hex("signatures"));
    assertEquals(PhaseColours.OTHER_HEX, PhaseColours.hex("no such phase"));
  }

  @Test
  void checkBlameAndReshareHaveTheirOwnColours() {
    for (String phase : List.of("check", "blame", "reshare")) {
      assertNotEquals(PhaseColours.OTHER_HEX, PhaseColours.hex(phase), phase);
    }
    assertEquals(3, new HashSet<>(List.of(PhaseColours.hex("check"), PhaseColours.hex("blame"),
        PhaseColours.hex("reshare"))).size());
  }

  @Test
  void thePhasesOfOneChartStayApartWithColourBlindness() {
    assertTrue(PhaseColours.phases().containsAll(CHART_PHASES));
    for (Map.Entry<String, double[][]> v : VISION.entrySet()) {
      for (int i = 0; i < CHART_PHASES.size(); i++) {
        for (int j = 0; j < i; j++) {
          String a = CHART_PHASES.get(i);
          String b = CHART_PHASES.get(j);
          double d = deltaE(simulate(PhaseColours.colour(a), v.getValue()),
              simulate(PhaseColours.colour(b), v.getValue()));
          assertTrue(d >= MIN_DELTA_E, String.format(java.util.Locale.ROOT,
              "%s (%s) and %s (%s) are only %.1f apart (CIE76) with %s", a, PhaseColours.hex(a),
              b, PhaseColours.hex(b), d, v.getKey()));
        }
      }
    }
  }

  /** WCAG 2 relative luminance. */
  private static double luminance(Color c) {
    return 0.2126 * lin(c.getRed()) + 0.7152 * lin(c.getGreen()) + 0.0722 * lin(c.getBlue());
  }

  private static double lin(int channel) {
    double v = channel / 255.0;
    return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  }

  /** The colour as seen with the deficiency: linear RGB times the matrix, clamped. */
  private static double[] simulate(Color c, double[][] m) {
    double[] l = {lin(c.getRed()), lin(c.getGreen()), lin(c.getBlue())};
    double[] out = new double[3];
    for (int i = 0; i < 3; i++) {
      out[i] = Math.min(1, Math.max(0, m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]));
    }
    return out;
  }

  /** CIE76 distance of two linear-RGB (sRGB primaries, D65) colours in CIELAB. */
  private static double deltaE(double[] a, double[] b) {
    double[] la = lab(a);
    double[] lb = lab(b);
    return Math.sqrt(Math.pow(la[0] - lb[0], 2) + Math.pow(la[1] - lb[1], 2)
        + Math.pow(la[2] - lb[2], 2));
  }

  private static double[] lab(double[] rgb) {
    double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
    double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    double z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
    return new double[] {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
  }

  private static double f(double t) {
    return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16.0 / 116;
  }
}
