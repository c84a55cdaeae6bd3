package dev.tdsim.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.tdsim.faults.FaultTimeline;
import dev.tdsim.faults.FaultWindow;
import dev.tdsim.faults.ResolvedFault;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code faults} section of summary.json, as the console and report.html read it (built by
 * {@link FaultSummary#of}). Times are simulated milliseconds; the JSON names are the snake_case
 * of the component names (summary.json's naming), in component order, and a null is written as
 * {@code null}: a sweep reads the section back into these records.
 *
 * @param timeline every fault with whom and when it hit
 * @param halted where the chain halted, or null when it did not
 * @param stalls the periods without quorum
 * @param cost block intervals and extra rounds of heights with and without faults
 * @param shareFaults what each share fault did to decryption ({@link ShareFaultCosts})
 * @param perHeight each committed height's round, block interval and active faults
 * @param droppedMessages messages (one per receiver) the faults dropped
 * @param evidenceDetections times an honest validator held two conflicting votes of one
 * @param equivocationsDetected distinct (validator, height, round) with conflicting votes
 * @param equivocators validators caught equivocating
 * @param conflictingCommits heights at which two validators committed different blocks
 * @param equivocation whether some fault makes validators equivocate
 * @param missing validators the combiner left out at some height only because their shares did
 *     not arrive in time (crashed, cut off, slow): missing, never named faulty (left out when
 *     none)
 * @param heightsWithMissing heights at which some validator was missing (null when none)
 * @param badPartials validators a commit certificate's combiner named for bad threshold-BLS
 *     partials (left out when none)
 */
public record FaultsReport(
    List<TimelineEntry> timeline,
    Halted halted,
    List<Stall> stalls,
    Cost cost,
    List<ShareFaultCost> shareFaults,
    List<HeightRow> perHeight,
    long droppedMessages,
    long evidenceDetections,
    int equivocationsDetected,
    List<Integer> equivocators,
    List<Integer> conflictingCommits,
    boolean equivocation,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Integer> missing,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer heightsWithMissing,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Integer> badPartials) {

  public FaultsReport {
    badPartials = badPartials == null ? List.of() : List.copyOf(badPartials);
    // a summary.json written before share faults (or the missing) were reported has none
    shareFaults = shareFaults == null ? List.of() : shareFaults;
    missing = missing == null ? List.of() : List.copyOf(missing);
  }

  /** A report without missing validators (as written before they were told apart). */
  public FaultsReport(List<TimelineEntry> timeline, Halted halted, List<Stall> stalls, Cost cost,
      List<ShareFaultCost> shareFaults, List<HeightRow> perHeight, long droppedMessages,
      long evidenceDetections, int equivocationsDetected, List<Integer> equivocators,
      List<Integer> conflictingCommits, boolean equivocation) {
    this(timeline, halted, stalls, cost, shareFaults, perHeight, droppedMessages,
        evidenceDetections, equivocationsDetected, equivocators, conflictingCommits, equivocation,
        List.of(), null, List.of());
  }

  /**
   * One fault of the timeline.
   *
   * @param untilMs null: until the run's end
   * @param untilHeight the first height it no longer covers; null: to the end
   * @param params the fault's own parameters (durations as {@code "250.0 ms"})
   * @param description the fault in one line ({@link FaultTimeline#describe})
   */
  public record TimelineEntry(int index, String kind, List<Integer> validators,
      double stakeShare, double fromMs, Double untilMs, int fromHeight, Integer untilHeight,
      Map<String, Object> params, String description) {

    static TimelineEntry of(ResolvedFault f) {
      FaultWindow w = f.window();
      Map<String, Object> params = new LinkedHashMap<>();
      f.spec().params().forEach((k, v) ->
          params.put(k, v instanceof Long nanos ? nanos / 1e6 + " ms" : v));
      return new TimelineEntry(f.index(), f.kind().name(), f.validators(), f.stakeShare(),
          w.fromNanos() / 1e6, w.hasUntil() ? w.untilNanos() / 1e6 : null, w.fromHeight(),
          w.hasUntilHeight() ? w.untilHeight() : null, params, FaultTimeline.describe(f));
    }
  }

  /** The chain halted at {@code height}: its last commit and when the run stopped. */
  public record Halted(int height, double lastCommitMs, double stoppedMs) {}

  /**
   * A period without quorum while the chain waited at {@code height}.
   *
   * @param quorumBackMs null: quorum never came back
   * @param resumedMs when {@code height} was then committed; null: it was not
   */
  public record Stall(int height, double quorumLostMs, Double quorumBackMs, Double resumedMs) {}

  /**
   * What the faults cost on the critical path: heights with a fault active against heights
   * without, like with like (both from {@code comparedFromHeight} on, where every block interval
   * holds one commit pause); a mean over no height is null.
   *
   * @param stalledMs time without quorum (+2/3 of the stake live and reaching each other) until
   *     the chain committed again (or the run stopped)
   * @param comparedFromHeight the first height compared (2: height 1 has no commit pause before
   *     it); null in a summary written before heights were compared like with like (every
   *     committed height was)
   * @param haltedWithQuorumMs time the chain halted while quorum held (no commit though +2/3
   *     were live and connected: a decryption or combiner stall, not a quorum loss); null when
   *     none
   */
  public record Cost(int heightsExpected, int heightsCommitted, int heightsWithFaults,
      Double meanIntervalMsWithFaults, long extraRoundsWithFaults, int heightsWithoutFaults,
      Double meanIntervalMsWithoutFaults, long extraRoundsWithoutFaults, double stalledMs,
      List<FaultCost> perFault,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer comparedFromHeight,
      @JsonInclude(JsonInclude.Include.NON_NULL) Double haltedWithQuorumMs) {}

  /** The heights one fault was active at: their mean block interval (null: none), extra rounds. */
  public record FaultCost(int index, String kind, int heightsActive, Double meanIntervalMs,
      long extraRounds) {}

  /**
   * What one share fault did to decryption: means over its active heights that were decrypted
   * (null: none was).
   *
   * @param namedFaulty every validator the combiner named faulty at those heights
   * @param heightsItsValidatorsNamed the heights at which one of its own validators was named
   * @param meanDecryptionLatencyMsWithoutShareFaults the same mean over heights without a share
   *     fault
   */
  public record ShareFaultCost(int index, String kind, List<Integer> validators,
      List<Integer> heightsActive, int heightsDecrypted, List<Integer> namedFaulty,
      int heightsItsValidatorsNamed, Double meanBlameMs, Double meanReshareMs,
      Double meanDecryptionLatencyMs, Double meanDecryptionLatencyMsWithoutShareFaults) {}

  /** One committed height: its deciding round, block interval and the faults active in it. */
  public record HeightRow(int height, int round, double intervalMs, List<Integer> active) {}
}
