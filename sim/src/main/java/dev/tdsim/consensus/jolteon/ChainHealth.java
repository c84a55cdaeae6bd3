package dev.tdsim.consensus.jolteon;

import java.util.List;

/**
 * Aptos' chain health backoff ({@code chain_health_backoff} in {@code consensus_config.rs}'s
 * defaults, applied by {@code ProposalGenerator::calculate_max_block_sizes}): a leader whose
 * election reports that less of the stake took part in the newest {@value #WINDOW} ordered blocks
 * (proposed one or signed a parent QC) waits before it pulls its payload and proposes. The entry
 * used is the one with the smallest threshold at or above the participation's whole percent
 * ({@code BTreeMap::range(pct..)}), so 80% still backs off. Round-robin election reports full
 * participation, as Aptos' RotatingProposer does.
 */
final class ChainHealth {
  /** Aptos' {@code window_for_chain_health}: ordered blocks looked at. */
  static final int WINDOW = 100;

  /**
   * One row of the table (Aptos' rows also cap the block: 1800, 2000, 500, 100, 25 and 5
   * transactions from 80% down; not modelled, see docs/SCENARIOS.md).
   *
   * @param percent backoff if the participating stake is at most this whole percent
   * @param delayMs the proposal delay
   */
  record Backoff(int percent, long delayMs) {}

  /** Aptos' defaults, ascending by threshold. */
  static final List<Backoff> APTOS = List.of(new Backoff(70, 300), new Backoff(72, 300),
      new Backoff(74, 300), new Backoff(76, 300), new Backoff(78, 300), new Backoff(80, 150));

  private ChainHealth() {}

  /** The proposal delay, ns, at a participation ratio in [0, 1]. */
  static long delayNanos(double participation) {
    int percent = (int) Math.floor(participation * 100);
    for (Backoff b : APTOS) {
      if (b.percent() >= percent) {
        return b.delayMs() * JolteonSettings.MS;
      }
    }
    return 0;
  }
}
