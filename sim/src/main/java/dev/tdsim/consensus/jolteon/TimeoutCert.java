package dev.tdsim.consensus.jolteon;

/**
 * A timeout certificate: 2f+1 of the stake timed out {@code round}. As Aptos'
 * TwoChainTimeoutCertificate it carries the highest QC its signers reported, which bounds the QC
 * the next round's proposal may extend (the voting rule's {@code qc.round >= tc.hqc_round}).
 *
 * @param round the round that timed out
 * @param highestQc the highest QC among its signers' timeouts
 */
record TimeoutCert(long round, QuorumCert highestQc) {}
