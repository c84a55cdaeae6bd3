package dev.tdsim.report;

import static dev.tdsim.format.Durations.budget;
import static dev.tdsim.format.Durations.roundedMs;
import static dev.tdsim.format.Durations.roundedMsNumber;
import static dev.tdsim.format.Durations.tenthsMs;

import com.google.common.html.HtmlEscapers;
import dev.tdsim.pipeline.HeightRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The one self-contained page a person reads first: verdicts, critical path, scenario. */
public final class HtmlReport {
  private HtmlReport() {}

  public static void write(Path dir, RunSummary s, List<HeightRecord> heights, String scenarioYaml)
      throws IOException {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>tdsim: ")
        .append(esc(s.scenario())).append("</title><style>")
        .append("body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}")
        .append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;")
        .append("padding:4px 10px;text-align:right}th{background:#eee}.yes{color:#070;")
        .append("font-weight:bold}.no{color:#b00;font-weight:bold}pre{background:#f6f6f6;")
        .append("padding:1em;overflow:auto}.headline{font-size:1.2em;padding:0.3em 0.8em;")
        .append("border-left:4px solid #0072B2;background:#f3f8fc}")
        // fault kinds (bad-share, withhold-share) stay on one line: a break at the hyphen reads
        // as two words
        .append("td.kind{white-space:nowrap}</style></head><body>");
    // A wrong plaintext or a fork is read before anything else.
    for (String alarm : s.alarms()) {
      // styled inline: a page without alarms keeps its stylesheet
      h.append("<p class=\"alarm\" style=\"font-size:1.2em;padding:0.3em 0.8em;border-left:4px"
          + " solid #b00;background:#fdeeee;color:#b00\"><b>").append(esc(alarm)).append("</b></p>");
    }
    h.append("<h1>Does decryption fit? ").append(esc(s.scenario())).append("</h1>");
    h.append("<p class=\"headline\"><b>").append(esc(s.headline().text())).append("</b></p>");
    RunSummary.loadWarning(s).ifPresent(w -> h.append("<p class=\"warning\" style=\""
        + "border-left:4px solid #b60;padding:0.2em 0.8em;background:#fff4e5\">").append(esc(w))
        .append("</p>"));
    h.append("<p>Variant <b>").append(esc(s.variant())).append("</b>, timing <b>")
        .append(esc(s.timing())).append("</b>, decryption <b>").append(esc(s.schedule()))
        .append("</b>, consensus simulated <b>").append(esc(s.consensusMode()))
        .append("</b>, seed ").append(s.seed()).append(", ").append(heights.size())
        .append(" heights. tdsim ").append(esc(s.tdsimVersion())).append(".</p>");
    if (s.judgedTime() == null) {
      everyColumnTable(h, s); // a summary written before the judged time was taken apart
    } else {
      budgetTable(h, s, s.judgedTime());
    }
    h.append("</table><p>A budget B stands for a chain tuned to block interval B (its commit"
        + " pause is B minus its consensus time). A budget fits when at least 95% of heights fit"
        + " it. The judged time of a height is its consensus time (proposal to the first commit,"
        + " with every validator's signature, validation and disk costs) plus the decryption"
        + " latency and the execution of the decrypted block when these must finish before the"
        + " next block, or the slower of the two stages when they run one block behind. When"
        + " decryption streams behind ordering, a height needs only the chain's own time per"
        + " block (" + esc(s.chain().paceOrSequential().perBlock()) + ") and the budget also"
        + " needs decryption to keep pace. Keeps pace: the run's phases replayed at one block"
        + " per B, or per the chain's own time where that is longer (each validator decrypting one block at a time, executing in order) leave no"
        + " growing backlog of blocks waiting for keys (utilisation of the busiest decryption"
        + " queue below 1). Added: how much later a block is executed than on the same chain"
        + " without decryption.</p>");
    if (s.judgedTime() != null) {
      h.append(UNCERTAINTY_WORDS);
    }
    if (s.payloads() != null) {
      s.payloads().line().ifPresent(l -> h.append("<p class=\"payloads\">").append(esc(l))
          .append(". A refused payload is a correct outcome, not an error; a height never"
              + " decrypted keeps its row in heights.csv and counts as fitting no budget.</p>"));
    }
    if (s.faults() != null) {
      faults(h, s.faults());
    }
    if (s.dkg() != null) {
      h.append("<h2>Key epochs and DKGs</h2><p>Each key set after the dealer's (or every one,"
          + " under keys.setup: dkg) comes from the weighted PVSS DKG run over the simulated"
          + " network; heights committed before their epoch's key was ready waited for it to be"
          + " decrypted.</p><ul>");
      for (String line : Summaries.dkgLines(s)) {
        h.append("<li>").append(esc(line)).append("</li>");
      }
      h.append("</ul>");
    }
    if (s.mempool() != null) {
      mempool(h, s.mempool());
    }
    if (s.signing() != null) {
      h.append("<h2>Signing committee</h2><p>").append(esc(s.signing().line())).append(".</p>")
          .append("<p>At every committed height the committee ran its scheme's real protocol on"
              + " the block (every party's computation timed on this machine, the signature"
              + " checked by the scheme's standard verifier), its messages on the run's network"
              + " between the committee's validators. A height's judged time counts the slower"
              + " of decryption with execution and the signature.</p>");
    }
    CriticalPath c = s.criticalPath();
    h.append("<h2>Critical path (mean per height)</h2><table><tr><th>consensus</th>")
        .append("<th>share creation</th><th>share gossip</th><th>combine</th><th>check</th>")
        .append("<th>blame</th><th>decrypt</th><th>reshare</th><th>= decryption latency</th>")
        .append("</tr><tr>");
    for (double ms : new double[] {c.consensusMs(), c.shareCreationMs(), c.shareGossipMs(),
        c.combineMs(), c.checkMs(), c.blameMs(), c.decryptMs(), c.reshareMs(),
        c.decryptionLatencyMs()}) {
      h.append("<td>").append(roundedMsNumber(ms)).append(" ms</td>");
    }
    h.append("</tr></table><p>The decryption phases, share creation to reshare, add up to the"
        + " decryption latency. Check is the combined-result check of variants whose shares are"
        + " not verified; blame is finding faulty validators (failed verifications searched per"
        + " validator, failed checks and blame, block_propose calls short of honest shares);"
        + " reshare is the rest of the time after the first block_propose: new signer sets, new"
        + " shares, their travel and the later block_propose calls.</p>");
    List<String> why = WhyThisCost.notes(s, heights);
    if (!why.isEmpty()) {
      h.append("<h3>Why this cost</h3><ul class=\"why\">");
      for (String n : why) {
        h.append("<li>").append(esc(n)).append("</li>");
      }
      h.append("</ul>");
    }
    ChainTiming ch = s.chain();
    h.append("<h3>Inside consensus, and after decryption</h3><table><tr><th>network and"
        + " waiting</th><th>validation</th><th>signatures</th><th>WAL</th><th>execution</th>"
        + "</tr><tr><td>").append(roundedMsNumber(ch.networkMs())).append(" ms</td><td>")
        .append(roundedMsNumber(ch.validationMs())).append(" ms</td><td>")
        .append(roundedMsNumber(ch.signaturesMs())).append(" ms</td><td>")
        .append(roundedMsNumber(ch.walMs())).append(" ms</td><td>")
        .append(roundedMsNumber(ch.executionMs())).append(" ms</td></tr></table>");
    if (ch.certificate() != null) {
      h.append("<p>").append(esc(ch.certificate())).append(".</p>");
    }
    if (!Double.isNaN(ch.blockIntervalMs())) {
      h.append("<p>This scenario's own chain (").append(esc(ch.spacingWords()))
          .append(") decided a block every ").append(roundedMsNumber(ch.blockIntervalMs()))
          .append(" ms on average; ").append(roundedMsNumber(ch.decryptionStretchMs()))
          .append(" ms of that was proposers waiting for the previous block's decryption.</p>");
    }
    Headline headline = s.headline();
    dev.tdsim.pipeline.Schedule schedule = dev.tdsim.pipeline.Schedule.byName(s.schedule());
    if (heights.isEmpty()) { // a chain that halted before its first commit: empty axes say less
      h.append("<h2>Judged time per height</h2><p class=\"nochart\">No height was decided, so"
          + " there is nothing to chart.</p>");
    } else {
      charts(h, c, heights, s.verdicts(), headline, schedule, s.chain().paceOrSequential());
    }
    if (!s.notes().isEmpty()) {
      h.append("<h2>Notes</h2><ul>");
      for (String n : s.notes()) {
        h.append("<li>").append(esc(n)).append("</li>");
      }
      h.append("</ul>");
    }
    h.append("<h2>Counts</h2><table>");
    s.counts().forEach((k, v) -> h.append("<tr><th>").append(esc(k)).append("</th><td>")
        .append(v).append("</td></tr>"));
    h.append("</table><h2>Scenario (resolved, hash ").append(esc(s.scenarioHash()))
        .append(")</h2><pre>").append(esc(scenarioYaml)).append("</pre></body></html>\n");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(ReportWriter.HTML), h);
  }

  /**
   * What does not depend on the budget once, then per budget only what changes: fits
   * (borderline), heights fitting, headroom, and keeping pace and what decryption adds to
   * execution where these vary between budgets.
   */
  private static void budgetTable(StringBuilder h, RunSummary s, JudgedTime j) {
    List<Verdict> verdicts = s.verdicts();
    dev.tdsim.pipeline.Schedule schedule = dev.tdsim.pipeline.Schedule.byName(s.schedule());
    boolean paceColumn = !schedule.holdsNextProposal();
    boolean addedColumn = verdicts.stream().map(v -> roundedMs(v.addedP95Ms())).distinct()
        .count() > 1;
    h.append("<h2>Verdict per block-time budget</h2>");
    if (!verdicts.isEmpty()) {
      Verdict any = verdicts.get(0);
      h.append("<p>The same for every budget: decryption latency p50 ")
          .append(roundedMs(any.p50Ms())).append(", p95 ").append(roundedMs(any.p95Ms()))
          .append(", p99 ").append(roundedMs(any.p99Ms())).append("; judged p95 <b>")
          .append(roundedMs(j.p95Ms())).append("</b> = ")
          .append(roundedMs(j.withoutDecryptionP95Ms())).append(" without decryption + ")
          .append(roundedMs(j.decryptionAddsMs())).append(" decryption adds; ")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * j.confidence()))
          .append(" bootstrap interval of the judged p95 ").append(esc(Headline.interval(j)))
          .append(" over ").append(j.pooledHeights()).append(" heights of ")
          .append(j.replicates()).append(j.replicates() == 1 ? " replicate" : " replicates");
      if (j.replicates() > 1) {
        h.append(" (").append(esc(j.replicatesWhy())).append("; seeds ")
            .append(esc(j.replicateSeeds().toString())).append(", judged p95 per replicate ")
            .append(esc(String.join(", ", j.p95PerReplicateMs().stream()
                .map(ms -> roundedMs(ms)).toList()))).append(")");
      }
      if (!addedColumn) {
        h.append("; decryption delays execution by ").append(roundedMs(any.addedP50Ms()))
            .append(" p50, ").append(roundedMs(any.addedP95Ms())).append(" p95");
      }
      h.append(".</p>");
    }
    h.append("<table><tr><th>block time</th><th>fits</th><th>heights fitting</th>")
        .append("<th>headroom</th>");
    if (paceColumn) {
      h.append("<th>decryption keeps pace</th>");
    }
    if (addedColumn) {
      h.append("<th>added p50</th><th>added p95</th>");
    }
    h.append("</tr>");
    for (Verdict v : verdicts) {
      boolean borderline = !s.halted() && Boolean.TRUE.equals(v.borderline());
      h.append("<tr><td>").append(roundedMsNumber(v.blockTimeMs())).append(" ms</td><td class=\"")
          .append(s.halted() ? "no\">halted" : v.fits() ? "yes\">yes" : "no\">no")
          .append(borderline ? " (borderline)" : "").append("</td><td>")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * v.shareOfHeightsFitting()))
          .append("</td><td>").append(roundedMs(v.headroomMs())).append("</td>");
      if (paceColumn) {
        h.append("<td class=\"")
            .append(v.keepsPace() == null ? "\">-" : v.keepsPace() ? "yes\">yes" : "no\">no")
            .append(paceDetail(v)).append("</td>");
      }
      if (addedColumn) {
        h.append("<td>").append(roundedMs(v.addedP50Ms())).append("</td><td>")
            .append(roundedMs(v.addedP95Ms())).append("</td>");
      }
      h.append("</tr>");
    }
    // the table is closed by the explanation every verdict table shares
  }

  /** What the columns of {@link #budgetTable} add to the shared explanation. */
  private static final String UNCERTAINTY_WORDS = "<p>Headroom: the budget minus the judged"
      + " p95. Borderline: the budget lies inside the judged p95's bootstrap interval (the"
      + " heights resampled with replacement, from a stream seeded by the scenario's seed), so"
      + " other draws of the same heights could turn the verdict. Without decryption: the same"
      + " heights' judged time with the decryption stages taken out; what decryption adds is the"
      + " difference of the two p95s.</p>";

  /** The verdict table of a summary without its judged time taken apart: every column. */
  private static void everyColumnTable(StringBuilder h, RunSummary s) {
    h.append("<h2>Verdict per block-time budget</h2><table><tr><th>block time</th><th>fits</th>")
        .append("<th>heights fitting</th><th>decryption p50</th><th>p95</th><th>p99</th>")
        .append("<th>judged p95</th><th>decryption keeps pace</th><th>added p50</th>")
        .append("<th>added p95</th></tr>");
    for (Verdict v : s.verdicts()) {
      h.append("<tr><td>").append(roundedMsNumber(v.blockTimeMs())).append(" ms</td><td class=\"")
          .append(s.halted() ? "no\">halted" : v.fits() ? "yes\">yes" : "no\">no")
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * v.shareOfHeightsFitting()))
          .append("</td><td>").append(roundedMs(v.p50Ms())).append("</td><td>")
          .append(roundedMs(v.p95Ms())).append("</td><td>").append(roundedMs(v.p99Ms()))
          .append("</td><td>").append(roundedMs(v.judgedP95Ms())).append("</td><td class=\"")
          .append(v.keepsPace() == null ? "\">-" : v.keepsPace() ? "yes\">yes" : "no\">no")
          .append(paceDetail(v))
          .append("</td><td>").append(roundedMs(v.addedP50Ms())).append("</td><td>")
          .append(roundedMs(v.addedP95Ms())).append("</td></tr>");
    }
  }

  /** " (utilisation 0.42, 3 blocks waiting)" where the replay ran, else "". */
  private static String paceDetail(Verdict v) {
    return v.decryptionUtilisation() == null || Double.isNaN(v.decryptionUtilisation()) ? ""
        : String.format(Locale.ROOT, " (utilisation %.2f, at most %d blocks waiting for keys)",
            v.decryptionUtilisation(), v.maxBlocksWaitingForKeys());
  }

  /** The critical-path chart, then the per-height chart with what it shows. */
  private static void charts(StringBuilder h, CriticalPath c, List<HeightRecord> heights,
      List<Verdict> verdicts, Headline headline, dev.tdsim.pipeline.Schedule schedule,
      dev.tdsim.consensus.BlockPace pace) {
    h.append("<img alt=\"critical path\" src=\"")
        .append(Charts.dataUri(Charts.criticalPath(c, "Critical path, mean height"), 900, 220))
        .append("\">");
    h.append("<h2>Judged time per height</h2><img alt=\"judged time per height\" src=\"")
        .append(Charts.dataUri(Charts.perHeight(heights, verdicts, schedule, pace,
            headline.closestBudgetMs()), 900, 320)).append("\"><p>Bold: the judged time of each"
            + " height (").append(esc(schedule.judgedTime())).append("), what the verdict"
            + " compares with the budgets (dashed).");
    if (headline.closestBudgetMs() != null) {
      h.append(" Red crosses: heights that miss ")
          .append(esc(budget(headline.closestBudgetMs())))
          .append(", the closest budget of the headline.");
    }
    h.append(" Thin: its two stages, consensus and decryption latency + execution.</p>");
  }

  /**
   * A fault's start in simulated time: "start" for one that is on from the run's start (every
   * fault without {@code from}, e.g. one bounded by heights only), else the time.
   */
  private static String fromText(double fromMs) {
    return fromMs == 0 ? "start" : roundedMs(fromMs);
  }

  /** The fault timeline, halts, and what each fault cost. */
  private static void faults(StringBuilder h, FaultsReport f) {
    h.append("<h2>Faults</h2><ul>");
    for (String line : FaultSummary.lines(f)) {
      h.append("<li>").append(esc(line)).append("</li>");
    }
    h.append("</ul><h3>Fault timeline</h3><table><tr><th>#</th><th>kind</th><th>whom</th>")
        .append("<th>stake</th><th>from</th><th>until</th><th>heights</th></tr>");
    for (FaultsReport.TimelineEntry t : f.timeline()) {
      h.append("<tr><td>").append(t.index()).append("</td><td class=\"kind\">")
          .append(esc(t.kind())).append("</td><td>").append(esc(String.valueOf(t.validators())))
          .append("</td><td>").append(String.format(Locale.ROOT, "%.1f%%", 100 * t.stakeShare()))
          .append("</td><td>").append(fromText(t.fromMs())).append("</td><td>")
          .append(t.untilMs() == null ? "never" : roundedMs(t.untilMs()))
          .append("</td><td>").append(t.fromHeight()).append(" to ")
          .append(t.untilHeight() == null ? "end" : t.untilHeight() - 1)
          .append("</td></tr>");
    }
    FaultsReport.Cost cost = f.cost();
    h.append("</table><h3>What each fault cost (heights it was active at)</h3><table><tr>")
        .append("<th>#</th><th>kind</th><th>heights active</th><th>mean block interval</th>")
        .append("<th>extra rounds</th></tr>");
    for (FaultsReport.FaultCost p : cost.perFault()) {
      h.append("<tr><td>").append(p.index()).append("</td><td class=\"kind\">")
          .append(esc(p.kind())).append("</td><td>")
          .append(p.heightsActive()).append("</td><td>")
          .append(roundedMs(p.meanIntervalMs()))
          .append("</td><td>").append(p.extraRounds()).append("</td></tr>");
    }
    h.append("<tr><td></td><td>no fault</td><td>").append(cost.heightsWithoutFaults())
        .append("</td><td>").append(roundedMs(cost.meanIntervalMsWithoutFaults()))
        .append("</td><td>").append(cost.extraRoundsWithoutFaults())
        .append("</td></tr></table><p>The block interval of a height runs from the previous"
            + " height's first commit to its own (it holds the commit pause, timeouts and extra"
            + " rounds a fault causes). Heights that were never committed have no verdict.")
        .append(cost.comparedFromHeight() == null ? "" : " Heights from "
            + cost.comparedFromHeight() + " on are compared, with and without faults alike:"
            + " each of their intervals holds one commit pause (height 1 has none before it).")
        .append("</p>");
    if (!f.shareFaults().isEmpty()) {
      h.append("<h3>What each share fault did to decryption</h3><table><tr><th>#</th>")
          .append("<th>kind</th><th>whom</th><th>heights active</th><th>named faulty</th>")
          .append("<th>mean blame</th><th>mean reshare</th><th>mean decryption latency</th>")
          .append("<th>without share faults</th></tr>");
      for (FaultsReport.ShareFaultCost x : f.shareFaults()) {
        h.append("<tr><td>").append(x.index()).append("</td><td class=\"kind\">")
            .append(esc(x.kind())).append("</td><td>")
            .append(esc(String.valueOf(x.validators()))).append("</td><td>")
            .append(esc(ShareFaultCosts.heights(x.heightsActive()))).append("</td><td>")
            .append(esc(String.valueOf(x.namedFaulty()))).append("</td><td>")
            .append(tenthsMs(x.meanBlameMs())).append("</td><td>")
            .append(tenthsMs(x.meanReshareMs())).append("</td><td>")
            .append(tenthsMs(x.meanDecryptionLatencyMs())).append("</td><td>")
            .append(tenthsMs(x.meanDecryptionLatencyMsWithoutShareFaults()))
            .append("</td></tr>");
      }
      h.append("</table><p>Means over the heights the fault was active at (simulated time on"
          + " the combiner's critical path): blame and reshare as in the critical path above."
          + " The named faulty are every validator the combiner named at those heights.</p>");
    }
  }

  private static String esc(String s) {
    return HtmlEscapers.htmlEscaper().escape(s == null ? "" : s);
  }

  /** The clients' transactions and the validators' mempools ({@link MempoolReport}). */
  private static void mempool(StringBuilder h, MempoolReport m) {
    h.append("<h2>Transactions and mempools</h2><p>").append(esc(m.line())).append(".</p>")
        .append("<table><tr><th>submission to</th><th>transactions</th><th>p50</th>")
        .append("<th>p95</th><th>p99</th><th>max</th></tr>");
    String[] names = {"commit (a chain without decryption would execute here)",
        "plaintexts", "execution"};
    MempoolReport.Percentiles[] rows = {m.toCommitMs(), m.toDecryptedMs(), m.toExecutedMs()};
    for (int i = 0; i < rows.length; i++) {
      MempoolReport.Percentiles p = rows[i];
      h.append("<tr><td>").append(esc(names[i])).append("</td><td>").append(p.n())
          .append("</td>");
      for (Double v : new Double[] {p.p50(), p.p95(), p.p99(), p.max()}) {
        h.append("<td>").append(v == null ? "-" : roundedMsNumber(v) + " ms").append("</td>");
      }
      h.append("</tr>");
    }
    h.append("</table><p>Each validator admits a transaction once (CheckTx: the design's"
        + " ciphertext check on its own cores, beside consensus), relays it to every peer it did"
        + " not get it from, and checks at block validation only the block's transactions it"
        + " did not admit. Latencies count from the client's first submission, over the"
        + " transactions of decrypted heights; a transaction sealed again for a later height"
        + " (designs that seal to one) keeps its first submission time.</p>");
  }
}
