package dev.tdsim.report;

import java.util.List;
import java.util.Map;

/**
 * Everything {@code summary.json} holds about one run.
 *
 * @param consensusMode "exact" (every message an event) or "aggregate" (quorum arrival times
 *     computed from sampled links)
 * @param realCryptoHeights heights at which the real crypto ran (all unless sampled)
 * @param counts heights, transactions, real crypto calls, events, messages
 * @param speed events per second and heights per second of the run (wall clock)
 * @param criticalPath mean ms per phase from proposal to plaintexts
 * @param chain what consensus time is made of, execution, and the achieved block interval
 */
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
    List<String> notes) {}
