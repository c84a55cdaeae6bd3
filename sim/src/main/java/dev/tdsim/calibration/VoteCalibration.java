package dev.tdsim.calibration;

import dev.tdsim.costs.VoteCosts;
import dev.tdsim.crypto.sig.VoteSignatureScheme;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.timing.CostModel;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each vote signature scheme's sign and verify time, single core: the median of
 * {@value #ROUNDS} rounds of {@link VoteCosts#measure} (each the median of 64 calls), so that
 * {@code timing: model} charges consensus signatures from the calibration file, reproducibly.
 */
final class VoteCalibration {
  private static final int ROUNDS = 5;

  private VoteCalibration() {}

  static Map<String, CostModel.VoteCost> measure() {
    Map<String, CostModel.VoteCost> out = new LinkedHashMap<>();
    for (VoteSignatureScheme scheme : VoteSignatureSchemes.all()) {
      long[] sign = new long[ROUNDS];
      long[] verify = new long[ROUNDS];
      for (int r = 0; r < ROUNDS; r++) {
        VoteCosts c = VoteCosts.measure(scheme, VoteCosts.DEFAULT_SAMPLES);
        sign[r] = c.signNanos();
        verify[r] = c.verifyNanos();
      }
      Arrays.sort(sign);
      Arrays.sort(verify);
      out.put(scheme.name(), new CostModel.VoteCost(sign[ROUNDS / 2], verify[ROUNDS / 2]));
    }
    return out;
  }
}
