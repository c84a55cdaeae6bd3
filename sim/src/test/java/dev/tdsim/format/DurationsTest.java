package dev.tdsim.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Each duration format at zero, below a millisecond, at its rounding edges and when large. */
class DurationsTest {
  @Test
  void tenthsMsHasOneDecimalAndADashForAMissingValue() {
    assertEquals("0.0 ms", Durations.tenthsMs(0.0));
    assertEquals("0.3 ms", Durations.tenthsMs(0.25));
    assertEquals("0.0 ms", Durations.tenthsMs(0.04));
    assertEquals("473.2 ms", Durations.tenthsMs(473.249));
    assertEquals("1000000.0 ms", Durations.tenthsMs(1e6));
    assertEquals("-0.5 ms", Durations.tenthsMs(-0.5));
    assertEquals("-", Durations.tenthsMs(null));
    assertEquals("-", Durations.tenthsMs(Double.NaN));
  }

  @Test
  void roundedMsDropsTheDecimalFromAHundredUp() {
    assertEquals("0.0", Durations.roundedMsNumber(0));
    assertEquals("0.5", Durations.roundedMsNumber(0.45));
    assertEquals("99.9", Durations.roundedMsNumber(99.94));
    assertEquals("100.0", Durations.roundedMsNumber(99.96)); // below 100: one decimal
    assertEquals("100", Durations.roundedMsNumber(100));
    assertEquals("473", Durations.roundedMsNumber(473.5 - 1e-9));
    assertEquals("1234568", Durations.roundedMsNumber(1234567.8));
    assertEquals("NaN", Durations.roundedMsNumber(Double.NaN));
    assertEquals("0.0 ms", Durations.roundedMs(0.0));
    assertEquals("47.3 ms", Durations.roundedMs(47.26));
    assertEquals("2000 ms", Durations.roundedMs(2000.0));
    assertEquals("-", Durations.roundedMs(null));
    assertEquals("-", Durations.roundedMs(Double.NaN));
    assertEquals("-", Durations.roundedMs(Double.POSITIVE_INFINITY));
  }

  @Test
  void csvMsHasThreeDecimalsOfAMillisecond() {
    assertEquals("0.000", Durations.csvMs(0));
    assertEquals("0.001", Durations.csvMs(1_000));
    assertEquals("0.001", Durations.csvMs(500)); // half up
    assertEquals("0.000", Durations.csvMs(499));
    assertEquals("1.234", Durations.csvMs(1_234_000));
    assertEquals("3600000.000", Durations.csvMs(3_600_000_000_000L));
  }

  @Test
  void tableMsHasTwoDecimalsBelowTenAndOneAbove() {
    assertEquals("0.00", Durations.tableMs(0));
    assertEquals("0.01", Durations.tableMs(0.005));
    assertEquals("9.99", Durations.tableMs(9.99));
    assertEquals("10.0", Durations.tableMs(10));
    assertEquals("-9.50", Durations.tableMs(-9.5));
    assertEquals("123456.8", Durations.tableMs(123456.78));
    assertEquals("-", Durations.tableMs(Double.NaN));
  }

  @Test
  void exactMsKeepsEveryDigitAndNoTrailingZero() {
    assertEquals("0", Durations.exactMs(0));
    assertEquals("0.25", Durations.exactMs(0.25));
    assertEquals("80", Durations.exactMs(80.0));
    assertEquals("12.75", Durations.exactMs(12.75));
    assertEquals("100000000", Durations.exactMs(1e8));
  }

  @Test
  void secondsOfMsHasTwoDecimals() {
    assertEquals("0.00 s", Durations.secondsOfMs(0));
    assertEquals("0.00 s", Durations.secondsOfMs(0.4));
    assertEquals("0.01 s", Durations.secondsOfMs(5));
    assertEquals("12.35 s", Durations.secondsOfMs(12_345.6));
    assertEquals("86400.00 s", Durations.secondsOfMs(86_400_000));
  }

  @Test
  void budgetIsInSecondsOnlyForWholeSeconds() {
    assertEquals("0 ms", Durations.budget(0));
    assertEquals("1 ms", Durations.budget(0.5)); // %.0f rounds half up
    assertEquals("500 ms", Durations.budget(500));
    assertEquals("1 s", Durations.budget(1000));
    assertEquals("1500 ms", Durations.budget(1500));
    assertEquals("2 s", Durations.budget(2000));
    assertEquals("3600 s", Durations.budget(3_600_000));
  }

  @Test
  void etaIsSecondsThenMinutesThenHours() {
    assertEquals("0s", Durations.eta(0));
    assertEquals("0s", Durations.eta(0.4));
    assertEquals("1s", Durations.eta(0.5));
    assertEquals("59s", Durations.eta(59.4));
    assertEquals("1m 0s", Durations.eta(59.5));
    assertEquals("59m 59s", Durations.eta(3599));
    assertEquals("1h 0m", Durations.eta(3600));
    assertEquals("27h 46m", Durations.eta(100_000));
  }

  @Test
  void whenNanosIsWholeMillisecondsBelowASecondThenSeconds() {
    assertEquals("0 ms", Durations.whenNanos(0));
    assertEquals("0 ms", Durations.whenNanos(400_000));
    assertEquals("1 ms", Durations.whenNanos(500_000));
    assertEquals("350 ms", Durations.whenNanos(350_000_000));
    assertEquals("1000 ms", Durations.whenNanos(999_999_999));
    assertEquals("1 s", Durations.whenNanos(1_000_000_000));
    assertEquals("2.50 s", Durations.whenNanos(2_500_000_000L));
    assertEquals("5 s", Durations.whenNanos(5_000_000_000L));
    assertEquals("3600 s", Durations.whenNanos(3_600_000_000_000L));
  }
}
