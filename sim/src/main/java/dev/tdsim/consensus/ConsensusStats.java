package dev.tdsim.consensus;

import java.util.List;

/**
 * What a protocol reports about its run.
 *
 * @param protocol the registry name, e.g. "tendermint"
 * @param mode how it was simulated, e.g. "exact" (every message an event) or "large-committee"
 * @param maxRound the highest round any height needed (0: every height decided in round 0)
 * @param extraRounds heights x rounds beyond round 0, summed over heights (at the first
 *     committer)
 * @param messages consensus messages delivered (one per receiver)
 * @param notes what the report must say about how the protocol was simulated
 */
public record ConsensusStats(
    String protocol, String mode, int maxRound, long extraRounds, long messages,
    List<String> notes) {
  public ConsensusStats {
    notes = List.copyOf(notes);
  }
}
