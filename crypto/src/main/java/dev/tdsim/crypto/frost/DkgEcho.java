package dev.tdsim.crypto.frost;

import java.util.List;
import java.util.Objects;

/**
 * A participant's echo of round one, sent to every other participant with its round-2 shares:
 * for each dealer 1..n, SHA-256 of the dealer's round-1 commitment as the sender holds it (its own
 * for itself; zeros for a dealer it has none from). Comparing echoes stands in for the
 * broadcast channel Komlo-Goldberg assume: a dealer that sends different valid packages to
 * different participants is caught before anyone uses them.
 */
public record DkgEcho(Identifier sender, List<byte[]> digests) {
  public DkgEcho {
    Objects.requireNonNull(sender, "sender");
    digests = digests.stream().map(d -> Objects.requireNonNull(d, "digest").clone()).toList();
  }

  /** A copy of dealer {@code dealer}'s digest (dealers count from 1). */
  public byte[] digestOf(Identifier dealer) {
    return digests.get(dealer.value() - 1).clone();
  }

  /** Whether the two echoes hold the same digests (the arrays compared by content). */
  public boolean sameDigests(DkgEcho other) {
    if (other.digests.size() != digests.size()) {
      return false;
    }
    for (int i = 0; i < digests.size(); i++) {
      if (!java.util.Arrays.equals(digests.get(i), other.digests.get(i))) {
        return false;
      }
    }
    return true;
  }
}
