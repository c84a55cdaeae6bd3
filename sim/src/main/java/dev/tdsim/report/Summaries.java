package dev.tdsim.report;

import static dev.tdsim.format.Durations.budget;
import static dev.tdsim.format.Durations.tenthsMs;

import dev.tdsim.consensus.ProtocolSettings;
import dev.tdsim.pipeline.Schedule;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.Scenario;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Assembles a {@link RunSummary} from a run's result, and prints the console table. */
public final class Summaries {
  private Summaries() {}

  public static RunSummary of(ScenarioRunner.Result r, String version) {
    return of(List.of(r), version, null);
  }

  /**
   * The summary of a run with replicates: everything of the first (the scenario's own seed),
   * and the judged time taken apart with its interval over every replicate's heights ({@link
   * JudgedTime}); {@code replicatesWhy} says why more than one ran.
   */
  public static RunSummary of(List<ScenarioRunner.Result> replicates, String version,
      String replicatesWhy) {
    ScenarioRunner.Result r = replicates.get(0);
    Scenario s = r.scenario();
    ProtocolSettings settings = s.consensus().settings();
    JudgedTime judged = JudgedTime.of(
        replicates.stream().map(ScenarioRunner.Result::heights).toList(),
        replicates.stream().map(x -> x.scenario().seed()).toList(),
        Schedule.byName(s.crypto().schedule()), settings.pace(), replicatesWhy);
    return summary(r, version).withJudgedTime(judged);
  }

  private static RunSummary summary(ScenarioRunner.Result r, String version) {
    Scenario s = r.scenario();
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("heights", (long) r.heights().size());
    counts.put("transactions", r.heights().stream().mapToLong(h -> h.txCount()).sum());
    counts.put("payloads_decrypted", r.heights().stream().mapToLong(h -> h.opened()).sum());
    counts.put("plaintext_mismatches", r.mismatches());
    counts.put("real_crypto_calls", r.realCryptoCalls());
    counts.put("events", r.events());
    counts.put("messages", r.messages());
    counts.put("max_round", (long) r.maxRound());
    counts.put("extra_rounds", r.consensus().extraRounds());
    counts.put("heights_not_decrypted", (long) r.notDecrypted().size());
    counts.put("share_bytes_per_validator_per_block",
        ScenarioRunner.shareBytesPerValidatorPerBlock(s, r.heights()));
    long txMessages = r.mempool() == null ? 0 : r.mempool().validators().stream()
        .mapToLong(dev.tdsim.mempool.MempoolStats.Validator::gossipTxsSent).sum();
    if (r.mempool() != null) {
      counts.put("tx_messages", txMessages);
    }
    Map<String, Double> speed = new LinkedHashMap<>();
    double simSeconds = r.simulateNanos() / 1e9;
    speed.put("setup_s", r.setupNanos() / 1e9);
    speed.put("simulate_s", simSeconds);
    speed.put("events_per_s", simSeconds > 0 ? r.events() / simSeconds : 0);
    double cpuSeconds = r.simulateCpuNanos() / 1e9;
    speed.put("simulate_cpu_s", cpuSeconds);
    speed.put("messages_per_cpu_s", cpuSeconds > 0 ? r.messages() / cpuSeconds : 0);
    if (r.mempool() != null) {
      // each transaction message (one per transaction per link, as CometBFT sends them) is a
      // delivery, though a flush's batch of them is one event
      speed.put("all_messages_per_cpu_s",
          cpuSeconds > 0 ? (r.messages() + txMessages) / cpuSeconds : 0);
    }
    speed.put("heights_per_s", simSeconds > 0 ? r.heights().size() / simSeconds : 0);
    Map<String, String> machine = new LinkedHashMap<>();
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    machine.put("cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
    machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty(
        "java.runtime.version"));
    machine.put("crypto", "blst via tech.pegasys:jblst 0.3.17 + JNA "
        + com.sun.jna.Native.VERSION);
    boolean halted = r.faults() != null && r.faults().halted() != null;
    ProtocolSettings protocol = s.consensus().settings();
    RunSummary summary = new RunSummary(s.name(), s.seed(), s.hash(), version, machine, s.crypto().design(),
        r.timing(), s.crypto().schedule(), r.consensusMode(), r.realCryptoHeights(), counts,
        speed, Verdicts.judge(r.heights(), s.budgetsNanos(),
            Schedule.byName(s.crypto().schedule()), s.heights(), halted,
            r.notDecrypted().size(), protocol.pace(),
            s.crypto().combinerRule().everyValidatorCombines()),
        Verdicts.criticalPath(r.heights()), ChainTiming.of(r.heights(), r.timeoutCommitNanos(),
            protocol.pace(), protocol.blockSpacing())
            .withCertificate(r.nodeCosts() == null ? null
                : r.nodeCosts().certificate().describe(protocol.certificateWords())),
        r.notes()).withPayloads(PayloadOutcomes.of(r.heights(), r.notDecrypted()));
    if (r.faults() != null) {
      summary = summary.withFaults(FaultSummary.of(r.faults(), s.heights(), r.heights()));
    }
    if (r.dkg() != null) {
      summary = summary.withDkg(DkgReport.of(r.dkg()));
    }
    if (r.mempool() != null) {
      summary = summary.withMempool(MempoolReport.of(r.mempool(), r.heights()));
    }
    if (s.signing().isPresent()) {
      summary = summary.withSigning(SigningReport.of(s.signing().get(), r.heights()));
    }
    return r.costCheck() == null ? summary : summary.withCostCheck(r.costCheck());
  }

