package dev.tdsim.sweep;

import dev.tdsim.report.CriticalPath;
import dev.tdsim.report.RunSummary;
import dev.tdsim.report.Verdict;
import java.util.List;

/**
 * The outcome of one point (or probe) run: its summary and the decryption latency of every height.
 *
 * @param reused true when it was read back from an earlier run's folder instead of run
 */
public record PointResult(String id, String cellId, int replicate, RunSummary summary,
    double[] latenciesMs, boolean reused) {

  public List<Verdict> verdicts() {
    return summary.verdicts();
  }

  /** p50, p95 and p99 of the decryption latency (the same for every budget). */
  public double p50Ms() {
    return verdicts().get(0).p50Ms();
  }

  public double p95Ms() {
    return verdicts().get(0).p95Ms();
  }

  public double p99Ms() {
    return verdicts().get(0).p99Ms();
  }

  /** p95 of the judged time (consensus + decryption, or the slower one when pipelined). */
  public double judgedP95Ms() {
    return verdicts().get(0).judgedP95Ms();
  }

  public CriticalPath criticalPath() {
    return summary.criticalPath();
  }

  /** The highest consensus round any height needed (0: every height committed in round 0). */
  public long maxRound() {
    return count("max_round");
  }

  /** Consensus rounds beyond the first, over all heights. */
  public long extraRounds() {
    return count("extra_rounds");
  }

  /** Whether the chain halted (a fault's {@code consensus.halt_after}). */
  public boolean halted() {
    return summary.faults() != null && summary.faults().halted() != null;
  }

  /** Heights committed or proposed but never decrypted (0 in summaries written before it). */
  public long heightsNotDecrypted() {
    return count("heights_not_decrypted");
  }

  private long count(String name) {
    Long c = summary.counts().get(name);
    return c == null ? 0 : c;
  }

  public long mismatches() {
    Long m = summary.counts().get("plaintext_mismatches");
    return m == null ? 0 : m;
  }
}
