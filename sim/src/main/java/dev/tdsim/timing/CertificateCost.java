package dev.tdsim.timing;

import dev.tdsim.timing.CostModel.Coefficients;
import dev.tdsim.timing.CostModel.Fit;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * One aggregating commit certificate scheme's calibrated single-core costs ({@code tdsim
 * calibrate --certificates}): each operation a linear function ({@link Coefficients}) of the
 * signers and key points the call involves, so that {@code timing: model} prices a certificate
 * the same in every run and for any committee.
 *
 * <p>The size of a call is an {@link OpSize} with {@code validators} the signers and {@code
 * shares} their key points ({@link #signerSize}, {@link #quorumSize}); {@code msgs} and {@code
 * msgBytes} are 0 (one canonical precommit is signed).
 *
 * @param coefficients per operation
 * @param fits the fit quality of each operation that has one (kept, not used for predictions)
 */
public record CertificateCost(Map<Op, Coefficients> coefficients, Map<Op, Fit> fits) {

  /** A certificate scheme's timed calls, with the size each one is a function of. */
  public enum Op {
    /** One validator's part signed (size: one signer, its points). */
    SIGN,
    /** One received part verified alone (size: one signer, its points). */
    VERIFY,
    /** A quorum's parts verified together (size: the quorum's signers and points). */
    BATCH_VERIFY,
    /** A quorum's parts combined into the certificate, with the check of the result. */
    COMBINE,
    /** One certificate verified. */
    CHECK;

    /** Whether the call's size is one signer's ({@link #signerSize}) or the quorum's. */
    public boolean perSigner() {
      return this == SIGN || this == VERIFY;
    }
  }

  public CertificateCost {
    coefficients = Collections.unmodifiableMap(copy(coefficients));
    fits = Collections.unmodifiableMap(copy(fits));
    if (!coefficients.keySet().containsAll(java.util.EnumSet.allOf(Op.class))) {
      throw new IllegalArgumentException("a certificate scheme's costs need every operation "
          + java.util.Arrays.toString(Op.values()) + ", got " + coefficients.keySet());
    }
  }

  /** The size of a call on one signer's part. */
  public static OpSize signerSize(int points) {
    return new OpSize(0, 1, points, 0);
  }

  /** The size of a call on a quorum's parts or its certificate. */
  public static OpSize quorumSize(int signers, int points) {
    return new OpSize(0, signers, points, 0);
  }

  /** Predicted single-core nanoseconds of {@code op} at {@code size}, at least 1. */
  public long nanos(Op op, OpSize size) {
    return Math.max(1, Math.round(coefficients.get(op).predict(size)));
  }

  public Optional<Fit> fit(Op op) {
    return Optional.ofNullable(fits.get(op));
  }

  private static <V> Map<Op, V> copy(Map<Op, V> source) {
    Map<Op, V> out = new EnumMap<>(Op.class);
    out.putAll(source);
    return out;
  }
}
