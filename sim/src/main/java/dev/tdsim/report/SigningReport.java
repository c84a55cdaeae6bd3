package dev.tdsim.report;

import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.report.MempoolReport.Percentiles;
import dev.tdsim.scenario.SigningConfig;
import java.util.List;
import java.util.Locale;

/**
 * The {@code signing} section of summary.json: the committee that signed every committed block
 * (scenario section {@code signing}) and how long its signature took after the commit, over the
 * heights whose plaintexts were ready. A height's judged time counts the slower of decryption
 * with execution and the signature, so {@code signatureLast} says at how many heights the
 * signature, not decryption, set it.
 *
 * @param scheme the signing scheme
 * @param threshold t
 * @param parties n
 * @param start when the committee starts ({@code commit}, {@code presigned}, {@code pipelined})
 * @param afterCommitMs the signature's time after the first commit, simulated ms (0 when it was
 *     complete by then)
 * @param signatureLast heights at which the signature came after decryption and execution
 * @param heights heights counted
 * @param beyondDecryptionMeanMs mean over the heights of how much later the signature came than
 *     decryption and execution (0 at a height where it came first): the committee's part of the
 *     mean judged time, as a phase of the critical path
 */
public record SigningReport(String scheme, int threshold, int parties, String start,
    Percentiles afterCommitMs, int signatureLast, int heights, double beyondDecryptionMeanMs) {

  static SigningReport of(SigningConfig c, List<HeightRecord> heights) {
    List<HeightRecord> ready = heights.stream().filter(h -> h.status().plaintextsReady())
        .toList();
    long[] after = ready.stream().mapToLong(HeightRecord::committeeSignNanos).sorted().toArray();
    int last = (int) ready.stream().filter(
        h -> h.committeeSignNanos() > h.decryptionLatencyNanos() + h.executionNanos()).count();
    double beyond = ready.stream().mapToLong(h -> Math.max(0, h.committeeSignNanos()
        - h.decryptionLatencyNanos() - h.executionNanos())).average().orElse(0) / 1e6;
    return new SigningReport(c.scheme(), c.threshold(), c.parties(), c.start(),
        Percentiles.of(after), last, ready.size(), beyond);
  }

  /** The phase's name in bottlenecks. */
  public static final String PHASE = "signing committee";

  /** One line for the console summary. */
  public String line() {
    return String.format(Locale.ROOT, "signing committee: %s, %d of %d, start %s: signature"
        + " after the commit p50 %.1f ms, p95 %.1f ms; it came after decryption and execution"
        + " at %d of %d heights (there it set the judged time)", scheme, threshold, parties,
        start, afterCommitMs.p50() == null ? Double.NaN : afterCommitMs.p50(),
        afterCommitMs.p95() == null ? Double.NaN : afterCommitMs.p95(), signatureLast, heights);
  }
}
