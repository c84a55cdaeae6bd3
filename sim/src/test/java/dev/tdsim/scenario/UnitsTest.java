package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnitsTest {
  private static final long MS = 1_000_000L;
  private static final long S = 1_000_000_000L;

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "150 ms | 150000000",
      "2 s | 2000000000",
      "1.5s | 1500000000",
      "250us | 250000",
      "250 \u00b5s | 250000",
      "1 min | 60000000000",
      "2 h | 7200000000000",
      "0.5 ms | 500000",
      "1e3 ms | 1000000000",
      "7 ns | 7",
      "'  3 s  ' | 3000000000",
      "-5 ms | -5000000",
      "0 ms | 0",
  })
  void parsesDurations(String text, long nanos) {
    assertEquals(nanos, Units.parseDuration(text));
  }

  @Test
  void bareNumberDurationIsAnErrorAskingForAUnit() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Units.parseDuration("150"));
    assertTrue(e.getMessage().contains("add a unit, e.g. '150 ms'"), e.getMessage());
    assertTrue(e.getMessage().contains("ns, us"), e.getMessage());
  }

  @Test
  void bareZeroOnlyWhereAllowed() {
    assertThrows(IllegalArgumentException.class, () -> Units.parseDuration("0"));
    assertEquals(0, Units.parseDuration("0", true));
    assertThrows(IllegalArgumentException.class, () -> Units.parseDuration("5", true));
  }

  @Test
  void durationErrorsListAcceptedUnits() {
    String msg = message(() -> Units.parseDuration("5 sec"));
    assertTrue(msg.contains("unknown duration unit 'sec'"), msg);
    assertTrue(msg.contains("write s"), msg);
    assertTrue(msg.contains("accepted: ns, us, \u00b5s, ms, s, min, h"), msg);
    assertTrue(message(() -> Units.parseDuration("5 MS")).contains("case-sensitive"));
    assertTrue(message(() -> Units.parseDuration("fast")).contains("is not a duration"));
    assertTrue(message(() -> Units.parseDuration("")).contains("got nothing"));
    assertTrue(message(() -> Units.parseDuration(null)).contains("got nothing"));
    assertTrue(message(() -> Units.parseDuration("0.5 ns")).contains("not a whole number"));
    assertTrue(message(() -> Units.parseDuration("1e30 s")).contains("too large"));
    assertTrue(message(() -> Units.parseDuration("1e999999999 s")).contains("too large"));
    assertTrue(message(() -> Units.parseDuration("1e-999999999 s")).contains("not a whole"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "100 B | 100",
      "1 KiB | 1024",
      "1 KB | 1000",
      "1 kB | 1000",
      "4 MiB | 4194304",
      "1 MB | 1000000",
      "1.5 KiB | 1536",
      "2 GiB | 2147483648",
      "1 TB | 1000000000000",
  })
  void parsesSizes(String text, long bytes) {
    assertEquals(bytes, Units.parseSize(text));
  }

  @Test
  void sizeErrors() {
    assertTrue(message(() -> Units.parseSize("100")).contains("add a unit"));
    assertTrue(message(() -> Units.parseSize("1.5 B")).contains("not a whole number of bytes"));
    String msg = message(() -> Units.parseSize("1 kb"));
    assertTrue(msg.contains("b would be bits"), msg);
    assertTrue(msg.contains("accepted: B, KB, kB, KiB"), msg);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "1 Gbps | 1000000000",
      "100 Mbps | 100000000",
      "10 Gbit/s | 10000000000",
      "1.5 Gbps | 1500000000",
      "64 kbps | 64000",
      "64 Kbps | 64000",
      "9600 bps | 9600",
  })
  void parsesBandwidth(String text, long bitsPerSecond) {
    assertEquals(bitsPerSecond, Units.parseBandwidth(text));
  }

  @Test
  void bandwidthErrors() {
    assertTrue(message(() -> Units.parseBandwidth("100")).contains("add a unit"));
    String msg = message(() -> Units.parseBandwidth("10 MB/s"));
    assertTrue(msg.contains("bits per second: 1 MB/s = 8 Mbps"), msg);
    assertTrue(msg.contains("Gbps"), msg);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "1000 tx/s | 1000.0",
      "50/s | 50.0",
      "16.5 msg/s | 16.5",
      "60 tx/min | 1.0",
      "2 msg/ms | 2000.0",
      "3 tx / s | 3.0",
  })
  void parsesRates(String text, double perSecond) {
    assertEquals(perSecond, Units.parseRate(text));
  }

  @Test
  void rateErrors() {
    assertTrue(message(() -> Units.parseRate("1000")).contains("add a unit"));
    assertTrue(message(() -> Units.parseRate("5 tx/h")).contains("unknown rate unit"));
    assertTrue(message(() -> Units.parseRate("1e400 tx/s")).contains("too large"));
  }

  @Test
  void formatsCanonically() {
    assertEquals("1500 ms", Units.formatDuration(1500 * MS));
    assertEquals("2 s", Units.formatDuration(2 * S));
    assertEquals("1 min", Units.formatDuration(60 * S));
    assertEquals("90 s", Units.formatDuration(90 * S));
    assertEquals("1 h", Units.formatDuration(3600 * S));
    assertEquals("0 s", Units.formatDuration(0));
    assertEquals("1 ns", Units.formatDuration(1));
    assertEquals("250 us", Units.formatDuration(250_000));
    assertEquals("-5 ms", Units.formatDuration(-5 * MS));

    assertEquals("1 KiB", Units.formatSize(1024));
    assertEquals("1 KB", Units.formatSize(1000));
    assertEquals("4 MiB", Units.formatSize(4 << 20));
    assertEquals("1 MB", Units.formatSize(1_000_000));
    assertEquals("1500 B", Units.formatSize(1500));
    assertEquals("1000 KiB", Units.formatSize(1_024_000));
    assertEquals("0 B", Units.formatSize(0));

    assertEquals("1 Gbps", Units.formatBandwidth(1_000_000_000L));
    assertEquals("100 Mbps", Units.formatBandwidth(100_000_000L));
    assertEquals("1500 kbps", Units.formatBandwidth(1_500_000L));

    assertEquals("1000 tx/s", Units.formatRate(1000));
    assertEquals("16.5 tx/s", Units.formatRate(16.5));
    assertEquals("1", Units.formatNumber(1.0));
  }

  private static String message(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "20% | 0.2 | 20%",
      "12.5 % | 0.125 | 12.5%",
      "0% | 0 | 0%",
      "6.25% | 0.0625 | 6.25%",
      "100% | 1 | 100%",
      "33.3% | 0.333 | 33.3%",
  })
  void percentagesReadAsFractionsAndWriteBack(String text, double fraction, String written) {
    assertEquals(fraction, Units.parsePercent(text));
    assertEquals(written, Units.formatPercent(Units.parsePercent(text)));
    assertEquals(Units.parsePercent(text), Units.parsePercent(Units.formatPercent(fraction)));
  }

  @Test
  void aPercentageNeedsItsSign() {
    for (String bad : new String[] {"20", "0.2", "20 ms", "%", "twenty%"}) {
      assertThrows(IllegalArgumentException.class, () -> Units.parsePercent(bad), bad);
    }
  }
}
