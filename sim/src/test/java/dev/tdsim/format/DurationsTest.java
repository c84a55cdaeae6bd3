package dev.tdsim.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Each duration format at zero, below a millisecond, at its rounding edges and when large. */
class DurationsTest {
  /** {@code cases} alternate an input and the text the format gives it. */
  private static <T> void formats(Function<T, String> format, Object... cases) {
    for (int i = 0; i < cases.length; i += 2) {
      @SuppressWarnings("unchecked")
      T input = (T) cases[i];
      assertEquals(cases[i + 1], format.apply(input), "of " + input);
    }
  }

  @Test
  void tenthsMsHasOneDecimalAndADashForAMissingValue() {
    formats(Durations::tenthsMs, 0.0, "0.0 ms", 0.25, "0.3 ms", 0.04, "0.0 ms",
        473.249, "473.2 ms", 1e6, "1000000.0 ms", -0.5, "-0.5 ms", null, "-", Double.NaN, "-");
  }

  @Test
  void roundedMsDropsTheDecimalFromAHundredUp() {
    // 99.96 is below 100, so it keeps its decimal even though it rounds to 100
    formats(Durations::roundedMsNumber, 0.0, "0.0", 0.45, "0.5", 99.94, "99.9", 99.96, "100.0",
        100.0, "100", 473.499, "473", 1234567.8, "1234568", Double.NaN, "NaN");
    formats(Durations::roundedMs, 0.0, "0.0 ms", 47.26, "47.3 ms", 2000.0, "2000 ms", null, "-",
        Double.NaN, "-", Double.POSITIVE_INFINITY, "-");
  }

  @Test
  void csvMsHasThreeDecimalsOfAMillisecond() {
    formats(Durations::csvMs, 0L, "0.000", 1_000L, "0.001", 500L, "0.001", 499L, "0.000",
        1_234_000L, "1.234", 3_600_000_000_000L, "3600000.000");
  }

  @Test
  void tableMsHasTwoDecimalsBelowTenAndOneAbove() {
    formats(Durations::tableMs, 0.0, "0.00", 0.005, "0.01", 9.99, "9.99", 10.0, "10.0",
        -9.5, "-9.50", 123456.78, "123456.8", Double.NaN, "-");
  }

  @Test
  void exactMsKeepsEveryDigitAndNoTrailingZero() {
    formats(Durations::exactMs, 0.0, "0", 0.25, "0.25", 80.0, "80", 12.75, "12.75",
        1e8, "100000000");
  }

  @Test
  void secondsOfMsHasTwoDecimals() {
    formats(Durations::secondsOfMs, 0.0, "0.00 s", 0.4, "0.00 s", 5.0, "0.01 s",
        12_345.6, "12.35 s", 86_400_000.0, "86400.00 s");
  }

  @Test
  void budgetIsInSecondsOnlyForWholeSeconds() {
    formats(Durations::budget, 0.0, "0 ms", 0.5, "1 ms", 500.0, "500 ms", 1000.0, "1 s",
        1500.0, "1500 ms", 2000.0, "2 s", 3_600_000.0, "3600 s");
  }

  @Test
  void etaIsSecondsThenMinutesThenHours() {
    formats(Durations::eta, 0.0, "0s", 0.4, "0s", 0.5, "1s", 59.4, "59s", 59.5, "1m 0s",
        3599.0, "59m 59s", 3600.0, "1h 0m", 100_000.0, "27h 46m");
  }

  @Test
  void whenNanosIsWholeMillisecondsBelowASecondThenSeconds() {
    formats(Durations::whenNanos, 0L, "0 ms", 400_000L, "0 ms", 500_000L, "1 ms",
        350_000_000L, "350 ms", 999_999_999L, "1000 ms", 1_000_000_000L, "1 s",
        2_500_000_000L, "2.50 s", 5_000_000_000L, "5 s", 3_600_000_000_000L, "3600 s");
  }
}
