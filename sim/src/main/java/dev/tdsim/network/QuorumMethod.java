package dev.tdsim.network;

/**
 * How {@link QuorumArrival#forAllReceivers} computes quorum times. {@link #AUTO} picks {@link
 * #EXACT} up to {@link QuorumSettings#exactMaxValidators()} validators and {@link #AGGREGATE}
 * above; a {@link QuorumResult} always reports the one actually used.
 */
public enum QuorumMethod {
  /** Every receiver, every sender's message: V x V delays. */
  EXACT,
  /** A sample of representative receivers per region, exact for each; the rest copy one. */
  AGGREGATE,
  /** Exact when small enough, aggregate otherwise. */
  AUTO
}
