package dev.tdsim.epochs;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * What the run's DKGs did and which heights waited for a key (summary.json's {@code dkg}
 * section is made of it: {@code report.DkgReport}).
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
}
