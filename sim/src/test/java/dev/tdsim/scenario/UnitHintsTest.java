package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A bare number gets the unit that keeps its magnitude plausible, and a mistyped unit a guess. */
class UnitHintsTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // a message size of 1024 is bytes: '1024 KiB' would be a megabyte
      "size | 1024 | e.g. '1024 B' (that is 1 KiB;",
      "size | 100 | e.g. '100 B' (units:",
      "size | 0.5 | e.g. '0.5 KiB' (that is 512 B;",
      "duration | 50 | e.g. '50 ms' (units:",
      "duration | 0.5 | e.g. '0.5 s' (that is 500 ms;",
      "duration | 150000000 | e.g. '150000000 ns' (that is 150 ms;",
      "duration | 60000 | e.g. '60000 ms' (that is 1 min;",
      "bandwidth | 100 | e.g. '100 Mbps' (units:",
      "bandwidth | 1000000000 | e.g. '1000000000 bps' (that is 1 Gbps;",
      "rate | 50 | e.g. '50 tx/s' (units:",
  })
  void aBareNumberGetsAPlausibleUnit(String kind, String text, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> parser(kind).apply(text));
    assertTrue(e.getMessage().startsWith("'" + text + "' has no unit; add a unit, " + expected),
        e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "duration | 5 mss | did you mean 'ms'?",
      "size | 5 KiBB | did you mean 'KiB'?",
      "bandwidth | 5 Gbpss | did you mean 'Gbps'?",
      "rate | 5 tx/ss | did you mean 'tx/s'?",
  })
  void aUnitOneTypoAwayGetsAGuess(String kind, String text, String expected) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> parser(kind).apply(text));
    assertTrue(e.getMessage().endsWith(expected), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"duration | 5 parsecs", "size | 5 qq"})
  void aUnitFarFromEveryKnownOneGetsNoGuess(String kind, String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> parser(kind).apply(text));
    assertTrue(!e.getMessage().contains("did you mean"), e.getMessage());
  }

  private static Function<String, Object> parser(String kind) {
    return switch (kind) {
      case "size" -> Units::parseSize;
      case "duration" -> Units::parseDuration;
      case "bandwidth" -> Units::parseBandwidth;
      case "rate" -> Units::parseRate;
      default -> throw new IllegalArgumentException(kind);
    };
  }
}
