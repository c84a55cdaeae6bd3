package dev.tdsim.timing;

/** The real crypto calls whose durations the simulator charges to simulated time. */
public enum CryptoOp {
  /** A client encrypting one transaction (off the critical path). */
  ENCRYPT,
  /** Mempool admission: the validity (CCA) check of one ciphertext (off the critical path). */
  ADMISSION_CHECK,
  /** One validator creating its decryption shares for a block. */
  SHARE_CREATE,
  /** The combiner decoding every share of a block. */
  DECODE,
  /** The batched ciphertext validity check inside block_propose. */
  VALIDITY,
  /** Batch verification of the block's shares. */
  VERIFY,
  /** prepare_combine for a new signer set. */
  PREPARE,
  /**
   * One validator computing the Lagrange coefficients of a signer set it has not folded for
   * before (designs whose shares fold the signer set): charged to every such validator, beside
   * its SHARE_CREATE, which holds the shares only.
   */
  SIGNER_COEFFICIENTS,
  /** share_combine of every message of the block. */
  COMBINE,
  /** Key derivation and AEAD opening of every payload. */
  DECRYPT,
  /**
   * Finding faulty validators, calibrated with one bad share per block: a share verification
   * that failed and searched per validator, failed combined-result checks, blame and the
   * recombination of the failed messages. Charged only at heights where the combiner found a
   * faulty share.
   */
  BLAME,
  /**
   * The combined-result check of every combined secret against the public key, for variants
   * whose shares are not verified (docs/CRYPTO.md), without faults.
   */
  CHECK,
  /**
   * The proposer's digest of its block, computed with the proposal (the batched design's KZG
   * commitment; the block-key design's hashed identity): it delays the proposal. Designs whose
   * digest is nothing (Ferveo's) are not charged it. Priced at OpSize(block's transactions, 1,
   * the proposer's key-share points, the block's plaintext bytes).
   */
  DIGEST,
  /**
   * What the combiner computes from the proposal while the block is voted on (the batched
   * design's evaluation proofs): off the critical path unless it outlasts the voting. Priced at
   * OpSize(block's transactions, validators, key shares, the block's plaintext bytes).
   */
  EVAL_PROOFS,
  /**
   * Key setup (the weighted PVSS DKG of a key epoch, docs/CRYPTO.md): one dealer's deal, its
   * transcript (N G1 and N G2 multiplications after one FFT) and everyone's private evaluations.
   * Priced at OpSize(1 transcript, V validators, N shares, 0).
   */
  DKG_DEAL,
  /**
   * Key setup: one receiver's work on one dealer's transcript: decoding its wire bytes (every
   * point's subgroup check) and the public verification (proof of knowledge, low-degree MSM over
   * N + 1 points, V + 2 pairings). Priced at OpSize(1 transcript, V, N, 0).
   */
  DKG_VERIFY,
  /**
   * Key setup: a validator's aggregation of the D valid transcripts (D x N additions in G1 and
   * in G2) and the verification of the aggregate (D proofs of knowledge and one transcript's
   * checks). Priced at OpSize(D transcripts, V, N, 0).
   */
  DKG_AGGREGATE,
  /**
   * Key setup: a validator's sum of its private evaluations from the D valid dealers and their
   * check against the aggregate's commitments (one short MSM over its own points, on one
   * thread). Priced at OpSize(D transcripts, V, the validator's own points, 0).
   */
  DKG_OWN_CHECK;

  /**
   * Whether the operation belongs to the key setup (the DKG) rather than to a design: its cost is
   * the same whatever {@code crypto.variant} is, so a cost model keeps it once (its {@code
   * key_setup} section), and it is needed only when a scenario's keys come from a DKG.
   */
  public boolean keySetup() {
    return switch (this) {
      case DKG_DEAL, DKG_VERIFY, DKG_AGGREGATE, DKG_OWN_CHECK -> true;
      default -> false;
    };
  }

  /**
   * The independent pieces the real code splits this call into across its worker threads (its
   * parallel units, the cap of the cores it can use): messages for the per-message operations
   * (share creation, validity, combine, decrypt, blame), signers for DECODE and PREPARE (per
   * signer work), and the larger of the two for VERIFY; for the DKG the N key-share points
   * (deal, verification and aggregation are parallel over them) and 1 for the own check (one
   * thread). {@code tdsim calibrate} fits the serial
   * fraction with these units; callers of {@link TimingModel#durationNanos} should pass them.
   */
  public int parallelUnits(OpSize size) {
    int units = switch (this) {
      case DECODE, PREPARE, SIGNER_COEFFICIENTS -> size.validators();
      case VERIFY -> Math.max(size.msgs(), size.validators());
      case DKG_DEAL, DKG_VERIFY, DKG_AGGREGATE -> size.shares();
      case DKG_OWN_CHECK -> 1;
      default -> size.msgs();
    };
    return Math.max(1, units);
  }
}
