package dev.tdsim.report;

/** Mean milliseconds per height spent in each phase of the critical path. */
public record CriticalPath(
    double consensusMs,
    double shareCreationMs,
    double shareGossipMs,
    double combineMs,
    double decryptMs) {}
