package dev.tdsim.faults;

import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.variant.CombineVariant;
import java.util.Optional;

/**
 * What a faulty validator (or, for {@link #COLLUDING_ENCRYPTOR}, a client with a validator) does
 * to the decryption shares of a height. The decryption pipeline implements the behaviour; this
 * package only says who does what when ({@link FaultPlan#shareFault}).
 */
public enum ShareFaultType {
  /** Sends a share that is a valid group element with a wrong value (kind {@code bad-share}). */
  BAD_VALUE,
  /** Sends bytes that do not decode as a share (kind {@code malformed-share}). */
  MALFORMED,
  /** Sends no share at all (kind {@code withhold-share}). */
  WITHHELD,
  /** Sends different shares to different combiners (kind {@code equivocate-share}). */
  EQUIVOCATED,
  /**
   * A client submits a payload whose key collides with another's, with this validator's help
   * (kind {@code colluding-encryptor}).
   */
  COLLUDING_ENCRYPTOR,
  /**
   * As proposer, publishes a forged digest ({@link ProposerForgery}, kind {@code
   * forging-proposer}); its shares are honest.
   */
  FORGING_PROPOSER,
  /**
   * Sends shares with a chosen polynomial error on its key-share points, the one that framed an
   * honest validator under blame by exclusion (kind {@code framing-shares}; issue 19, item 9).
   * Only designs whose shares hold one element per point can carry it.
   */
  FRAMING;

  /**
   * Why {@code design} cannot host this behaviour (empty: it can). Asked of the design's own
   * facts, never of its name: {@link #FRAMING} needs shares with an element per key-share point
   * ({@link CombineVariant#takesPointErrors}).
   */
  public Optional<String> refusedBy(BlockDesign design) {
    if (this == FRAMING && !takesPointErrors(design)) {
      return Optional.of("framing-shares puts a polynomial error on a validator's per-point"
          + " shares; crypto.design '" + design.name() + "' has no per-point shares (designs"
          + " that have: " + String.join(", ", framingDesigns()) + ")");
    }
    return Optional.empty();
  }

  private static boolean takesPointErrors(BlockDesign design) {
    return FerveoDesign.variantOf(design).map(CombineVariant::takesPointErrors).orElse(false);
  }

  private static java.util.List<String> framingDesigns() {
    return dev.tdsim.crypto.design.Designs.all().stream()
        .filter(ShareFaultType::takesPointErrors).map(BlockDesign::name).toList();
  }
}
