package dev.tdsim.consensus;

/**
 * The CPU costs every validator pays in consensus, measured from real code at the start of a run
 * (signatures) or taken from the scenario (fsync, block execution). Protocol-neutral; how often
 * each is paid is the protocol's business (for Tendermint see docs/SCENARIOS.md, "What a block
 * time contains").
 *
 * @param voteSignNanos signing one own vote or proposal
 * @param voteVerifyNanos verifying one received vote or proposal signature
 * @param commitVerifyNanos verifying a whole commit's signatures (a block's LastCommit)
 * @param signedMessageSyncNanos disk syncs between deciding to sign an own vote or proposal and
 *     sending it (WAL flush, signer state, WAL entry)
 * @param blockPartSyncNanos disk sync of each own block part before it is sent
 * @param endHeightSyncNanos disk sync that closes a height in the WAL
 * @param blockExecutionNanos executing and committing a block besides its transactions (ABCI
 *     FinalizeBlock and Commit of the ordered, still encrypted block)
 * @param voteSignatureBytes size of one vote signature on the wire
 * @param certificate the commit certificate's costs: the precommits' sign and verify, the
 *     proposer's combine, its check ({@code commitVerifyNanos} is its check) and bytes
 */
public record NodeCosts(long voteSignNanos, long voteVerifyNanos, long commitVerifyNanos,
    long signedMessageSyncNanos, long blockPartSyncNanos, long endHeightSyncNanos,
    long blockExecutionNanos, long voteSignatureBytes, CertificateCosts certificate) {
  public static final NodeCosts FREE = new NodeCosts(0, 0, 0, 0, 0, 0, 0, 64);

  public NodeCosts {
    if (voteSignNanos < 0 || voteVerifyNanos < 0 || commitVerifyNanos < 0
        || signedMessageSyncNanos < 0 || blockPartSyncNanos < 0 || endHeightSyncNanos < 0
        || blockExecutionNanos < 0 || voteSignatureBytes < 0) {
      throw new IllegalArgumentException("costs must be >= 0");
    }
    java.util.Objects.requireNonNull(certificate, "certificate");
    if (certificate.checkNanos() != commitVerifyNanos) {
      throw new IllegalArgumentException("commitVerifyNanos " + commitVerifyNanos
          + " is not the certificate's check " + certificate.checkNanos());
    }
  }

  /** CometBFT's commit of individual votes: precommits signed and checked like prevotes. */
  public NodeCosts(long voteSignNanos, long voteVerifyNanos, long commitVerifyNanos,
      long signedMessageSyncNanos, long blockPartSyncNanos, long endHeightSyncNanos,
      long blockExecutionNanos, long voteSignatureBytes) {
    this(voteSignNanos, voteVerifyNanos, commitVerifyNanos, signedMessageSyncNanos,
        blockPartSyncNanos, endHeightSyncNanos, blockExecutionNanos, voteSignatureBytes,
        CertificateCosts.votes(voteSignNanos, voteVerifyNanos, voteSignatureBytes,
            commitVerifyNanos, 0));
  }

  /** Signing one own precommit (its certificate part). */
  public long precommitSignNanos() {
    return certificate.signNanos();
  }

  /** Verifying one received precommit (its certificate part). */
  public long precommitVerifyNanos() {
    return certificate.verifyNanos();
  }

  /** One precommit's signature (certificate part) on the wire, bytes. */
  public long precommitSignatureBytes() {
    return certificate.signatureBytes();
  }
}