  /** The console table: the headline, one line per budget, then the critical path. */
  public static String table(RunSummary s) {
    return table(s, List.of());
  }

  /**
   * The console table with, after the critical path, one {@code why: ...} line per "Why this
   * cost" note of the report ({@link WhyThisCost#briefs}; none without heights).
   */
  public static String table(RunSummary s, List<dev.tdsim.pipeline.HeightRecord> heights) {
    StringBuilder b = new StringBuilder();
    for (String alarm : s.alarms()) {
      b.append(alarm).append(System.lineSeparator());
    }
    b.append(s.headline().text()).append(System.lineSeparator());
    RunSummary.loadWarning(s).ifPresent(w -> b.append(w).append(System.lineSeparator()));
    b.append(String.format(Locale.ROOT, "%s: variant %s, timing %s, decryption %s, consensus %s%n",
        s.scenario(), s.variant(), s.timing(), s.schedule(), s.consensusMode()));
    if (s.judgedTime() == null) {
      b.append(everyColumnTable(s)); // a summary written before the judged time was taken apart
    } else {
      b.append(budgetTable(s, s.judgedTime()));
    }
    if (s.payloads() != null) {
      s.payloads().line().ifPresent(l -> b.append(l).append(System.lineSeparator()));
    }
    if (s.mempool() != null) {
      b.append(s.mempool().line()).append(System.lineSeparator());
    }
    if (s.signing() != null) {
      b.append(s.signing().line()).append(System.lineSeparator());
    }
    CriticalPath c = s.criticalPath();
    ChainTiming ch = s.chain();
    b.append(String.format(Locale.ROOT,
        "critical path (mean ms): consensus %.1f (network %.1f, validation %.1f, signatures %.1f,"
            + " wal %.1f) | share creation %.1f | share gossip %.1f | combine %.1f%s |"
            + " decrypt %.1f%s = decryption latency %.1f | execution %.1f%n",
        c.consensusMs(), ch.networkMs(), ch.validationMs(), ch.signaturesMs(), ch.walMs(),
        c.shareCreationMs(), c.shareGossipMs(), c.combineMs(),
        optionalPhase("check", c.checkMs()) + optionalPhase("blame", c.blameMs()), c.decryptMs(),
        optionalPhase("reshare", c.reshareMs()), c.decryptionLatencyMs(), ch.executionMs()));
    if (ch.certificate() != null) {
      b.append(ch.certificate()).append(System.lineSeparator());
    }
    for (String why : WhyThisCost.briefs(s, heights)) {
      b.append("why: ").append(why).append(System.lineSeparator());
    }
    if (!Double.isNaN(ch.blockIntervalMs())) {
      b.append(String.format(Locale.ROOT,
          "this chain (%s): block interval %.1f ms, of which %.1f ms is"
              + " proposers waiting for decryption%n",
          ch.spacingWords(), ch.blockIntervalMs(), ch.decryptionStretchMs()));
    }
    if (s.faults() != null) {
      for (String line : FaultSummary.lines(s.faults())) {
        b.append(line).append(System.lineSeparator());
      }
    }
    for (String line : dkgLines(s)) {
      b.append(line).append(System.lineSeparator());
    }
    for (String n : s.notes()) {
      b.append("note: ").append(n).append(System.lineSeparator());
    }
    return b.toString();
  }

