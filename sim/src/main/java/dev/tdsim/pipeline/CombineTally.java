package dev.tdsim.pipeline;

/**
 * What the combiner's block_propose calls of one height cost it (simulated nanoseconds on its
 * hardware), for the height's record.
 *
 * @param attempts block_propose calls so far
 * @param firstAttemptNanos when the first started (-1: none yet)
 * @param combineNanos the first call's phases before decryption (with what was left of the
 *     prepare, and with share faults its blame)
 * @param decryptNanos the first call's decryption
 * @param blameNanos finding faulty validators, over all calls
 * @param checkNanos combined-result checks, over all calls
 * @param firstBlameNanos of blameNanos, the first call's
 * @param firstCheckNanos of checkNanos, the first call's
 * @param signersUsed validators whose shares the first call combined
 */
record CombineTally(int attempts, long firstAttemptNanos, long combineNanos, long decryptNanos,
    long blameNanos, long checkNanos, long firstBlameNanos, long firstCheckNanos,
    int signersUsed) {}
