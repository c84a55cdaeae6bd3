package dev.tdsim.calibration;

import dev.tdsim.costs.CertificateTimings;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.timing.CertificateCost;
import dev.tdsim.timing.OpSize;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Each aggregating commit certificate scheme's costs over a grid of committees (equal stake):
 * at each committee the real scheme's calls timed by {@link CertificateTimings#measure}, then
 * per operation a {@link CostFit} over the calls' signers ({@code validators}) and key points
 * ({@code shares}), so that {@code timing: model} prices a certificate on any committee the same
 * in every run.
 */
final class CertificateCalibration {
  /**
   * The terms a certificate's call may depend on: a constant, its signers and their key points
   * (a call on one signer's part: a constant and its points).
   */
  static List<String> termsOf(CertificateCost.Op op) {
    return op.perSigner() ? List.of("const", "shares") : List.of("const", "validators", "shares");
  }

  private CertificateCalibration() {}

  /** Every aggregating scheme's fitted costs, and the measurements they were fitted to. */
  record Result(Map<String, CertificateCost> costs, List<Row> rows) {}

  /** One measured call: scheme, committee, operation, its size and single-thread CPU time. */
  record Row(String scheme, CalibrationSettings.KeySpec committee, CertificateCost.Op op,
      OpSize size, long nanos) {}

  /**
   * @param rounds measurements of each (scheme, committee); the median per operation is fitted
   */
  static Result measure(CalibrationSettings.CertificateGrid grid, int rounds,
      Consumer<String> info) {
    Map<String, CertificateCost> costs = new LinkedHashMap<>();
    List<Row> rows = new ArrayList<>();
    for (String scheme : CertificateSchemes.names()) {
      if (!CertificateSchemes.byName(scheme).aggregates()) {
        continue;
      }
      Map<CertificateCost.Op, List<OpSize>> sizes = new EnumMap<>(CertificateCost.Op.class);
      Map<CertificateCost.Op, List<Long>> nanos = new EnumMap<>(CertificateCost.Op.class);
      for (CalibrationSettings.KeySpec k : grid.committees()) {
        long t0 = System.nanoTime();
        Committee committee = Committee.equal(k.shares(), k.threshold(), k.validators());
        long[] stake = new long[k.validators()];
        Arrays.fill(stake, 1);
        List<CertificateTimings> runs = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
          runs.add(CertificateTimings.measure(scheme, VoteSignatureSchemes.DEFAULT, committee,
              stake));
        }
        for (CertificateCost.Op op : CertificateCost.Op.values()) {
          OpSize size = runs.get(0).shape().sizeOf(op);
          long median = runs.stream().mapToLong(t -> t.nanos(op)).sorted()
              .toArray()[rounds / 2];
          sizes.computeIfAbsent(op, o -> new ArrayList<>()).add(size);
          nanos.computeIfAbsent(op, o -> new ArrayList<>()).add(median);
          rows.add(new Row(scheme, k, op, size, median));
        }
        info.accept(String.format(Locale.ROOT, "certificate %s on %s: %d round%s in %.1f s",
            scheme, k, rounds, rounds == 1 ? "" : "s", (System.nanoTime() - t0) / 1e9));
      }
      Map<CertificateCost.Op, dev.tdsim.timing.CostModel.Coefficients> coefficients =
          new EnumMap<>(CertificateCost.Op.class);
      Map<CertificateCost.Op, dev.tdsim.timing.CostModel.Fit> fits =
          new EnumMap<>(CertificateCost.Op.class);
      for (CertificateCost.Op op : CertificateCost.Op.values()) {
        CostFit.Result f = CostFit.fit(sizes.get(op),
            nanos.get(op).stream().mapToDouble(Long::doubleValue).toArray(), termsOf(op));
        coefficients.put(op, f.coefficients());
        fits.put(op, f.quality());
      }
      costs.put(scheme, new CertificateCost(coefficients, fits));
    }
    return new Result(costs, rows);
  }
}