  /**
   * What does not depend on the budget, once (latencies, the judged p95 taken apart and its
   * interval), then one row per budget with only what changes: fits, heights fitting, headroom,
   * and whether decryption keeps pace and what it adds where these vary.
   */
  static String budgetTable(RunSummary s, JudgedTime j) {
    StringBuilder b = new StringBuilder();
    List<Verdict> verdicts = s.verdicts();
    Schedule schedule = Schedule.byName(s.schedule());
    // before-next holds the next proposal: decryption keeps pace exactly when the budget fits
    boolean paceColumn = !schedule.holdsNextProposal();
    boolean addedColumn = verdicts.stream().map(v -> tenthsMs(v.addedP95Ms())).distinct()
        .count() > 1;
    if (!verdicts.isEmpty()) {
      Verdict any = verdicts.get(0);
      b.append(String.format(Locale.ROOT, "every budget: decryption latency p50 %s, p95 %s, p99"
          + " %s; judged p95 %s = %s without decryption + %s decryption adds; %.0f%% interval"
          + " %s over %d heights of %d replicate%s%s%n", tenthsMs(any.p50Ms()),
          tenthsMs(any.p95Ms()), tenthsMs(any.p99Ms()), tenthsMs(j.p95Ms()),
          tenthsMs(j.withoutDecryptionP95Ms()), tenthsMs(j.decryptionAddsMs()),
          100 * j.confidence(), Double.isFinite(j.intervalLowMs())
              ? String.format(Locale.ROOT, "%.1f-%s", j.intervalLowMs(),
                  tenthsMs(j.intervalHighMs())) : "-", j.pooledHeights(), j.replicates(),
          j.replicates() == 1 ? "" : "s", addedColumn ? "" : "; added p95 "
              + tenthsMs(any.addedP95Ms())));
    }
    if (j.replicates() > 1) {
      b.append(String.format(Locale.ROOT, "replicates: %d (%s), seeds %s, judged p95 %s%n",
          j.replicates(), j.replicatesWhy(), j.replicateSeeds(), String.join(", ",
              j.p95PerReplicateMs().stream().map(ms -> tenthsMs(ms)).toList())));
    }
    b.append(String.format(Locale.ROOT, "%-11s %-16s %8s %11s", "block time", "fits", "heights",
        "headroom"));
    b.append(paceColumn ? String.format(Locale.ROOT, " %-6s", "pace") : "");
    b.append(addedColumn ? String.format(Locale.ROOT, " %10s", "added p95") : "");
    b.append(System.lineSeparator());
    for (Verdict v : verdicts) {
      String fits = s.halted() ? "halt" : v.fits() ? "yes" : "no";
      if (!s.halted() && Boolean.TRUE.equals(v.borderline())) {
        fits += " (borderline)";
      }
      b.append(String.format(Locale.ROOT, "%-11s %-16s %7.0f%% %11s", budget(v.blockTimeMs()),
          fits, 100 * v.shareOfHeightsFitting(), tenthsMs(v.headroomMs())));
      if (paceColumn) {
        b.append(String.format(Locale.ROOT, " %-6s",
            v.keepsPace() == null ? "-" : v.keepsPace() ? "keeps" : "behind"));
      }
      if (addedColumn) {
        b.append(String.format(Locale.ROOT, " %10s", tenthsMs(v.addedP95Ms())));
      }
      b.append(System.lineSeparator());
    }
    b.append("fits: at least 95% of heights fit budget B (a chain tuned to block interval B); a"
        + " height's judged time is " + schedule.judgedTime()).append(System.lineSeparator());
    b.append("headroom: B minus the judged p95; borderline: B lies inside the judged p95's"
        + " bootstrap interval (heights resampled, seeded), so other draws could turn the verdict;"
        + " without decryption: the same heights' judged time with the decryption stages taken"
        + " out").append(System.lineSeparator());
    b.append(paceColumn ? "pace: whether decryption keeps up with one block per B, or per the"
        + " chain's own " + s.chain().paceOrSequential().perBlock() + " where that is longer; "
        : "").append("added: how much later a block is executed than on the same chain without"
        + " decryption").append(System.lineSeparator());
    return b.toString();
  }

