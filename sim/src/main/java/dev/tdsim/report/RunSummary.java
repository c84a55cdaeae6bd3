package dev.tdsim.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * Everything {@code summary.json} holds about one run.
 *
 * @param consensusMode "exact" (every message an event) or "large-committee" (quorum arrival
 *     times per voting step)
 * @param realCryptoHeights heights at which the real crypto ran (all unless sampled)
 * @param counts heights, transactions, real crypto calls, events, messages
 * @param speed events per second and heights per second of the run (wall clock), CPU seconds
 * @param criticalPath mean ms per phase from proposal to plaintexts
 * @param chain what consensus time is made of, execution, and the achieved block interval
 * @param costCheck the cost model checked against the run's real calls under {@code timing:
 *     model} ({@code CostCheck.Summary.toMap()}: per operation the median measured/predicted
 *     ratio and call count, and a warning above 15%); null (left out of summary.json) when not
 *     checked
 * <p>summary.json also holds {@code headline} first: the answer in one line ({@link Headline},
 * derived from the fields below).
 *
 * @param faults the fault timeline, what the faults cost, halts and evidence ({@link
 *     FaultSummary#of}); null (left out) in a run without faults
 * @param dkg the key epochs' DKGs (per epoch: start, duration, dealers aggregated, crashed and
 *     rejected, bytes) and the heights that waited for a key ({@link DkgReport#of}); null
 *     (left out) in a run whose only key set came from the dealer
 * @param payloads what became of the payloads: opened correctly, correctly refused (with why),
 *     opened wrongly, and the heights never decrypted ({@link PayloadOutcomes}); null (left out)
 *     in a summary written before it was reported
 * @param mempool the clients' transactions and the validators' mempools ({@link MempoolReport});
 *     null (left out) in a run without a mempool
 * @param signing the signing committee's signatures per height ({@link SigningReport}); null (left
 *     out) in a run without a committee
 * @param judgedTime the judged p95 without decryption and what decryption adds to it, its
 *     bootstrap interval over the replicates' heights ({@link JudgedTime}); null (left out) in a
 *     summary written before it was reported
 * <p>summary.json holds {@code alarms} before the headline when the run opened a payload wrong
 * or consensus forked ({@link #alarms}; left out when there is none).
 */
@JsonPropertyOrder({"alarms", "headline"})
public record RunSummary(
    String scenario,
    long seed,
    String scenarioHash,
    String tdsimVersion,
    Map<String, String> machine,
    String variant,
    String timing,
    String schedule,
    String consensusMode,
    List<Integer> realCryptoHeights,
    Map<String, Long> counts,
    Map<String, Double> speed,
    List<Verdict> verdicts,
    CriticalPath criticalPath,
    ChainTiming chain,
    List<String> notes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Object> costCheck,
    @JsonInclude(JsonInclude.Include.NON_NULL) FaultsReport faults,
    @JsonInclude(JsonInclude.Include.NON_NULL) DkgReport dkg,
    @JsonInclude(JsonInclude.Include.NON_NULL) PayloadOutcomes payloads,
    @JsonInclude(JsonInclude.Include.NON_NULL) MempoolReport mempool,
    @JsonInclude(JsonInclude.Include.NON_NULL) JudgedTime judgedTime,
    @JsonInclude(JsonInclude.Include.NON_NULL) SigningReport signing) {

  /** A summary without a signing committee. */
  public RunSummary(String scenario, long seed, String scenarioHash, String tdsimVersion,
      Map<String, String> machine, String variant, String timing, String schedule,
      String consensusMode, List<Integer> realCryptoHeights, Map<String, Long> counts,
      Map<String, Double> speed, List<Verdict> verdicts, CriticalPath criticalPath,
      ChainTiming chain, List<String> notes, Map<String, Object> costCheck,
      FaultsReport faults, DkgReport dkg, PayloadOutcomes payloads, MempoolReport mempool,
      JudgedTime judgedTime) {
    this(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing, schedule,
        consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain, notes,
        costCheck, faults, dkg, payloads, mempool, judgedTime, null);
  }

  /** A summary without its judged time taken apart (as written before it was reported). */
  public RunSummary(String scenario, long seed, String scenarioHash, String tdsimVersion,
      Map<String, String> machine, String variant, String timing, String schedule,
      String consensusMode, List<Integer> realCryptoHeights, Map<String, Long> counts,
      Map<String, Double> speed, List<Verdict> verdicts, CriticalPath criticalPath,
      ChainTiming chain, List<String> notes, Map<String, Object> costCheck,
      FaultsReport faults, DkgReport dkg, PayloadOutcomes payloads, MempoolReport mempool) {
    this(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing, schedule,
        consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain, notes,
        costCheck, faults, dkg, payloads, mempool, null);
  }

  /** A summary without a mempool section. */
  public RunSummary(String scenario, long seed, String scenarioHash, String tdsimVersion,
      Map<String, String> machine, String variant, String timing, String schedule,
      String consensusMode, List<Integer> realCryptoHeights, Map<String, Long> counts,
      Map<String, Double> speed, List<Verdict> verdicts, CriticalPath criticalPath,
      ChainTiming chain, List<String> notes, Map<String, Object> costCheck,
      FaultsReport faults, DkgReport dkg, PayloadOutcomes payloads) {
    this(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing, schedule,
        consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain, notes,
        costCheck, faults, dkg, payloads, null);
  }

  /** A summary without its payload outcomes (as written before they were reported). */
  public RunSummary(String scenario, long seed, String scenarioHash, String tdsimVersion,
      Map<String, String> machine, String variant, String timing, String schedule,
      String consensusMode, List<Integer> realCryptoHeights, Map<String, Long> counts,
      Map<String, Double> speed, List<Verdict> verdicts, CriticalPath criticalPath,
      ChainTiming chain, List<String> notes, Map<String, Object> costCheck,
      FaultsReport faults, DkgReport dkg) {
    this(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing, schedule,
        consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain, notes,
        costCheck, faults, dkg, null);
  }

  /** A summary without DKGs. */
  public RunSummary(String scenario, long seed, String scenarioHash, String tdsimVersion,
      Map<String, String> machine, String variant, String timing, String schedule,
      String consensusMode, List<Integer> realCryptoHeights, Map<String, Long> counts,
      Map<String, Double> speed, List<Verdict> verdicts, CriticalPath criticalPath,
      ChainTiming chain, List<String> notes, Map<String, Object> costCheck,
      FaultsReport faults) {
    this(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing, schedule,
        consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain, notes,
        costCheck, faults, null);
  }

  /** A summary without faults. */
  public RunSummary(String scenario, long seed, String scenarioHash, String tdsimVersion,
      Map<String, String> machine, String variant, String timing, String schedule,
      String consensusMode, List<Integer> realCryptoHeights, Map<String, Long> counts,
      Map<String, Double> speed, List<Verdict> verdicts, CriticalPath criticalPath,
      ChainTiming chain, List<String> notes, Map<String, Object> costCheck) {
    this(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing, schedule,
        consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain, notes,
        costCheck, null);
  }

  /** A summary without a cost check. */
  public RunSummary(String scenario, long seed, String scenarioHash, String tdsimVersion,
      Map<String, String> machine, String variant, String timing, String schedule,
      String consensusMode, List<Integer> realCryptoHeights, Map<String, Long> counts,
      Map<String, Double> speed, List<Verdict> verdicts, CriticalPath criticalPath,
      ChainTiming chain, List<String> notes) {
    this(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing, schedule,
        consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain, notes,
        null);
  }

  /** The same summary with a cost check ({@code CostCheck.Summary.toMap()}). */
  public RunSummary withCostCheck(Map<String, Object> check) {
    return new RunSummary(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing,
        schedule, consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain,
        notes, check, faults, dkg, payloads, mempool, judgedTime, signing);
  }

  /** The same summary with a faults section ({@link FaultSummary#of}). */
  public RunSummary withFaults(FaultsReport section) {
    return new RunSummary(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing,
        schedule, consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain,
        notes, costCheck, section, dkg, payloads, mempool, judgedTime, signing);
  }

  /** The same summary with a DKG section ({@link DkgReport#of}). */
  public RunSummary withDkg(DkgReport section) {
    return new RunSummary(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing,
        schedule, consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain,
        notes, costCheck, faults, section, payloads, mempool, judgedTime, signing);
  }

  /** The same summary with its payload outcomes ({@link PayloadOutcomes}). */
  public RunSummary withPayloads(PayloadOutcomes section) {
    return new RunSummary(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing,
        schedule, consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain,
        notes, costCheck, faults, dkg, section, mempool, judgedTime, signing);
  }

  /** The same summary with its signing committee's section ({@link SigningReport#of}). */
  public RunSummary withSigning(SigningReport section) {
    return new RunSummary(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing,
        schedule, consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain,
        notes, costCheck, faults, dkg, payloads, mempool, judgedTime, section);
  }

  /** The same summary with its mempool section ({@link MempoolReport#of}). */
  public RunSummary withMempool(MempoolReport section) {
    return new RunSummary(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing,
        schedule, consensusMode, realCryptoHeights, counts, speed, verdicts, criticalPath, chain,
        notes, costCheck, faults, dkg, payloads, section, judgedTime, signing);
  }

  /**
   * The same summary with its judged time taken apart and its uncertainty ({@link JudgedTime}),
   * each verdict given its headroom and whether it is borderline.
   */
  public RunSummary withJudgedTime(JudgedTime judged) {
    List<Verdict> uncertain = verdicts.stream().map(v -> v.withUncertainty(judged)).toList();
    return new RunSummary(scenario, seed, scenarioHash, tdsimVersion, machine, variant, timing,
        schedule, consensusMode, realCryptoHeights, counts, speed, uncertain, criticalPath,
        chain, notes, costCheck, faults, dkg, payloads, mempool, judged, signing);
  }

  /** Whether some payload opened to a plaintext its client did not send (a bug of tdsim). */
  public boolean openedWrong() {
    return payloads != null && payloads.openedWrong() > 0;
  }

  /** Whether two validators committed different blocks at some height (a fork). */
  public boolean forked() {
    return faults != null && !faults.conflictingCommits().isEmpty();
  }

  /**
   * A warning to read with the answer when the chain did not keep up with its clients (a
   * mempool run): the verdicts then judge the blocks the chain made, which may have carried a
   * fraction of the load, or nothing (empty when it kept up or has no mempool).
   */
  static java.util.Optional<String> loadWarning(RunSummary s) {
    MempoolReport m = s.mempool();
    if (m == null || m.sustained()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("warning: the chain did not keep up with its clients ("
        + m.notSustained() + "), so the budgets judge the blocks it made, " + m.included()
        + " of " + m.submitted() + " transactions included, not the load offered");
  }

  /**
   * What must be read before the answer, the first lines of the console and of report.html: a
   * payload opened wrong, a fork. Empty for a run with neither.
   */
  @JsonProperty(value = "alarms", access = JsonProperty.Access.READ_ONLY)
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public List<String> alarms() {
    List<String> out = new java.util.ArrayList<>();
    if (openedWrong()) {
      out.add("WRONG PLAINTEXTS: " + payloads.openedWrong() + " payloads opened to a plaintext"
          + " their client did not send: this is a bug of tdsim, please report it (exit "
          + EXIT_OPENED_WRONG + ")");
    }
    if (forked()) {
      out.add("FORK: validators committed different blocks at heights "
          + faults.conflictingCommits() + ": consensus safety was violated (exit "
          + EXIT_FORK + ")");
    }
    return out;
  }

  /** The exit status of a run that opened a payload wrong (a bug of tdsim). */
  public static final int EXIT_OPENED_WRONG = 3;

  /** The exit status of a run in which consensus forked (and opened nothing wrong). */
  public static final int EXIT_FORK = 4;

  /**
   * The run's exit status: {@value #EXIT_OPENED_WRONG} when a payload opened wrong, else
   * {@value #EXIT_FORK} when consensus forked, else 0 (refused payloads, halts and never
   * decrypted heights are results, not errors).
   */
  public int exitStatus() {
    return openedWrong() ? EXIT_OPENED_WRONG : forked() ? EXIT_FORK : 0;
  }

  /** Whether the chain halted (heights after it have no verdict). */
  public boolean halted() {
    return faults != null && faults.halted() != null;
  }

  /** The answer in one line, derived from the verdicts and critical path ({@link Headline}). */
  @JsonProperty(value = "headline", access = JsonProperty.Access.READ_ONLY)
  public Headline headline() {
    return Headline.of(this);
  }
}
