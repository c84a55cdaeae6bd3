package dev.tdsim.chart;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;

/**
 * A {@link ChartLayout} as JSON, the {@code data-chart} attribute of every chart svg, read back
 * by {@code make screenshots} to check the charts of a real report.
 */
public final class ChartJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ChartJson() {}

  public static String write(ChartLayout c) {
    try {
      return JSON.writeValueAsString(c);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static ChartLayout read(String json) {
    try {
      return JSON.readValue(json, ChartLayout.class);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
