package dev.tdsim.workload;

/**
 * One transaction a client submits.
 *
 * @param atNanos when, from the start of the run
 * @param entryValidator the validator it is submitted to
 * @param payloadBytes its plaintext payload's size, >= 1 (sealing adds the design's overhead)
 */
public record Submission(long atNanos, int entryValidator, int payloadBytes) {}
