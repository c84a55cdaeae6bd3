package dev.tdsim.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.tdsim.consensus.BlockPace;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.Schedule;
import dev.tdsim.random.RandomStreams;
import java.util.ArrayList;
import java.util.List;

/**
 * The judged time of a run taken apart, and how sure its p95 is ({@code judged_time} in
 * summary.json).
 *
 * <p>The decomposition is of the run at the scenario's own seed (replicate 0, whose heights are
 * heights.csv and whose verdicts are the table's): per height, judged = judged without the
 * decryption stages (the schedule's formula with decryption latency 0: consensus and execution
 * before the next block, the chain's own time per block when decryption is pipelined or
 * streamed) + what decryption adds. At the p95, {@code decryptionAddsMs} is the difference of
 * the two p95s, so {@code withoutDecryptionP95Ms + decryptionAddsMs = p95Ms} exactly: it is how
 * much lower the judged p95 would be without threshold decryption. It differs from a verdict's
 * {@code added_p95_ms} (the p95 of each height's own delay of its execution, which the slowest
 * heights of consensus and of decryption need not share).
 *
 * <p>The interval pools the judged times of every replicate's heights (replicates rerun the
 * scenario with seeds derived as sweeps derive theirs, {@code dev.tdsim.random.Seeds}) and is a
 * seeded percentile bootstrap of their p95 ({@link Bootstrap}): it says how much the p95 moves
 * with other draws of the same heights, not how the model differs from a real chain.
 *
 * @param p95Ms judged p95 of replicate 0 (every verdict's {@code judged_p95_ms})
 * @param withoutDecryptionP95Ms p95 of the same heights' judged time without decryption
 * @param decryptionAddsMs {@code p95Ms - withoutDecryptionP95Ms}
 * @param pooledP95Ms judged p95 over the heights of every replicate (= p95Ms with one)
 * @param intervalLowMs low end of the {@code confidence} bootstrap interval of pooledP95Ms
 * @param intervalHighMs its high end
 * @param confidence the interval's coverage (0.95)
 * @param resamples bootstrap resamples
 * @param pooledHeights decrypted heights pooled over the replicates
 * @param replicates runs of the scenario (1: only the scenario's own seed)
 * @param replicateSeeds each replicate's seed, replicate 0 first (the scenario's)
 * @param p95PerReplicateMs each replicate's judged p95, in the same order
 * @param replicatesWhy why more than one replicate ran ("set in the scenario", or the budget
 *     the first run's judged p95 was near); null with one replicate
 */
public record JudgedTime(
    double p95Ms,
    double withoutDecryptionP95Ms,
    double decryptionAddsMs,
    double pooledP95Ms,
    double intervalLowMs,
    double intervalHighMs,
    double confidence,
    int resamples,
    int pooledHeights,
    int replicates,
    List<Long> replicateSeeds,
    List<Double> p95PerReplicateMs,
    @JsonInclude(JsonInclude.Include.NON_NULL) String replicatesWhy) {

  public JudgedTime {
    replicateSeeds = List.copyOf(replicateSeeds);
    p95PerReplicateMs = List.copyOf(p95PerReplicateMs);
  }

  /** The random stream of the bootstrap: seeded by the scenario's seed, like every draw. */
  static final String BOOTSTRAP_STREAM = "report.judged-p95-bootstrap";

  /**
   * The judged time of {@code replicates} (each one run's decrypted heights, replicate 0 first)
   * run with {@code seeds}; the bootstrap draws from the stream {@value #BOOTSTRAP_STREAM} of
   * the first seed, so the same scenario and seed give the same interval.
   */
  public static JudgedTime of(List<List<HeightRecord>> replicates, List<Long> seeds,
      Schedule schedule, BlockPace pace, String replicatesWhy) {
    if (replicates.isEmpty() || replicates.size() != seeds.size()) {
      throw new IllegalArgumentException(replicates.size() + " replicates, " + seeds.size()
          + " seeds");
    }
    double[] first = Verdicts.judgedMs(replicates.get(0), schedule, pace, false);
    double p95 = Verdicts.percentile(first, 95);
    double without = Verdicts.percentile(
        Verdicts.judgedMs(replicates.get(0), schedule, pace, true), 95);
    List<Double> perReplicate = new ArrayList<>();
    List<Double> pooled = new ArrayList<>();
    for (List<HeightRecord> heights : replicates) {
      double[] judged = Verdicts.judgedMs(heights, schedule, pace, false);
      perReplicate.add(Verdicts.percentile(judged, 95));
      for (double j : judged) {
        pooled.add(j);
      }
    }
    double[] all = pooled.stream().mapToDouble(Double::doubleValue).toArray();
    Bootstrap.Interval interval = Bootstrap.of(all, 95, Bootstrap.RESAMPLES,
        Bootstrap.CONFIDENCE, new RandomStreams(seeds.get(0)).stream(BOOTSTRAP_STREAM, 0));
    return new JudgedTime(p95, without, p95 - without, Verdicts.percentile(all, 95),
        interval.low(), interval.high(), Bootstrap.CONFIDENCE, Bootstrap.RESAMPLES, all.length,
        replicates.size(), seeds, perReplicate, replicates.size() > 1 ? replicatesWhy : null);
  }

  /** Whether {@code budgetMs} lies inside the interval: the verdict there could go either way. */
  public boolean borderline(double budgetMs) {
    return intervalLowMs <= budgetMs && budgetMs <= intervalHighMs;
  }
}
