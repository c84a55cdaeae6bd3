package dev.tdsim.signing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.cggmp21.PresignMessages.Round1;
import dev.tdsim.crypto.cggmp21.PresignParty;
import dev.tdsim.crypto.cggmp21.ProtocolAbort;
import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.random.SeededDrbg;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator's CGGMP21 presignings: each has its own session id (audit F6). */
class Cggmp21SigningTest {
  private static final byte[] MESSAGE = "tdsim block 7".getBytes(StandardCharsets.UTF_8);

  private static Cggmp21Signing.Keys keys() {
    List<PaillierSecretKey> paillier = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      paillier.add(PaillierSecretKey.generate(SecurityParams.TEST.paillierBits(),
          SeededDrbg.of(i, "cggmp21 sim test paillier", 0)));
    }
    return (Cggmp21Signing.Keys) Cggmp21Signing.committee(2, 3, SecurityParams.TEST, paillier,
        SeededDrbg.of(1, "cggmp21 sim test keys", 0));
  }

  /**
   * Signing one message twice: the two presignings get different session ids (before, the id was
   * the message's hash alone), so a round-1 message replayed from the first fails its Π^enc in
   * the second's round 2 instead of passing and setting two honest signers against each other.
   */
  @Test
  void twoPresigningsOfOneMessageHaveDifferentSessionIdsAndAReplayIsRefused() {
    Cggmp21Signing.Keys keys = keys();
    byte[] first = keys.nextPresignSessionId(MESSAGE);
    byte[] second = keys.nextPresignSessionId(MESSAGE);
    assertFalse(Arrays.equals(first, second));
    assertFalse(Arrays.equals(second, keys.nextPresignSessionId(MESSAGE)));

    int[] signers = keys.signers();
    PresignParty oneInFirst = new PresignParty(keys.keys().get(1), signers, first,
        SeededDrbg.of(1, "first", 0));
    Round1 replayed = oneInFirst.round1().get(0);
    PresignParty zeroInSecond = new PresignParty(keys.keys().get(0), signers, second,
        SeededDrbg.of(0, "second", 0));
    zeroInSecond.round1();
    ProtocolAbort abort = assertThrows(ProtocolAbort.class,
        () -> zeroInSecond.round2(List.of(replayed)));
    assertTrue(abort.getMessage().contains("presign round 2"), abort.getMessage());
    assertTrue(abort.getMessage().contains("Pi-enc"), abort.getMessage());
  }

  @Test
  void theCommitteeStillSignsAndTheSignatureVerifies() {
    Cggmp21Signing.Keys keys = keys();
    for (int i = 0; i < 2; i++) { // the same message twice: two presignings, two signatures
      assertTrue(keys.sign(MESSAGE, SeededDrbg.of(i, "sign", 0)).signature().length > 0);
    }
  }
}
