package dev.tdsim.bench.mpc;

import dev.tdsim.bench.Progress;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.signing.RoundSchedule;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Issue 11 D: the MPC latency table, reproduced and extended. For each row the real protocol runs
 * (blst), its measured compute and real wire sizes go through {@link RoundSchedule} on the {@link
 * MpcNetwork}, and the table prints tdsim's figure beside the paper's.
 */
public final class MpcBench {
  private final MpcSettings settings;
  private final PrintWriter out;
  private final Progress progress;

  public MpcBench(MpcSettings settings, PrintWriter out, Progress progress) {
    this.settings = settings;
    this.out = out;
    this.progress = progress;
  }

  /** The rows one function gives with these settings, in table order (unmeasured labels). */
  public static List<String> plannedRows(MpcFunction f, MpcSettings s) {
    return switch (f) {
      case FROST_SIGN -> FrostRows.planned(s);
      case SIGN_OVERHEAD -> OverheadRows.planned();
      case CGGMP21_SIGN -> {
        List<String> rows = labels(Cggmp21Rows.PAPER_ROWS);
        if (s.extended()) {
          rows.addAll(labels(Cggmp21Rows.EXTENDED_ROWS));
        }
        yield rows;
      }
      case DKG, THRESHOLD_SIGN -> {
        List<String> rows = labels(f == MpcFunction.DKG ? PaperFigures.DKG_ROWS
            : PaperFigures.SIGN_ROWS);
        if (s.extended()) {
          rows.add("(100, 150)");
          rows.add(s.shares() + " shares over " + s.validators() + " validators");
          if (f == MpcFunction.DKG) {
            rows.add(s.shares() + " shares over " + s.validators()
                + " validators, aggregate verified");
          }
        }
        yield rows;
      }
    };
  }

  private static List<String> labels(int[][] tn) {
    List<String> rows = new ArrayList<>();
    for (int[] r : tn) {
      rows.add("(" + r[0] + ", " + r[1] + ")");
    }
    return rows;
  }

  /** Measures every row, prints the tables on {@code out} and writes each row to the CSV. */
  public List<MpcRow> run(MpcCsv csv) {
    List<MpcRow> all = new ArrayList<>();
    MpcNetwork net = settings.network();
    int reps = settings.reps();
    for (MpcFunction f : settings.functions()) {
      StrongRandom random = SeededDrbg.of(settings.seed(), "bench.mpc." + f.cliName(), 0);
      List<MpcRow> rows = new ArrayList<>();
      if (f == MpcFunction.SIGN_OVERHEAD) {
        rows.addAll(OverheadRows.all(settings, random, row -> measure(csv, row)));
        out.println("Single-key signing against threshold signing, on a " + describe(net)
            + " network (" + reps + " reps, median):");
        MpcTable.printOverhead(rows, out);
      } else if (f == MpcFunction.FROST_SIGN) {
        rows.addAll(FrostRows.all(settings, random, row -> measure(csv, row)));
        out.println("FROST(Ed25519, SHA-512) signing on a " + describe(net) + " network (" + reps
            + " reps, median):");
        MpcTable.printSign(rows, out);
      } else if (f == MpcFunction.DKG) {
        DkgRows.feldman(15, 21, 1, net, random.split()); // warm-up, not reported
        for (int[] r : PaperFigures.DKG_ROWS) {
          rows.add(measure(csv, () -> DkgRows.feldman(r[0], r[1], reps, net, random.split())));
        }
        if (settings.extended()) {
          rows.add(measure(csv, () -> DkgRows.feldman(100, 150, reps, net, random.split())));
          rows.add(measure(csv, () -> DkgRows.pvss(settings.shares(), settings.validators(),
              reps, settings.threads(), false, net, random.split())));
          rows.add(measure(csv, () -> DkgRows.pvss(settings.shares(), settings.validators(),
              reps, settings.threads(), true, net, random.split())));
        }
        out.println("DKG on a " + describe(net) + " network (" + reps + " reps, median):");
        MpcTable.printDkg(rows, out);
      } else if (f == MpcFunction.CGGMP21_SIGN) {
        rows.addAll(cggmp21(csv, net, reps, random));
      } else {
        SignRows.unweighted(7, 10, 3, net, random.split()); // warm-up, not reported
        for (int[] r : PaperFigures.SIGN_ROWS) {
          rows.add(measure(csv, () -> SignRows.unweighted(r[0], r[1], reps, net, random.split())));
        }
        if (settings.extended()) {
          rows.add(measure(csv, () -> SignRows.unweighted(100, 150, reps, net, random.split())));
          rows.add(measure(csv, () -> SignRows.weighted(settings.shares(), settings.validators(),
              reps, net, random.split())));
        }
        out.println("Threshold BLS signing on a " + describe(net) + " network (" + reps
            + " reps, median):");
        MpcTable.printSign(rows, out);
      }
      out.println();
      out.flush();
      all.addAll(rows);
    }
    return all;
  }

  /** Issue 24: CGGMP21 presigning and signing per (t, n), and plain ECDSA, printed. */
  private List<MpcRow> cggmp21(MpcCsv csv, MpcNetwork net, int reps, StrongRandom random) {
    Cggmp21Rows.KeyPool pool = new Cggmp21Rows.KeyPool(
        dev.tdsim.crypto.cggmp21.SecurityParams.PAPER, random.split());
    List<MpcRow> rows = new ArrayList<>();
    Cggmp21Rows.run(2, 3, 1, net, pool, random.split()); // warm-up, not reported
    List<int[]> tn = new ArrayList<>(List.of(Cggmp21Rows.PAPER_ROWS));
    if (settings.extended()) {
      tn.addAll(List.of(Cggmp21Rows.EXTENDED_ROWS));
    }
    for (int[] r : tn) {
      long t0 = System.nanoTime();
      List<MpcRow> both = Cggmp21Rows.run(r[0], r[1], reps, net, pool, random.split());
      both.forEach(csv::write);
      progress.step("cggmp21_sign " + MpcTable.tn(both.get(0)) + ": presign "
          + MpcTable.time(both.get(0).latencyNanos()) + ", sign "
          + MpcTable.time(both.get(1).latencyNanos()), System.nanoTime() - t0);
      rows.addAll(both);
    }
    rows.add(measure(csv, () -> Cggmp21Rows.plainEcdsa(1000, random.split())));
    out.println("CGGMP21 threshold ECDSA on a " + describe(net) + " network (" + reps
        + " reps, median):");
    MpcTable.printSign(rows, out);
    return rows;
  }

  private MpcRow measure(MpcCsv csv, Supplier<MpcRow> row) {
    long t0 = System.nanoTime();
    MpcRow r = row.get();
    csv.write(r);
    progress.step(r.function().cliName() + " " + r.protocol() + " " + MpcTable.tn(r) + ": "
        + MpcTable.time(r.latencyNanos()), System.nanoTime() - t0);
    return r;
  }

  static String describe(MpcNetwork n) {
    if (!n.regions().isEmpty()) {
      return String.format(java.util.Locale.ROOT, "%d-region (party i in %s, in turn), %.3g Gbps",
          n.regions().size(), String.join(", ", n.regions()), n.bitsPerSecond() / 1e9);
    }
    return String.format(java.util.Locale.ROOT, "%.3g ms one-way, %.3g Gbps",
        n.oneWayLatencyNanos() / 1e6, n.bitsPerSecond() / 1e9);
  }
}
