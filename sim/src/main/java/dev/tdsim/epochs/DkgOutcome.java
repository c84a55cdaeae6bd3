package dev.tdsim.epochs;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * What the run's DKGs did and which heights waited for a key: the {@code dkg} section of
 * summary.json, the console lines and the report's section.
 *
 * @param epochs each DKG, in epoch order
 * @param keyWaitNanos heights whose decryption waited for their epoch's key, with the longest
 *     wait of a validator's commit
 */
public record DkgOutcome(String setup, int epochLength, int dkgLead, List<Epoch> epochs,
    SortedMap<Integer, Long> keyWaitNanos) {

  /**
   * One epoch's DKG.
   *
   * @param startHeight the height whose first commit started it (0: started at time 0)
   * @param readyNanos when each validator held the key (-1: never, e.g. crashed)
   * @param thresholdReadyNanos when validators holding t shares held it (-1: never)
   * @param aggregated dealers whose transcripts were aggregated
   * @param crashed dealers that sent no transcript
   * @param rejected dealers whose transcript failed verification, with the verifier's reason
   * @param bytes DKG bytes sent (transcripts to every other validator, private evaluations)
   * @param publicKeyHex the epoch's public key (compressed G1, hex)
   * @param keyShares each validator's key shares in the epoch's layout (keys.epoch_stakes)
   */
  public record Epoch(int epoch, int startHeight, long startNanos, long[] readyNanos,
      long thresholdReadyNanos, int aggregated, List<Integer> crashed,
      Map<Integer, String> rejected, long bytes, String publicKeyHex, List<Integer> keyShares) {

    /** From the start to the last validator that got the key (-1: some never did). */
    public long durationNanos() {
      long last = startNanos;
      for (long r : readyNanos) {
        if (r < 0) {
          return -1;
        }
        last = Math.max(last, r);
      }
      return last - startNanos;
    }

    /** How many validators got the key. */
    public int validatorsReady() {
      int n = 0;
      for (long r : readyNanos) {
        n += r >= 0 ? 1 : 0;
      }
      return n;
    }
  }

  /** The summary.json section. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("setup", setup);
    m.put("epoch_length", epochLength == 0 ? null : epochLength);
    m.put("dkg_lead", dkgLead);
    List<Map<String, Object>> eps = new java.util.ArrayList<>();
    for (Epoch e : epochs) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("epoch", e.epoch());
      x.put("first_height", e.epoch() * Math.max(1, epochLength) + 1);
      x.put("start_height", e.startHeight());
      x.put("start_ms", e.startNanos() / 1e6);
      long d = e.durationNanos();
      x.put("duration_ms", d < 0 ? null : d / 1e6);
      x.put("threshold_ready_ms", e.thresholdReadyNanos() < 0 ? null
          : (e.thresholdReadyNanos() - e.startNanos()) / 1e6);
      x.put("validators_ready", e.validatorsReady());
      x.put("dealers_aggregated", e.aggregated());
      x.put("dealers_crashed", e.crashed());
      Map<String, String> rej = new LinkedHashMap<>();
      e.rejected().forEach((k, v) -> rej.put(String.valueOf(k), v));
      x.put("dealers_rejected", rej);
      x.put("bytes", e.bytes());
      x.put("public_key", e.publicKeyHex());
      x.put("key_shares", e.keyShares());
      eps.add(x);
    }
    m.put("epochs", eps);
    List<Map<String, Object>> waits = new java.util.ArrayList<>();
    keyWaitNanos.forEach((h, w) -> {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("height", h);
      x.put("wait_ms", w / 1e6);
      waits.add(x);
    });
    m.put("heights_waiting_for_key", waits);
    return m;
  }
}
