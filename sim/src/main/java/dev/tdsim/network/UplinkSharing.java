package dev.tdsim.network;

/**
 * How copies of one message sent to several peers share the sender's uplink.
 *
 * <ul>
 *   <li>{@link #PER_LINK}: every copy is serialized as if alone on the uplink (bytes x 8 /
 *       bandwidth each). The optimistic bound; right when links, not the uplink, are the
 *       bottleneck, or when messages are small.
 *   <li>{@link #FAIR_SHARE}: the k copies of a broadcast share the uplink equally, as parallel TCP
 *       flows do (fair sharing), so every copy completes after k x bytes x 8 / bandwidth. The
 *       pessimistic bound that matters for megabyte proposals sent directly to hundreds of peers.
 * </ul>
 */
public enum UplinkSharing {
  PER_LINK,
  FAIR_SHARE
}
