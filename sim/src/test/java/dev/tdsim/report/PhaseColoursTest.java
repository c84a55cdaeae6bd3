package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PhaseColoursTest {
  @Test
  void everyPhaseHasItsOwnColourReadableOnWhite() {
    Set<String> seen = new HashSet<>();
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

  /** WCAG 2 relative luminance. */
  private static double luminance(Color c) {
    return 0.2126 * lin(c.getRed()) + 0.7152 * lin(c.getGreen()) + 0.0722 * lin(c.getBlue());
  }

  private static double lin(int channel) {
    double v = channel / 255.0;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  }
}
