package dev.tdsim.consensus.jolteon;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Stake-weighted signatures of one kind for one round (votes, order votes or timeouts), each
 * signer counted once, with the highest QC the timeouts carried.
 */
final class Tally {
  private final BitSet seen = new BitSet();
  final List<Integer> signers = new ArrayList<>();
  long stake;
  /** Whether the certificate this tally forms has been formed (it forms once). */
  boolean formed;
  /** The highest QC among the signers' timeouts (timeouts only). */
  QuorumCert highestQc = QuorumCert.GENESIS;

  /** Adds {@code signer}'s {@code weight}; false if it was already counted. */
  boolean add(int signer, long weight) {
    if (seen.get(signer)) {
      return false;
    }
    seen.set(signer);
    signers.add(signer);
    stake += weight;
    return true;
  }
}
