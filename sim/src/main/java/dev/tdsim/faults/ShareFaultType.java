package dev.tdsim.faults;

import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.variant.CombineVariant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

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
   * facts, never of its name: {@link #COLLUDING_ENCRYPTOR} needs a payload that opens under two
   * keys ({@link BlockDesign#supportsKeyCollision}), {@link #FORGING_PROPOSER} a digest the key
   * shares are made on ({@link BlockDesign#sharesBindBlockId}), {@link #FRAMING} shares with an
   * element per key-share point ({@link CombineVariant#takesPointErrors}).
   */
  public Optional<String> refusedBy(BlockDesign design) {
    return switch (this) {
      case COLLUDING_ENCRYPTOR -> refusal(design, BlockDesign::supportsKeyCollision,
          "colluding-encryptor needs a design whose clients can seal a payload that opens under"
              + " two keys (Ferveo's variants: %s); crypto.design '%s' has no such payload");
      case FORGING_PROPOSER -> refusal(design, BlockDesign::sharesBindBlockId,
          "forging-proposer needs a design whose proposer publishes a digest the key shares are"
              + " made on (%s); crypto.design '%s' shares per transaction, with no digest");
      case FRAMING -> refusal(design, ShareFaultType::takesPointErrors,
          "framing-shares puts a polynomial error on a validator's per-point shares (designs"
              + " that have them: %s); crypto.design '%s' has no per-point shares");
      default -> Optional.empty();
    };
  }

  /** The refusal (the hosting designs and this one filled into {@code why}) unless it hosts. */
  private static Optional<String> refusal(BlockDesign design, Predicate<BlockDesign> hosts,
      String why) {
    if (hosts.test(design)) {
      return Optional.empty();
    }
    List<String> hosting = Designs.all().stream().filter(hosts).map(BlockDesign::name).toList();
    return Optional.of(String.format(why, String.join(", ", hosting), design.name()));
  }

  private static boolean takesPointErrors(BlockDesign design) {
    return FerveoDesign.variantOf(design).map(CombineVariant::takesPointErrors).orElse(false);
  }
}
