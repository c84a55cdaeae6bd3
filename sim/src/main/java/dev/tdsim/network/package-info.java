/**
 * The network model. A {@link dev.tdsim.network.NetworkConfig} names the models; {@link
 * dev.tdsim.network.NetworkModel#create} combines a {@link dev.tdsim.network.LatencyModel}
 * ({@code uniform}, or {@code regions}: measured AWS inter-region round-trip times), a {@link
 * dev.tdsim.network.JitterModel} ({@code none}, {@code lognormal}, {@code pareto}) and the senders'
 * uplink bandwidth into per-message delays; a {@link dev.tdsim.network.Dissemination} ({@code
 * direct} or {@code gossip}) turns them into per-validator delays of a broadcast; {@link
 * dev.tdsim.network.QuorumArrival} turns those into the time each validator holds a stake quorum,
 * exactly or, for thousands of validators, by per-region representatives.
 */
package dev.tdsim.network;
