package dev.tdsim.report;

import dev.tdsim.mempool.MempoolStats;
import dev.tdsim.pipeline.HeightRecord;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntToLongFunction;

/**
 * The {@code mempool} section of summary.json: what became of the clients' transactions, how long
 * each took from submission to its block's commit, decryption and execution (percentiles over the
 * transactions of decrypted heights), and the validators' mempools (over validators: mean and
 * largest). Times in simulated milliseconds.
 *
 * @param submitted transactions clients submitted
 * @param resealed transactions sealed again for a later height (designs that seal to one)
 * @param refusedAtEntry refused by a full mempool at their entry validator (lost)
 * @param tooLarge refused at their entry validator as larger than {@code max_tx_bytes}
 * @param included included in a block
 * @param pendingAtEnd submitted, neither refused nor included when the run ended
 * @param reincluded included again in a later block (a cache forgot them)
 * @param toCommitMs submission to the first commit of its block
 * @param toDecryptedMs submission to its block's plaintexts
 * @param toExecutedMs submission to its block's execution
 * @param heldMean time-averaged transactions held, mean over validators
 * @param heldMax the most any validator held at once
 * @param checkCpuShareMean share of a validator's cores CheckTx and rechecks took, mean
 * @param checkCpuShareMax the same, the busiest validator
 * @param gossipBytesPerValidator transaction gossip bytes a validator sent, mean
 * @param duplicatesPerTransaction copies a validator received again, per transaction accepted at
 *     its entry (a payload sealed again is a new transaction), mean over validators
 * @param refusedFull transactions validators refused from peers because their mempool was full
 * @param sustained whether the chain kept up with its clients ({@link #sustainedProblem}): nothing
 *     refused for a full mempool, the transactions of the later half of the heights no slower
 *     (p95 to commit) than 1.5 times those of the earlier half, and no more waiting at the end
 *     than were submitted within 1.5 such waits before the last submission (or two blocks'
 *     worth, whichever is more)
 * @param notSustained why not, in one clause; null when sustained
 */
