package dev.tdsim.bench;

import dev.tdsim.costs.VoteCosts;
import dev.tdsim.crypto.sig.VoteSignatureScheme;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The vote functions of {@code tdsim bench}: per signature scheme, the CPU time of single
 * {@code sign} and {@code verify} calls on distinct CometBFT canonical votes, one thread, after
 * the same warm-up as the simulator's own measurement ({@link VoteCosts#time}).
 */
final class VoteBench {
  /** Timed calls per scheme (or {@code --reps}, if larger): single calls are short and noisy. */
  static final int MIN_CALLS = 200;

  private final BenchSettings settings;
  private final PrintWriter out;
  private final Progress progress;

  VoteBench(BenchSettings settings, PrintWriter out, Progress progress) {
    this.settings = settings;
    this.out = out;
    this.progress = progress;
  }

  List<BenchRow> run(BenchCsv csv) {
    int calls = Math.max(MIN_CALLS, settings.reps());
    List<BenchRow> rows = new ArrayList<>();
    List<String[]> table = new ArrayList<>();
    for (String name : settings.schemes()) {
      VoteSignatureScheme scheme = VoteSignatureSchemes.byName(name);
      long t0 = System.nanoTime();
      VoteCosts.Timings t = VoteCosts.time(scheme, calls, VoteCosts.WARM_UP_CALLS);
      String[] line = {name, "-", "-", scheme.signatureBytes() + " B",
          scheme.publicKeyBytes() + " B", t.messageBytes() + " B"};
      for (BenchFunction f : settings.voteFunctions()) {
        Samples samples =
            new Samples(f == BenchFunction.VOTE_SIGN ? t.signNanos() : t.verifyNanos());
        BenchRow row = new BenchRow(f, name, 0, 0, 0, 1, t.messageBytes(), 1, samples, null,
            OptionalDouble.empty(), Optional.empty());
        csv.write(row);
        rows.add(row);
        line[f == BenchFunction.VOTE_SIGN ? 1 : 2] = micros(samples.medianNanos());
      }
      table.add(line);
      progress.step(String.format(Locale.ROOT, "%s: %d sign and verify calls timed", name, calls),
          System.nanoTime() - t0);
    }
    print(table, calls);
    return rows;
  }

  private void print(List<String[]> lines, int calls) {
    out.println();
    out.println("vote signatures: median CPU time of one call over " + calls
        + " calls on distinct CometBFT canonical votes, 1 thread");
    List<String[]> all = new ArrayList<>();
    all.add(new String[] {"scheme", "vote_sign", "vote_verify", "signature", "public key",
        "message"});
    all.addAll(lines);
    int[] width = new int[6];
    for (String[] l : all) {
      for (int c = 0; c < l.length; c++) {
        width[c] = Math.max(width[c], l[c].length());
      }
    }
    for (int i = 0; i < all.size(); i++) {
      StringBuilder s = new StringBuilder("|");
      for (int c = 0; c < width.length; c++) {
        String text = all.get(i)[c];
        s.append(' ').append(text).append(" ".repeat(width[c] - text.length())).append(" |");
      }
      out.println(s);
      if (i == 0) {
        StringBuilder rule = new StringBuilder("|");
        for (int w : width) {
          rule.append(' ').append("-".repeat(w)).append(" |");
        }
        out.println(rule);
      }
    }
    out.flush();
  }

  static String micros(double nanos) {
    return String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
  }
}
