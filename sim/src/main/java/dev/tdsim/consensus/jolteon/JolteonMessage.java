package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.Message;

/**
 * Jolteon's messages. Proposals, votes and timeouts carry their sender's sync info (Aptos'
 * SyncInfo: its highest QC, timeout certificate and ordered certificate), from which a receiver
 * that is behind catches up to round max(qc, tc) + 1, and orders up to the ordered block, before
 * it looks at the message. An order vote carries the QC it orders by, and no sync info.
 */
sealed interface JolteonMessage extends Message {
  /** The sender's highest QC. */
  QuorumCert qc();

  /** The sender's highest timeout certificate, or null. */
  TimeoutCert tc();

  /**
   * The sender's highest ordered certificate, or null (an order vote). Its bytes are counted
   * like the QC's (none for genesis's): Aptos serialises SyncInfo's highest_ordered_cert in full
   * in every proposal, vote and timeout, though the receiver may hold it already.
   */
  QuorumCert ordered();

  /** The validator that signed and sent it. */
  int sender();

  /** Jolteon sends each message once, directly: lost, it is gone (the pacemaker recovers). */
  @Override
  default boolean resentWhenLost() {
    return false;
  }

  /** Bytes of a message beside its block, signatures and certificates (ids, rounds, epoch). */
  long HEADER_BYTES = 128;

  /**
   * A leader's proposal of {@code block} in its round, with the QC of its parent and, after a
   * failed round, the TC of the round before.
   */
  record Proposal(JBlock block, QuorumCert qc, TimeoutCert tc, QuorumCert ordered,
      long wireBytes)
      implements JolteonMessage {
    @Override
    public int sender() {
      return block.proposer();
    }
  }

  /** {@code voter}'s signed vote for {@code block}, broadcast to all (Aptos: broadcast_vote). */
  record Vote(JBlock block, int voter, QuorumCert qc, TimeoutCert tc, QuorumCert ordered,
      long wireBytes)
      implements JolteonMessage {
    @Override
    public int sender() {
      return voter;
    }
  }

  /** {@code voter}'s order vote for the block {@code qc} certifies (AIP-89). */
  record OrderVote(int voter, QuorumCert qc, long wireBytes) implements JolteonMessage {
    @Override
    public TimeoutCert tc() {
      return null;
    }

    @Override
    public QuorumCert ordered() {
      return null;
    }

    @Override
    public int sender() {
      return voter;
    }
  }

  /** {@code sender}'s signed timeout of {@code round} (Aptos' RoundTimeoutMsg). */
  record Timeout(long round, int sender, QuorumCert qc, TimeoutCert tc,
      QuorumCert ordered, long wireBytes)
      implements JolteonMessage {}
}
