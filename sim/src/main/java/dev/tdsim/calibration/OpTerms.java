package dev.tdsim.calibration;

import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.variant.ShareWork;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import java.util.List;

/**
 * Which terms of the cost model each (variant, operation) is fitted with: the ones its code has a
 * cost for (docs/CRYPTO.md), the others stay 0. {@code const} is always a candidate and, like any
 * term, is dropped when the fit makes it negative.
 *
 * <p>Work done once per signer and block (fast's V-pair product in VERIFY, its V Miller-line
 * precomputations in PREPARE) is the {@code validators} term.
 */
final class OpTerms {
  private OpTerms() {}

  /**
   * The candidate terms of a design's operation: Ferveo's variants by how their share work grows
   * ({@link #of(ShareWork, CryptoOp)}); the one-share-per-block designs by {@link #perBlock}.
   */
  static List<String> of(BlockDesign design, CryptoOp op) {
    return FerveoDesign.variantOf(design).map(v -> of(v.shareWork(), op))
        .orElseGet(() -> perBlock(op, design.sharesDependOnSigners()));
  }

  /**
   * The terms of a design whose validators send one share per block: its share work (creating,
   * decoding, verifying and combining shares, the per-signer-set preparation, blame) grows with
   * the signers and their points, not with the block; the digest, the evaluation proofs, the
   * validity checks and the decryption grow with the block's transactions and bytes. {@code
   * msgs} stays a candidate of the share work too (a design that decodes its transactions with
   * the shares would need it; the fit drops it when it comes out negative). A design whose shares
   * do not fold the signer set (batched-points, block-key-points: one G1 point per key-share
   * point) decodes, verifies and interpolates every point: its share work grows with the points
   * too ({@code shares}), not only with the validators.
   */
  static List<String> perBlock(CryptoOp op, boolean folded) {
    if (!folded) {
      switch (op) {
        case DECODE, VERIFY, COMBINE -> {
          return List.of("const", "msgs", "validators", "shares");
        }
        case BLAME -> {
          return List.of("const", "validators", "shares");
        }
        default -> { }
      }
    }
    return switch (op) {
      case ENCRYPT, ADMISSION_CHECK, DECRYPT, VALIDITY, DIGEST, CHECK ->
          List.of("const", "msgs", "msg_bytes");
      // FK20: G1 FFTs over the block's domain, O(B log B) group operations.
      case EVAL_PROOFS -> List.of("const", "msgs", "msgs_log_msgs");
      // One G1 multiplication after folding the validator's points' scalars.
      case SHARE_CREATE -> List.of("const", "shares");
      case DECODE, VERIFY, COMBINE -> List.of("const", "msgs", "validators");
      // Timed on each key set's smallest block only (the calibrator's BLAME call decrypts too).
      case BLAME -> List.of("const", "validators");
      // The folded G2 key of every signer: one G2 MSM over its points.
      case PREPARE -> List.of("const", "validators", "shares");
      // Product trees over the signer set's points (RootTree).
      case SIGNER_COEFFICIENTS -> List.of("const", "shares");
      case DKG_DEAL, DKG_VERIFY, DKG_AGGREGATE, DKG_OWN_CHECK -> keySetup(op);
    };
  }

  /**
   * The terms of the key setup's operations (the PVSS DKG; sizes in {@link CryptoOp}): the deal
   * and one transcript's verification grow with the N points (a G1 and a G2 multiplication per
   * point; decoding, MSMs and the batched pairing check) and, barely, with the V validators (the
   * pairing product has V + 2 pairings); the aggregation adds D transcripts point by point
   * ({@code msgs_shares}, msgs = D) and verifies the aggregate (one transcript's checks and D
   * proofs of knowledge); the own check sums D evaluations per own point and runs one short MSM
   * over those points (shares = the validator's own points).
   */
  static List<String> keySetup(CryptoOp op) {
    return switch (op) {
      case DKG_DEAL, DKG_VERIFY -> List.of("const", "validators", "shares");
      case DKG_AGGREGATE -> List.of("const", "msgs", "validators", "shares", "msgs_shares");
      case DKG_OWN_CHECK -> List.of("const", "shares", "msgs_shares");
      default -> throw new IllegalArgumentException(op + " is not a key-setup operation");
    };
  }

  /** The candidate terms, a subset of {@link CostModel#TERMS} in its order. */
  static List<String> of(ShareWork work, CryptoOp op) {
    boolean perPoint = work == ShareWork.PER_POINT;
    return switch (op) {
      // Per message: a scalar multiplication, a hash to G2, and ChaCha20-Poly1305 over the bytes.
      case ENCRYPT, ADMISSION_CHECK, DECRYPT, VALIDITY -> List.of("const", "msgs", "msg_bytes");
      case SHARE_CREATE -> switch (work) {
        // simple/batch: Miller lines per key-share point, then one pairing per point and message.
        case PER_POINT -> List.of("const", "shares", "msgs_shares");
        // fast: one inversion, then one G1 multiplication per message.
        case PER_VALIDATOR -> List.of("const", "msgs");
        // folded: fold the points' scalars; precomputed: a G2 MSM over the points; then one
        // G1 multiplication (folded) or one pairing (precomputed) per message.
        case PER_VALIDATOR_FOLDED -> List.of("const", "msgs", "shares");
      };
      case DECODE -> perPoint ? List.of("const", "msgs_shares")
          : List.of("const", "msgs_validators");
      case VERIFY -> List.of("const", "msgs", "validators", "msgs_validators");
      // Lagrange coefficients of the signer points (and, for fast, a G2 MSM per validator over
      // its points).
      case PREPARE -> List.of("const", "validators", "shares");
      case COMBINE -> perPoint ? List.of("const", "msgs", "msgs_shares")
          : List.of("const", "msgs", "msgs_validators");
      // Per validator (a verification or blame check each) and per message (checks of the
      // failed combinations, one by one when they all fail).
      case BLAME -> List.of("const", "msgs", "validators", "msgs_validators");
      // One pairing check per message, batched.
      case CHECK -> List.of("const", "msgs");
      // The proposer's digest and the combiner's evaluation proofs (one-share-per-block designs):
      // work over the block's transactions.
      case DIGEST, EVAL_PROOFS -> List.of("const", "msgs", "msg_bytes");
      // A new signer set's Lagrange coefficients at a folding validator (RootTree).
      case SIGNER_COEFFICIENTS -> List.of("const", "shares");
      case DKG_DEAL, DKG_VERIFY, DKG_AGGREGATE, DKG_OWN_CHECK -> keySetup(op);
    };
  }

  /** The value of one term for a call of the given size. */
  static double value(String term, OpSize s) {
    return switch (term) {
      case "const" -> 1;
      case "msgs" -> s.msgs();
      case "validators" -> s.validators();
      case "msgs_validators" -> (double) s.msgs() * s.validators();
      case "shares" -> s.shares();
      case "msgs_shares" -> (double) s.msgs() * s.shares();
      case "msg_bytes" -> s.msgBytes();
      case "msgs_log_msgs" -> CostModel.Coefficients.msgsLogMsgs(s.msgs());
      default -> throw new IllegalArgumentException("unknown cost model term '" + term + "'");
    };
  }
}
