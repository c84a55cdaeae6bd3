package dev.tdsim.signing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.frost.SignatureShare;
import dev.tdsim.crypto.frost.SigningCommitments;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.signing.RoundSchedule.Message;
import dev.tdsim.signing.RoundSchedule.Round;
import java.util.List;
import org.junit.jupiter.api.Test;

/** frost-ed25519: commitments presigned, then the package out and shares back; t of n sign. */
class FrostSigningSchemeTest {
  private final SigningScheme frost = SigningSchemes.byName("frost-ed25519");

  @Test
  void commitmentsArePresignedAndThreeOnlineStepsFollow() {
    int t = 3;
    int n = 5;
    SigningRun run = frost.committee(t, n, SeededDrbg.of(1, "keys", 0))
        .sign(new byte[] {1, 2, 3}, SeededDrbg.of(1, "sign", 0));
    assertEquals(0, run.coordinator());
    assertEquals(64, run.signature().length);
    assertEquals(1, run.presign().size());
    List<Message> commitments = run.presign().get(0).messages();
    assertEquals(t - 1, commitments.size()); // the coordinator's own commitments do not travel
    assertTrue(commitments.stream().allMatch(m -> m.to() == 0
        && m.bytes() == SigningCommitments.ENCODED_BYTES));
    assertEquals(3, run.online().size());
    List<Message> packages = run.online().get(0).messages();
    assertEquals(t - 1, packages.size());
    assertTrue(packages.stream().allMatch(m -> m.from() == 0
        && m.bytes() == 4 + t * SigningCommitments.ENCODED_BYTES + 3));
    List<Message> shares = run.online().get(1).messages();
    assertTrue(shares.stream().allMatch(m -> m.to() == 0
        && m.bytes() == SignatureShare.ENCODED_BYTES));
    assertEquals(List.of(), run.online().get(2).messages());
    // only the first t parties compute; the others take no part
    for (Round r : run.allRounds()) {
      for (int p = t; p < n; p++) {
        assertEquals(0, r.computeNanos()[p]);
      }
    }
    assertTrue(run.online().get(1).computeNanos()[t - 1] > 0, "signer t-1 signs");
  }

  @Test
  void aThresholdBelowTwoIsRefusedNamingTheScheme() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> frost.committee(1, 3, SeededDrbg.of(2, "keys", 0)));
    assertTrue(e.getMessage().startsWith("frost-ed25519: "), e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> frost.committee(4, 3, SeededDrbg.of(2, "keys", 0)));
  }

  @Test
  void itsLeastThresholdIsTwoAndTheOthersOne() {
    assertEquals(2, frost.minThreshold());
    assertEquals(1, SigningSchemes.byName("threshold-bls").minThreshold());
  }

  @Test
  void theSingleKeyCounterpartIsPlainEd25519() {
    SigningScheme.SingleKeySigner alone = frost.singleKey(SeededDrbg.of(3, "one", 0));
    assertEquals("Ed25519", alone.name());
    assertEquals(frost.signatureBytes(), alone.sign(new byte[] {9}).length);
  }
}
