package dev.tdsim.sweep.engine;

import java.io.Serializable;

/**
 * What running a point gave, small and serialisable: either the point folder's files exactly as
 * {@code tdsim run} writes them ({@code heights.csv} and {@code summary.json}; the driver adds
 * {@code scenario.yaml} from its own scenario) with every height's decryption latency, or an error
 * (one line, and the stack trace for {@code error.txt}).
 *
 * @param runNanos wall time of the run where it ran
 * @param host where it ran (for the log; not written to any result file)
 */
public record PointOutcome(String id, byte[] heightsCsv, byte[] summaryJson,
    double[] latenciesMs, String error, String errorDetail, long runNanos, String host)
    implements Serializable {

  public static PointOutcome ok(String id, byte[] heightsCsv, byte[] summaryJson,
      double[] latenciesMs, long runNanos, String host) {
    return new PointOutcome(id, heightsCsv, summaryJson, latenciesMs, null, null, runNanos, host);
  }

  public static PointOutcome failed(String id, String error, String errorDetail, long runNanos,
      String host) {
    return new PointOutcome(id, null, null, null, error, errorDetail, runNanos, host);
  }

  public boolean failed() {
    return error != null;
  }
}
