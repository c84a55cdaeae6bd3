package dev.tdsim.signing;

import dev.tdsim.signing.RoundSchedule.Round;
import java.util.List;

/**
 * One real signing of one message, as rounds to put on a network: the rounds that do not depend
 * on the message (a presigning, nonce commitments), which a committee may run ahead of time, then
 * the ones that do. Parties are numbered 0 .. n - 1; the signature is complete at the end of the
 * last round at {@code coordinator}.
 *
 * @param presign the message-independent rounds, in order (empty when the scheme has none)
 * @param online the rounds that need the message, in order (at least one)
 * @param coordinator the party holding the signature at the end
 * @param signature the signature's bytes, checked by the scheme's standard verifier
 */
public record SigningRun(List<Round> presign, List<Round> online, int coordinator,
    byte[] signature) {
  public SigningRun {
    presign = List.copyOf(presign);
    online = List.copyOf(online);
    if (online.isEmpty()) {
      throw new IllegalArgumentException("a signing needs at least one round with the message");
    }
    signature = signature.clone();
  }

  /** Every round, presigning first. */
  public List<Round> allRounds() {
    List<Round> all = new java.util.ArrayList<>(presign);
    all.addAll(online);
    return all;
  }

  @Override
  public byte[] signature() {
    return signature.clone();
  }
}
