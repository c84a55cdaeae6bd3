package dev.tdsim.pipeline;

import dev.tdsim.consensus.ProcessingTime;

/**
 * What a height's first commit established: the round that decided it, when, and the consensus
 * costs of the validator that committed first.
 */
record Decision(int round, long atNanos, ProcessingTime costs) {}