  /** The table of a summary without its judged time taken apart: every column on every row. */
  private static String everyColumnTable(RunSummary s) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "%-11s %-5s %8s %10s %10s %10s %11s %-6s %10s%n",
        "block time", "fits", "heights", "dec p50", "dec p95", "dec p99", "judged p95", "pace",
        "added p95"));
    for (Verdict v : s.verdicts()) {
      b.append(String.format(Locale.ROOT, "%-11s %-5s %7.0f%% %10s %10s %10s %11s %-6s %10s%n",
          budget(v.blockTimeMs()), s.halted() ? "halt" : v.fits() ? "yes" : "no",
          100 * v.shareOfHeightsFitting(), tenthsMs(v.p50Ms()), tenthsMs(v.p95Ms()),
          tenthsMs(v.p99Ms()), tenthsMs(v.judgedP95Ms()), v.keepsPace() == null ? "-" : v.keepsPace() ? "keeps" : "behind",
          tenthsMs(v.addedP95Ms())));
    }
    b.append("fits: at least 95% of heights fit budget B (a chain tuned to block interval B); a"
        + " height's judged time is " + Schedule.byName(s.schedule()).judgedTime())
        .append(System.lineSeparator());
    b.append("pace: whether decryption keeps up with one block per B, or per the chain's own "
        + s.chain().paceOrSequential().perBlock() + " where that is longer; added: how much later"
        + " a block is executed than on the same chain without decryption")
        .append(System.lineSeparator());
    return b.toString();
  }

  /**
   * The DKG lines of a summary (from its {@code dkg} section, so that a summary read back from
   * summary.json prints the same): one per epoch's DKG, then the heights that waited for a key.
   */
  static List<String> dkgLines(RunSummary s) {
    List<String> out = new java.util.ArrayList<>();
    if (s.dkg() == null) {
      return out;
    }
    for (DkgReport.Epoch e : s.dkg().epochs()) {
      out.add(String.format(Locale.ROOT, "dkg epoch %s (from height %s): started at %.1f ms%s;"
          + " key at t of the shares after %s, at every validator after %s; %s dealers"
          + " aggregated%s%s; %.2f MB sent", e.epoch(), e.firstHeight(), e.startMs(),
          e.startHeight() > 0 ? " (height " + e.startHeight() + " committed)" : "",
          e.thresholdReadyMs() == null ? "never" : tenthsMs(e.thresholdReadyMs()),
          e.durationMs() == null ? "never (" + e.validatorsReady() + " validators got it)"
              : tenthsMs(e.durationMs()),
          e.dealersAggregated(),
          e.dealersCrashed().isEmpty() ? "" : "; no transcript (crashed): " + e.dealersCrashed(),
          e.dealersRejected().isEmpty() ? "" : "; rejected: " + e.dealersRejected(),
          e.bytes() / 1e6));
    }
    List<DkgReport.KeyWait> waits = s.dkg().heightsWaitingForKey();
    StringBuilder b = new StringBuilder("heights waiting for a key: ");
    if (waits.isEmpty()) {
      b.append("none");
    } else {
      b.append(waits.size()).append(" (");
      for (int i = 0; i < waits.size(); i++) {
        if (i == 20) {
          b.append(", ...");
          break;
        }
        b.append(i > 0 ? ", " : "").append(waits.get(i).height()).append(": ")
            .append(tenthsMs(waits.get(i).waitMs()));
      }
      b.append(")");
    }
    out.add(b.toString());
    return out;
  }

  /** " | name x.x" for a phase that took time in this run, else "" (keeps fault-free runs short). */
  private static String optionalPhase(String name, double ms) {
    return ms > 0 ? String.format(Locale.ROOT, " | %s %.1f", name, ms) : "";
  }


}
