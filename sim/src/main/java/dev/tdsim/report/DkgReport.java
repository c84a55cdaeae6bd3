package dev.tdsim.report;

import dev.tdsim.epochs.DkgOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code dkg} section of summary.json, as the console and report.html read it: the key
 * epochs' DKGs and the heights that waited for a key. Times are simulated milliseconds; the JSON
 * names are the snake_case of the component names, in component order, nulls written.
 *
 * @param setup {@code keys.setup} of the scenario
 * @param epochLength heights per key epoch; null without key epochs
 * @param dkgLead heights before an epoch at which its DKG starts
 * @param epochs each DKG, in epoch order
 * @param heightsWaitingForKey heights whose decryption waited for their epoch's key
 */
public record DkgReport(String setup, Integer epochLength, int dkgLead, List<Epoch> epochs,
    List<KeyWait> heightsWaitingForKey) {

  /**
   * One epoch's DKG.
   *
   * @param firstHeight the first height encrypted to its key
   * @param startHeight the height whose first commit started it (0: started at time 0)
   * @param durationMs from the start to the last validator that got the key; null: some never did
   * @param thresholdReadyMs from the start until validators holding t shares had it; null: never
   * @param validatorsReady how many validators got the key
   * @param dealersRejected dealers whose transcript failed verification, with the reason
   * @param bytes DKG bytes sent
   * @param publicKey the epoch's public key (compressed G1, hex)
   * @param keyShares each validator's key shares in the epoch's layout
   */
  public record Epoch(int epoch, int firstHeight, int startHeight, double startMs,
      Double durationMs, Double thresholdReadyMs, int validatorsReady, int dealersAggregated,
      List<Integer> dealersCrashed, Map<String, String> dealersRejected, long bytes,
      String publicKey, List<Integer> keyShares) {}

  /** A height that waited for its epoch's key, with the longest wait of a validator's commit. */
  public record KeyWait(int height, double waitMs) {}

  /** The section of a run's DKGs. */
  public static DkgReport of(DkgOutcome o) {
    List<Epoch> epochs = new ArrayList<>();
    for (DkgOutcome.Epoch e : o.epochs()) {
      long d = e.durationNanos();
      Map<String, String> rejected = new LinkedHashMap<>();
      e.rejected().forEach((k, v) -> rejected.put(String.valueOf(k), v));
      epochs.add(new Epoch(e.epoch(), e.epoch() * Math.max(1, o.epochLength()) + 1,
          e.startHeight(), e.startNanos() / 1e6, d < 0 ? null : d / 1e6,
          e.thresholdReadyNanos() < 0 ? null : (e.thresholdReadyNanos() - e.startNanos()) / 1e6,
          e.validatorsReady(), e.aggregated(), e.crashed(), rejected, e.bytes(),
          e.publicKeyHex(), e.keyShares()));
    }
    List<KeyWait> waits = new ArrayList<>();
    o.keyWaitNanos().forEach((h, w) -> waits.add(new KeyWait(h, w / 1e6)));
    return new DkgReport(o.setup(), o.epochLength() == 0 ? null : o.epochLength(), o.dkgLead(),
        epochs, waits);
  }
}
