package dev.tdsim.bench.mpc;

import dev.tdsim.bench.mpc.PaperFigures.Figure;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The MPC table's rows (medians over repetitions) and their Markdown rendering. */
public final class MpcTable {
  private MpcTable() {}

  /** No latency, (practically) infinite bandwidth: the schedule's compute alone. */
  static final MpcNetwork IDEAL = new MpcNetwork(0, Long.MAX_VALUE);

  static MpcRow row(MpcFunction function, String protocol, int t, int n, int shares, int rounds,
      long[] latency, long[] compute, long sizeBytes, long bytes, long sharesOnly,
      Optional<Figure> paper, String note) {
    long[] l = latency.clone();
    Arrays.sort(l);
    long[] c = compute.clone();
    Arrays.sort(c);
    return new MpcRow(function, protocol, t, n, shares, rounds, l[l.length / 2], l[0],
        l[l.length - 1], c[c.length / 2], sizeBytes, bytes, sharesOnly, paper, note);
  }

  /** The DKG table: issue 11's columns, each with the paper's figure and the ratio beside. */
  public static void printDkg(List<MpcRow> rows, PrintWriter out) {
    out.println("| (t, n) | protocol | DKG time: tdsim | paper | tdsim/paper | compute only"
        + " (ideal network) | share size: tdsim | paper | communication: tdsim (every byte) | tdsim, shares"
        + " only (paper's way) | paper | every byte/paper |");
    out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (MpcRow r : rows) {
      Optional<Figure> p = r.paper();
      out.println("| " + tn(r) + " | " + r.protocol() + " | " + time(r.latencyNanos())
          + " | " + p.map(f -> millis(f.latencyMillis())).orElse("-")
          + " | " + ratio(r.latencyRatio())
          + " | " + time(r.computeNanos())
          + " | " + size(r) + " | " + p.map(f -> bytes(f.sizeBytes())).orElse("-")
          + " | " + bytes(r.communicationBytes())
          + " | " + (r.sharesOnlyBytes() < 0 ? "-" : bytes(r.sharesOnlyBytes()))
          + " | " + p.map(f -> bytes(f.communicationBytes())).orElse("-")
          + " | " + ratio(r.communicationRatio()) + " |");
    }
    notes(rows, out);
    out.flush();
  }

  /** The signing table: issue 11's columns, with the paper's figure and the ratio beside. */
  public static void printSign(List<MpcRow> rows, PrintWriter out) {
    out.println("| protocol | (t, n) | signing latency: tdsim | paper | tdsim/paper | compute only"
        + " (ideal network) | signature size: tdsim | paper | communication: tdsim (every byte) |");
    out.println("|---|---|---|---|---|---|---|---|---|");
    for (MpcRow r : rows) {
      Optional<Figure> p = r.paper();
      out.println("| " + r.protocol() + " | " + tn(r) + " | " + time(r.latencyNanos())
          + " | " + p.map(f -> millis(f.latencyMillis())).orElse("-")
          + " | " + ratio(r.latencyRatio()) + " | " + time(r.computeNanos())
          + " | " + bytes(r.sizeBytes()) + " | " + p.map(f -> bytes(f.sizeBytes())).orElse("-")
          + " | " + bytes(r.communicationBytes()) + " |");
    }
    notes(rows, out);
    out.flush();
  }

  /**
   * The overhead table: each scheme's single-key signature against its threshold signing at the
   * paper's compared row, tdsim's factor beside the paper's.
   */
  public static void printOverhead(List<MpcRow> rows, PrintWriter out) {
    out.println("| scheme | single-key sign: tdsim | paper | threshold (t, n) | latency: tdsim |"
        + " paper | overhead: tdsim | paper |");
    out.println("|---|---|---|---|---|---|---|---|");
    for (MpcRow r : rows) {
      Optional<PaperFigures.Overhead> p = PaperFigures.overhead(r.protocol());
      out.println("| " + r.protocol() + " | " + time(r.singleKeyNanos()) + " | "
          + p.map(o -> String.format(java.util.Locale.ROOT, "%.0f us", o.singleKeyMicros()))
              .orElse("-")
          + " | " + tn(r) + " | " + time(r.latencyNanos()) + " | "
          + p.map(o -> millis(o.mpcMillis())).orElse("-") + " | " + ratio(r.overhead()) + " | "
          + p.map(o -> ratio(o.factor())).orElse("-") + " |");
    }
    notes(rows, out);
    out.flush();
  }

  /** Each row's note, once per run of rows with the same note. */
  private static void notes(List<MpcRow> rows, PrintWriter out) {
    String last = null;
    for (MpcRow r : rows) {
      if (!r.note().equals(last)) {
        out.println("- " + r.protocol() + " " + tn(r) + ": " + r.note());
        last = r.note();
      }
    }
  }

  static String tn(MpcRow r) {
    return r.shares() == r.parties() ? "(" + r.threshold() + ", " + r.parties() + ")"
        : "(" + r.threshold() + " of " + r.shares() + " shares, " + r.parties() + " validators)";
  }

  private static String size(MpcRow r) {
    return r.shares() == r.parties() ? bytes(r.sizeBytes())
        : bytes(r.sizeBytes()) + " (mean; 32 B a point)";
  }

  static String time(long nanos) {
    double ms = nanos / 1e6;
    return ms >= 1000 ? String.format(Locale.ROOT, "%.2f s", ms / 1000)
        : String.format(Locale.ROOT, "%.2f ms", ms);
  }

  private static String millis(double ms) {
    return ms >= 1000 ? String.format(Locale.ROOT, "%.1f s", ms / 1000)
        : String.format(Locale.ROOT, "%s ms", ms == Math.rint(ms) ? Long.toString((long) ms)
            : Double.toString(ms));
  }

  static String bytes(long b) {
    return String.format(Locale.ROOT, "%,d B", b);
  }

  private static String ratio(double r) {
    return Double.isFinite(r) ? String.format(Locale.ROOT, "%.3gx", r) : "-";
  }
}
