package dev.tdsim.costs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class CostsTest {
  @Test
  void canonicalVoteBytesMatchCometBftsEncoding() {
    byte[] hash = new byte[32];
    byte[] parts = new byte[32];
    Arrays.fill(hash, (byte) 0xaa);
    Arrays.fill(parts, (byte) 0xbb);
    byte[] vote = CanonicalVoteBytes.encode(CanonicalVoteBytes.PRECOMMIT, 5, 0, hash, 1, parts,
        1, 2, "c");
    String h = HexFormat.of().formatHex(vote);
    // length 0x5e = 94 | type 2 | height 5 sfixed64 | (round 0 omitted) | block_id { hash,
    // part_set_header { total 1, hash } } | timestamp {1, 2} | chain id "c"
    String expected = "5e" + "0802" + "110500000000000000"
        + "2248" + "0a20" + "aa".repeat(32) + "1224" + "0801" + "1220" + "bb".repeat(32)
        + "2a04" + "08011002" + "3201" + "63";
    assertEquals(expected, h);
    byte[] nil = CanonicalVoteBytes.encode(CanonicalVoteBytes.PREVOTE, 5, 1, null, 0, null, 0, 0,
        "c");
    assertEquals("19" + "0801" + "110500000000000000" + "190100000000000000" + "2a00" + "320163",
        HexFormat.of().formatHex(nil));
    int n = CanonicalVoteBytes.sample(7).length;
    assertTrue(n >= 100 && n <= 150, "a CometBFT-sized vote, got " + n + " bytes");
    assertFalse(Arrays.equals(CanonicalVoteBytes.sample(1), CanonicalVoteBytes.sample(2)));
  }

  @Test
  void voteCostsAreMeasuredPositiveAndCached() {
    VoteCosts ed = VoteCosts.measure(VoteSignatureSchemes.byName("ed25519"), 5);
    assertEquals("ed25519", ed.scheme());
    assertEquals(64, ed.signatureBytes());
    assertEquals(5, ed.samples());
    assertTrue(ed.signNanos() > 0 && ed.verifyNanos() > 0);
    assertTrue(ed.messageBytes() >= 100 && ed.messageBytes() <= 150, "" + ed.messageBytes());
    assertSame(VoteCosts.cached("BLS"), VoteCosts.cached("bls"));
    assertEquals(96, VoteCosts.cached("bls").signatureBytes());
    assertThrows(IllegalArgumentException.class, () -> VoteCosts.cached("rsa"));
    assertThrows(IllegalArgumentException.class,
        () -> new VoteCosts("x", 0, 1, 1, 1, 1, 1));
    VoteCosts.Timings t = VoteCosts.time(VoteSignatureSchemes.byName("bls"), 3, 0);
    assertEquals(3, t.signNanos().length);
    assertEquals(3, t.verifyNanos().length);
  }

  @Test
  void executionCostsValidateAndAddUp() {
    ExecutionCosts d = ExecutionCosts.DEFAULTS;
    assertEquals(4_000L * 100, d.blockExecutionNanos(100));
    assertEquals(3, d.syncsPerSignedMessage());
    assertEquals(6_000_000L, d.signedMessageDurabilityNanos());
    assertEquals(8_000_000L, d.ownBlockPartsDurabilityNanos(4));
    assertEquals(2_000_000L, d.endHeightNanos());
    ExecutionCosts remoteSigner = new ExecutionCosts(1, 7, 10, false, false);
    assertEquals(2, remoteSigner.syncsPerSignedMessage());
    assertEquals(0, remoteSigner.ownBlockPartsDurabilityNanos(4));
    assertEquals(7 + 3, remoteSigner.blockExecutionNanos(3));
    assertEquals(0, ExecutionCosts.NONE.signedMessageDurabilityNanos());
    assertEquals(0, ExecutionCosts.NONE.blockExecutionNanos(1000));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new ExecutionCosts(-1, 0, 0, true, true));
    assertEquals("consensus.execution_per_tx must be in [0, 60s], got -1 ns", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new ExecutionCosts(0, ExecutionCosts.MAX_NANOS + 1, 0, true, true));
    assertTrue(e.getMessage().startsWith("consensus.execution_per_block"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> new ExecutionCosts(0, 0, -5, true, true));
    assertTrue(e.getMessage().startsWith("consensus.wal_fsync "), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> d.blockExecutionNanos(-1));
    assertThrows(IllegalArgumentException.class, () -> d.ownBlockPartsDurabilityNanos(-1));
    assertThrows(ArithmeticException.class,
        () -> new ExecutionCosts(ExecutionCosts.MAX_NANOS, 0, 0, true, true)
            .blockExecutionNanos(Integer.MAX_VALUE));
  }
}
