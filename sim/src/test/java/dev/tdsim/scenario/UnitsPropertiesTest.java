package dev.tdsim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Formatting then parsing is the identity, for every value. */
class UnitsPropertiesTest {

  @Property
  void durationsRoundTrip(@ForAll long nanos) {
    String text = Units.formatDuration(nanos);
    assertEquals(nanos, Units.parseDuration(text), text);
  }

  @Property
  void wholeUnitDurationsRoundTrip(
      @ForAll @LongRange(min = -100_000, max = 100_000) long n, @ForAll @IntRange(max = 5) int u) {
    String unit = new String[] {"ns", "us", "ms", "s", "min", "h"}[u];
    long nanos = Units.parseDuration(n + " " + unit);
    assertEquals(nanos, Units.parseDuration(Units.formatDuration(nanos)));
  }

  @Property
  void sizesRoundTrip(@ForAll long bytes) {
    String text = Units.formatSize(bytes);
    assertEquals(bytes, Units.parseSize(text), text);
  }

  @Property
  void binaryAndDecimalSizesRoundTrip(
      @ForAll @LongRange(min = 0, max = 1_000_000) long n, @ForAll @IntRange(max = 6) int u) {
    String unit = new String[] {"B", "KB", "KiB", "MB", "MiB", "GB", "GiB"}[u];
    long bytes = Units.parseSize(n + " " + unit);
    assertEquals(bytes, Units.parseSize(Units.formatSize(bytes)));
  }

  @Property
  void bandwidthsRoundTrip(@ForAll long bitsPerSecond) {
    assertEquals(bitsPerSecond, Units.parseBandwidth(Units.formatBandwidth(bitsPerSecond)));
  }

  @Property
  void ratesRoundTrip(@ForAll double perSecond) {
    Assume.that(Double.isFinite(perSecond) && Double.compare(perSecond, -0.0) != 0);
    assertEquals(perSecond, Units.parseRate(Units.formatRate(perSecond)));
  }
}
