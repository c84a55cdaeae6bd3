package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.Message;

/**
 * Jolteon's messages. Each carries its sender's sync info (Aptos' SyncInfo: its highest QC and
 * timeout certificate), from which a receiver that is behind catches up to round max(qc, tc) + 1
 * before it looks at the message.
 */
sealed interface JolteonMessage extends Message {
  /** The sender's highest QC. */
  QuorumCert qc();

  /** The sender's highest timeout certificate, or null. */
  TimeoutCert tc();

  /** The validator that signed and sent it. */
  int sender();

  /** Bytes of a message beside its block, signatures and certificates (ids, rounds, epoch). */
  long HEADER_BYTES = 128;

  /**
   * A leader's proposal of {@code block} in its round, with the QC of its parent and, after a
   * failed round, the TC of the round before.
   */
  record Proposal(JBlock block, QuorumCert qc, TimeoutCert tc, long wireBytes)
      implements JolteonMessage {
    @Override
    public int sender() {
      return block.proposer();
    }
  }

  /** {@code voter}'s signed vote for {@code block}, broadcast to all (Aptos: broadcast_vote). */
  record Vote(JBlock block, int voter, QuorumCert qc, TimeoutCert tc, long wireBytes)
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
    public int sender() {
      return voter;
    }
  }

  /** {@code sender}'s signed timeout of {@code round} (Aptos' RoundTimeoutMsg). */
  record Timeout(long round, int sender, QuorumCert qc, TimeoutCert tc, long wireBytes)
      implements JolteonMessage {}
}
