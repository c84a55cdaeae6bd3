package dev.tdsim.report;

import java.util.List;

/**
 * Mean milliseconds per height spent in each phase of the critical path, from the proposal to
 * the plaintexts. The decryption phases (share creation to reshare) add up to the mean
 * decryption latency: with share faults, the first block_propose's combined-result checks and
 * blame are taken out of {@code combineMs}, and the later block_propose calls' out of {@code
 * reshareMs}, so each millisecond is counted once.
 *
 * @param consensusMs proposal to the first commit
 * @param shareCreationMs creation of the share that completed the combiner's set
 * @param shareGossipMs the rest of the wait for shares (the combiner's own commit included)
 * @param combineMs the first block_propose without checks and blame: decode, validity, verify,
 *     prepare, combine
 * @param checkMs combined-result checks (CHECK) of every block_propose (variants whose shares are
 *     not verified)
 * @param blameMs finding faulty validators in every block_propose: failed verifications searched
 *     per validator, failed checks and blame, calls that found fewer than t honest shares
 * @param decryptMs key derivation and AEAD opening (first block_propose)
 * @param reshareMs after the first block_propose until the plaintexts, without the checks and
 *     blame counted above: new signer sets, new shares, their travel and the waits, later
 *     block_propose calls (0 without share faults)
 * @param decryptionLatencyMs the mean decryption latency (first commit to plaintexts), which the
 *     decryption phases add up to
 */
public record CriticalPath(
    double consensusMs,
    double shareCreationMs,
    double shareGossipMs,
    double combineMs,
    double checkMs,
    double blameMs,
    double decryptMs,
    double reshareMs,
    double decryptionLatencyMs) {

  /**
   * A critical path without separate checks, blame and reshare (summaries written before they
   * were phases): the decryption latency is the sum of the phases given.
   */
  public CriticalPath(double consensusMs, double shareCreationMs, double shareGossipMs,
      double combineMs, double decryptMs) {
    this(consensusMs, shareCreationMs, shareGossipMs, combineMs, 0, 0, decryptMs, 0,
        shareCreationMs + shareGossipMs + combineMs + decryptMs);
  }

  /** The sum of the decryption phases (equal to {@code decryptionLatencyMs} up to rounding). */
  public double decryptionPhasesMs() {
    return shareCreationMs + shareGossipMs + combineMs + checkMs + blameMs + decryptMs
        + reshareMs;
  }

  /** The phases' names, in critical-path order: the order of {@link #phasesMs()}. */
  public static final List<String> PHASES = List.of("consensus", "share creation",
      "share gossip", "combine", "check", "blame", "decrypt", "reshare");

  /** The phases' mean milliseconds, in the order of {@link #PHASES}. */
  public double[] phasesMs() {
    return new double[] {consensusMs, shareCreationMs, shareGossipMs, combineMs, checkMs, blameMs,
        decryptMs, reshareMs};
  }

  /** A critical path from phases in the order of {@link #PHASES} and the decryption latency. */
  public static CriticalPath of(double[] phasesMs, double decryptionLatencyMs) {
    if (phasesMs.length != PHASES.size()) {
      throw new IllegalArgumentException(phasesMs.length + " phases, expected " + PHASES.size());
    }
    double[] p = phasesMs;
    return new CriticalPath(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], decryptionLatencyMs);
  }
}
