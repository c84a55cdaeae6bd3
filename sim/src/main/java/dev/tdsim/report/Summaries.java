package dev.tdsim.report;

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
    counts.put("share_bytes_per_validator_per_block",
        ScenarioRunner.shareBytesPerValidatorPerBlock(s, r.heights()));
    Map<String, Double> speed = new LinkedHashMap<>();
    double simSeconds = r.simulateNanos() / 1e9;
    speed.put("setup_s", r.setupNanos() / 1e9);
    speed.put("simulate_s", simSeconds);
    speed.put("events_per_s", simSeconds > 0 ? r.events() / simSeconds : 0);
    double cpuSeconds = r.simulateCpuNanos() / 1e9;
    speed.put("simulate_cpu_s", cpuSeconds);
    speed.put("messages_per_cpu_s", cpuSeconds > 0 ? r.messages() / cpuSeconds : 0);
    speed.put("heights_per_s", simSeconds > 0 ? r.heights().size() / simSeconds : 0);
    Map<String, String> machine = new LinkedHashMap<>();
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    machine.put("cores", String.valueOf(Runtime.getRuntime().availableProcessors()));
    machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty(
        "java.runtime.version"));
    machine.put("crypto", "blst via tech.pegasys:jblst 0.3.17 + JNA "
        + com.sun.jna.Native.VERSION);
    boolean halted = r.faults() != null && r.faults().halted() != null;
    RunSummary summary = new RunSummary(s.name(), s.seed(), s.hash(), version, machine, s.crypto().design(),
        r.timing(), s.crypto().schedule(), r.consensusMode(), r.realCryptoHeights(), counts,
        speed, Verdicts.judge(r.heights(), s.budgetsNanos(),
            Schedule.byName(s.crypto().schedule()), s.heights(), halted),
        Verdicts.criticalPath(r.heights()), ChainTiming.of(r.heights(), r.timeoutCommitNanos())
            .withCertificate(r.nodeCosts() == null ? null
                : r.nodeCosts().certificate().describe()),
        r.notes());
    if (r.faults() != null) {
      summary = summary.withFaults(FaultSummary.of(r.faults(), s.heights(), r.heights()));
    }
    if (r.dkg() != null) {
      summary = summary.withDkg(r.dkg().toMap());
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
    b.append(s.headline().text()).append(System.lineSeparator());
    b.append(String.format(Locale.ROOT, "%s: variant %s, timing %s, decryption %s, consensus %s%n",
        s.scenario(), s.variant(), s.timing(), s.schedule(), s.consensusMode()));
    b.append(String.format(Locale.ROOT, "%-11s %-5s %8s %10s %10s %10s %11s%n", "block time",
        "fits", "heights", "dec p50", "dec p95", "dec p99", "judged p95"));
    for (Verdict v : s.verdicts()) {
      b.append(String.format(Locale.ROOT, "%-11s %-5s %7.0f%% %10s %10s %10s %11s%n",
          fmtBudget(v.blockTimeMs()), s.halted() ? "halt" : v.fits() ? "yes" : "no",
          100 * v.shareOfHeightsFitting(), ms(v.p50Ms()), ms(v.p95Ms()), ms(v.p99Ms()),
          ms(v.judgedP95Ms())));
    }
    b.append("fits: at least 95% of heights fit budget B (a chain tuned to block interval B); a"
        + " height's judged time is " + Schedule.byName(s.schedule()).judgedTime())
        .append(System.lineSeparator());
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
          "this chain (timeout_commit %.0f ms): block interval %.1f ms, of which %.1f ms is"
              + " proposers waiting for decryption%n",
          ch.timeoutCommitMs(), ch.blockIntervalMs(), ch.decryptionStretchMs()));
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
   * The DKG lines of a summary (from its {@code dkg} section, so that a summary read back from
   * summary.json prints the same): one per epoch's DKG, then the heights that waited for a key.
   */
  @SuppressWarnings("unchecked")
  static List<String> dkgLines(RunSummary s) {
    List<String> out = new java.util.ArrayList<>();
    if (s.dkg() == null) {
      return out;
    }
    for (Map<String, Object> e : (List<Map<String, Object>>) s.dkg().get("epochs")) {
      Object d = e.get("duration_ms");
      Object t = e.get("threshold_ready_ms");
      List<?> crashed = (List<?>) e.get("dealers_crashed");
      Map<?, ?> rejected = (Map<?, ?>) e.get("dealers_rejected");
      out.add(String.format(Locale.ROOT, "dkg epoch %s (from height %s): started at %.1f ms%s;"
          + " key at t of the shares after %s, at every validator after %s; %s dealers"
          + " aggregated%s%s; %.2f MB sent", e.get("epoch"), e.get("first_height"),
          ((Number) e.get("start_ms")).doubleValue(),
          ((Number) e.get("start_height")).intValue() > 0
              ? " (height " + e.get("start_height") + " committed)" : "",
          t == null ? "never" : String.format(Locale.ROOT, "%.1f ms", ((Number) t).doubleValue()),
          d == null ? "never (" + e.get("validators_ready") + " validators got it)"
              : String.format(Locale.ROOT, "%.1f ms", ((Number) d).doubleValue()),
          e.get("dealers_aggregated"),
          crashed.isEmpty() ? "" : "; no transcript (crashed): " + crashed,
          rejected.isEmpty() ? "" : "; rejected: " + rejected, ((Number) e.get("bytes"))
              .doubleValue() / 1e6));
    }
    List<Map<String, Object>> waits =
        (List<Map<String, Object>>) s.dkg().get("heights_waiting_for_key");
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
        b.append(i > 0 ? ", " : "").append(waits.get(i).get("height")).append(String.format(
            Locale.ROOT, ": %.1f ms", ((Number) waits.get(i).get("wait_ms")).doubleValue()));
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

  /** {@code 473.2 ms}, or "-" for NaN (a percentile of no height: a chain that halted). */
  private static String ms(double ms) {
    return Double.isNaN(ms) ? "-" : String.format(Locale.ROOT, "%.1f ms", ms);
  }

  private static String fmtBudget(double ms) {
    return ms >= 1000 && ms % 1000 == 0 ? String.format(Locale.ROOT, "%.0f s", ms / 1000)
        : String.format(Locale.ROOT, "%.0f ms", ms);
  }

}
