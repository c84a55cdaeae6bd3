package dev.tdsim.crypto.cert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link CommitteeCertifier#verifyVotes}: the batch check a receiver makes of queued votes. */
class VerifyVotesTest {
  private static final Committee COMMITTEE = Committee.equal(32, 21, 8); // 4 points each
  private static final byte[] MESSAGE = "precommit h=9 r=1".getBytes(StandardCharsets.UTF_8);

  @ParameterizedTest
  @ValueSource(strings = {"votes", "bls-aggregate", "threshold-bls"})
  void aBatchPassesOnlyWhenEveryVoteIsRight(String name) {
    CommitteeCertifier c = CertificateSchemes.byName(name).setUp(new CertificateSetup(COMMITTEE,
        VoteSignatureSchemes.byName("ed25519"), SeededDrbg.of(3, name, 0), Workers.of(1)));
    Map<Integer, byte[]> votes = new TreeMap<>();
    for (int v : new int[] {0, 2, 3, 6}) {
      votes.put(v, c.sign(v, MESSAGE));
    }
    assertTrue(c.verifyVotes(MESSAGE, votes));
    assertFalse(c.verifyVotes("other".getBytes(StandardCharsets.UTF_8), votes));
    assertFalse(c.verifyVotes(MESSAGE, Map.of()));
    Map<Integer, byte[]> wrong = new TreeMap<>(votes);
    wrong.put(3, c.sign(3, "other".getBytes(StandardCharsets.UTF_8)));
    assertFalse(c.verifyVotes(MESSAGE, wrong), "one vote on another message");
    Map<Integer, byte[]> swapped = new TreeMap<>(votes);
    swapped.put(2, votes.get(6));
    swapped.put(6, votes.get(2));
    // The aggregate check proves the set of signers, not who signed which part: a swap of two
    // right signatures passes it. The random-weight checks pin each part to its signer.
    assertEquals(name.equals("bls-aggregate"), c.verifyVotes(MESSAGE, swapped),
        "two votes under each other's signer");
    Map<Integer, byte[]> malformed = new TreeMap<>(votes);
    malformed.put(0, new byte[] {7});
    assertFalse(c.verifyVotes(MESSAGE, malformed));
  }
}