public record MempoolReport(long submitted, long resealed, long refusedAtEntry, long tooLarge,
    long included,
    long pendingAtEnd, long reincluded, Percentiles toCommitMs, Percentiles toDecryptedMs,
    Percentiles toExecutedMs, double heldMean, int heldMax, double checkCpuShareMean,
    double checkCpuShareMax, double gossipBytesPerValidator, double duplicatesPerTransaction,
    long refusedFull, boolean sustained, String notSustained) {

  /** How much slower the later half of the heights' transactions may be and still keep up. */
  static final double LATER_HALF_SLOWDOWN = 1.5;
  /**
   * The fewest latencies in each half for their p95s to be compared: below 20 a p95 is the
   * largest of a handful, and two handfuls differ by 1.5x by chance (6 transactions at 1 tx/s
   * once read as a chain that did not keep up).
   */
  static final int MIN_LATENCIES_COMPARED = 20;

  /** p50, p95, p99 and max of a latency, ms; n how many transactions it is over. */
  public record Percentiles(long n, Double p50, Double p95, Double p99, Double max) {
    static Percentiles of(long[] sortedNanos) {
      int n = sortedNanos.length;
      if (n == 0) {
        return new Percentiles(0, null, null, null, null);
      }
      return new Percentiles(n, at(sortedNanos, 0.50), at(sortedNanos, 0.95),
          at(sortedNanos, 0.99), sortedNanos[n - 1] / 1e6);
    }

    /** Nearest rank. */
    private static double at(long[] sorted, double q) {
      int rank = (int) Math.ceil(q * sorted.length);
      return sorted[Math.max(0, rank - 1)] / 1e6;
    }
  }

  /** The section of a run: {@code heights} its decrypted heights' records. */
  public static MempoolReport of(MempoolStats m, List<HeightRecord> heights) {
    Map<Integer, HeightRecord> byHeight = new HashMap<>();
    heights.forEach(h -> byHeight.put(h.height(), h));
    IntToLongFunction decided = h -> time(byHeight, h, 0);
    IntToLongFunction decrypted = h -> time(byHeight, h, 1);
    IntToLongFunction executed = h -> time(byHeight, h, 2);
    List<MempoolStats.Validator> vs = m.validators();
    long duplicates = vs.stream().mapToLong(MempoolStats.Validator::duplicatesReceived).sum();
    String problem = sustainedProblem(m, heights, decided);
    long accepted = m.submitted() + m.resealed() - m.refusedAtEntry() - m.tooLarge();
    long included = m.included();
    return new MempoolReport(m.submitted(), m.resealed(), m.refusedAtEntry(), m.tooLarge(),
        included,
        m.submitted() - m.refusedAtEntry() - m.tooLarge() - included, m.reincluded(),
        Percentiles.of(m.latencies(decided)), Percentiles.of(m.latencies(decrypted)),
        Percentiles.of(m.latencies(executed)),
        vs.stream().mapToDouble(MempoolStats.Validator::meanHeld).average().orElse(0),
        vs.stream().mapToInt(MempoolStats.Validator::maxHeld).max().orElse(0),
        vs.stream().mapToDouble(MempoolStats.Validator::cpuShare).average().orElse(0),
        vs.stream().mapToDouble(MempoolStats.Validator::cpuShare).max().orElse(0),
        vs.stream().mapToLong(MempoolStats.Validator::gossipBytesSent).average().orElse(0),
        accepted <= 0 || vs.isEmpty() ? 0 : (double) duplicates / vs.size() / accepted,
        vs.stream().mapToLong(MempoolStats.Validator::refusedFull).sum(),
        problem == null, problem);
  }

  /**
   * Why the chain did not keep up with its clients (null: it did): a full mempool refused
   * transactions; the transactions included in the later half of the heights took more than
   * {@value #LATER_HALF_SLOWDOWN} times as long (p95, submission to commit) as those of the
   * earlier half, so the wait grows with time; the later half's blocks carried less than 1 /
   * {@value #LATER_HALF_SLOWDOWN} of what the clients sent in their time (one such wait earlier,
   * as a rate over the time they submitted in; when every one of those blocks was full, less
   * than what was sent), beyond three standard deviations of Poisson arrivals, so the backlog
   * grows; or more
   * transactions still waited at the end than
   * {@value #LATER_HALF_SLOWDOWN} times those submitted within one such wait (the earlier half's
   * p95) before the last submission, and at least two blocks' worth: a chain that keeps up has
   * only those in flight.
   */
  static String sustainedProblem(MempoolStats m, List<HeightRecord> heights,
      IntToLongFunction decided) {
    return sustainedProblem(m, heights.stream().mapToInt(HeightRecord::height).max().orElse(0),
        decided);
  }

  /** As above, over heights 1 to {@code lastHeight}. */
  static String sustainedProblem(MempoolStats m, int lastHeight, IntToLongFunction decided) {
    long copies = m.validators().stream().mapToLong(MempoolStats.Validator::refusedFull).sum();
    if (m.refusedAtEntry() + copies > 0) {
      // A gossiped transaction is refused by each full validator it reaches: the copies are not
      // transactions, so they are counted apart from the clients' submissions.
      return "full mempools refused " + m.refusedAtEntry() + " of " + m.submitted()
          + " submissions at their entry validator" + (copies == 0 ? "" : " and " + copies
          + " copies arriving later (by gossip or after CheckTx; counted at each validator)");
    }
    long included = m.included();
    if (included == 0 && m.resealed() > 0) {
      return "no transaction reached the block of the height it was sealed for (" + m.resealed()
          + " sealed again): the chain takes longer than workload.seal_ahead heights to carry a"
          + " transaction into a block; raise it";
    }
    int half = lastHeight / 2;
    long[] earlier = m.latencies(h -> h <= half ? decided.applyAsLong(h) : -1);
    long[] later = m.latencies(h -> h > half ? decided.applyAsLong(h) : -1);
    long wait = 0;
    if (earlier.length > 0) {
      double e = Percentiles.of(earlier).p95();
      wait = Math.round(e * 1e6);
      double l = later.length == 0 ? 0 : Percentiles.of(later).p95();
      if (l > LATER_HALF_SLOWDOWN * e && earlier.length >= MIN_LATENCIES_COMPARED
          && later.length >= MIN_LATENCIES_COMPARED) {
        return String.format(java.util.Locale.ROOT, "submission to commit p95 grew from %.0f ms"
            + " (heights 1-%d) to %.0f ms (heights %d-%d)", e, half, l, half + 1, lastHeight);
      }
    } else if (later.length > 0) {
      // The earlier half carried nothing (clients sealing several heights ahead, a pipeline
      // warming up): the later half's wait is the only one there is.
      wait = Math.round(Percentiles.of(later).p95() * 1e6);
    }
    long start = half >= 1 ? decided.applyAsLong(half) : -1;
    long end = decided.applyAsLong(lastHeight);
    if (start >= 0 && end > start) {
      // the later half's blocks must carry about what the clients sent in their time (shifted
      // by the wait): otherwise the backlog grows, whatever the few carried waited
      long carried = m.carriedBetween(half, lastHeight);
      // the clients' window, clipped to when they submitted, scaled to the heights' time
      long from = Math.max(start - wait, m.firstSubmitNanos() - 1);
      long to = end - wait;
      long inWindow = to > from ? m.submittedBetween(from, to) : 0;
      double sent = to > from ? (double) inWindow * (end - start) / (to - from) : 0;
      // a short run's later blocks are still filling (the chain was quicker while its blocks
      // were empty), so the same factor as for the wait, beyond the arrivals' Poisson spread
      // ... unless its blocks were full: then a shortfall beyond the Poisson spread is the
      // chain's capacity, not a transient
      double spread = 3 * Math.sqrt(sent);
      boolean full = m.fullBetween(half, lastHeight);
      if (inWindow > 0 && (full ? carried + spread < sent
          : carried * LATER_HALF_SLOWDOWN + spread < sent)) {
        double seconds = (end - start) / 1e9;
        return String.format(java.util.Locale.ROOT, "the blocks of heights %d-%d carried %d"
            + " transactions (%.0f tx/s%s) while clients sent %.0f in their time (%.0f tx/s)",
            half + 1, lastHeight, carried, carried / seconds, full ? ", every block full" : "",
            sent, sent / seconds);
      }
    }
    long pending = m.submitted() - m.refusedAtEntry() - m.tooLarge() - included;
    double perBlock = lastHeight == 0 ? 0 : (double) included / lastHeight;
    double inFlight = Math.max(2 * Math.max(1, perBlock),
        LATER_HALF_SLOWDOWN * m.submittedWithin(wait));
    if (pending > inFlight) {
      return String.format(java.util.Locale.ROOT, "%d transactions still waiting at the end"
          + " (%.0f per block; %.0f would be in flight)", pending, perBlock, inFlight);
    }
    return null;
  }

  /** The console's line: what became of the transactions, their latency, the mempools. */
  public String line() {
    return String.format(java.util.Locale.ROOT, "mempool: %d submitted, %d sealed again, %d"
        + " refused at entry (%d too large), %d included, %d pending; submit to commit p50 %s,"
        + " p95 %s (where a chain without decryption executes), to executed p50 %s, p95 %s;"
        + " held mean %.0f (max %d); CheckTx CPU %.1f%% mean, %.1f%% max; gossip %.1f MB per"
        + " validator, %.1f duplicates per transaction; %s", submitted, resealed,
        refusedAtEntry + tooLarge, tooLarge, included, pendingAtEnd, ms(toCommitMs.p50()),
        ms(toCommitMs.p95()), ms(toExecutedMs.p50()), ms(toExecutedMs.p95()), heldMean, heldMax,
        100 * checkCpuShareMean, 100 * checkCpuShareMax, gossipBytesPerValidator / 1e6,
        duplicatesPerTransaction,
        sustained ? "kept up with its clients" : "did not keep up: " + notSustained);
  }

  private static String ms(Double v) {
    return v == null ? "-" : String.format(java.util.Locale.ROOT, "%.0f ms", v);
  }

  /** The height's decision (0), plaintexts (1) or execution (2), ns; -1 if not decrypted. */
  private static long time(Map<Integer, HeightRecord> byHeight, int height, int which) {
    HeightRecord h = byHeight.get(height);
    if (h == null) {
      return -1;
    }
    long t = h.decidedNanos();
    if (which >= 1) {
      t += h.decryptionLatencyNanos();
    }
    if (which >= 2) {
      t += h.executionNanos();
    }
    return t;
  }
}
