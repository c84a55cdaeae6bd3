package dev.tdsim.crypto.frost;

import java.util.Objects;

/**
 * A dealer's private share for one recipient in round two (Komlo-Goldberg Figure 1, round 2 step
 * 1): f_i(l). Sent over a private channel; on the wire the dealer's identifier and the scalar, 64
 * bytes (the channel's own encryption not counted).
 */
public record DkgShare(Identifier dealer, Identifier recipient, Scalar value) {
  public static final int ENCODED_BYTES = 64;

  public DkgShare {
    Objects.requireNonNull(dealer, "dealer");
    Objects.requireNonNull(recipient, "recipient");
    Objects.requireNonNull(value, "value");
    if (dealer.equals(recipient)) {
      throw new IllegalArgumentException("a dealer keeps its own share; it sends none to itself");
    }
  }

  /** Never the value. */
  @Override
  public String toString() {
    return "DkgShare[" + dealer.value() + " -> " + recipient.value() + ", value hidden]";
  }
}
