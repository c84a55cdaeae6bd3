package dev.tdsim.crypto.design.blockkey;

import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.DESIGN;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.KEYS;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The signer set a block-key combiner opens with when none is named: the senders that are
 * validators of the committee, if they hold t points (a sender outside the committee is named
 * and left out); a named set of another committee is refused; and the per-point form refuses a
 * transaction its key does not open, naming its position.
 */
class BlockKeySignerSetTest {
  private static final BlockId ID = BlockKeyFixture.block(12);

  private static PreparedBlock block(DesignKeys keys, int count, String seed) {
    return BlockKeyFixture.prepare(keys, ID,
        BlockKeyFixture.seal(keys, ID, count, SeededDrbg.of(12, seed, 0)));
  }

  @Test
  void withoutANamedSetTheSendersInTheCommitteeAreTheSigners() {
    PreparedBlock b = block(DESIGN, 2, "senders");
    List<Integer> six = List.of(0, 1, 2, 3, 4, 5); // 48 points >= t = 42
    SignerSet signers = SignerSet.of(KEYS.committee(), six);
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(DESIGN, signers, b);
    shares.put(9, shares.get(0)); // not a validator of this committee
    shares.put(-1, shares.get(1));
    BlockResult r = DESIGN.propose(b, shares, null, null, SeededDrbg.of(12, "p", 0));
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.faultyValidators().toString());
    assertEquals(six, r.signersUsed().validators());
    assertEquals(Map.of(9, "not a validator of the committee", -1,
        "not a validator of the committee"), r.faultyValidators());
    for (int j = 0; j < 2; j++) {
      assertArrayEquals(BlockKeyFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
    // five senders hold 40 points: no set to open with, nothing opened, nobody blamed
    Map<Integer, List<byte[]>> few = BlockKeyFixture.shares(DESIGN, signers, b);
    few.remove(5);
    BlockResult shut = DESIGN.propose(b, few, null, null, SeededDrbg.of(12, "p", 1));
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, shut.status());
    assertTrue(shut.faultyValidators().isEmpty());
    assertTrue(shut.plaintexts().stream().allMatch(Optional::isEmpty));
  }

  @Test
  void aNamedSetOfAnotherCommitteeIsRefused() {
    PreparedBlock b = block(DESIGN, 1, "other");
    SignerSet other = SignerSet.all(Committee.equal(64, Committee.defaultThreshold(64), 4));
    CryptoException e = assertThrows(CryptoException.class, () -> DESIGN.propose(b,
        BlockKeyFixture.shares(DESIGN, BlockKeyFixture.all(), b), other, null,
        SeededDrbg.of(12, "p", 2)));
    assertTrue(e.getMessage().startsWith("block-key: signer set of another committee"),
        e.getMessage());
  }

  @Test
  void thePerPointFormRefusesWhatItsKeyDoesNotOpen() {
    DesignKeys points = Designs.byName("block-key-points").setup(KEYS, 4,
        SeededDrbg.of(12, "points", 0), WORKERS);
    KeySet otherKeys = KeySet.deal(KEYS.committee(), SeededDrbg.of(12, "other-keys", 0), WORKERS);
    DesignKeys foreign = Designs.byName("block-key-points").setup(otherKeys, 4,
        SeededDrbg.of(12, "points", 1), WORKERS);
    SeededDrbg random = SeededDrbg.of(12, "seal", 0);
    List<SealedTx> txs = List.of(points.encrypt(ID, 0, BlockKeyFixture.message(0), random),
        foreign.encrypt(ID, 1, BlockKeyFixture.message(1), random),
        points.encrypt(ID, 2, BlockKeyFixture.message(2), random));
    assertTrue(points.isValid(txs.get(1)), "structurally valid: refused only when opened");
    PreparedBlock b = BlockKeyFixture.prepare(points, ID, txs);
    BlockResult r = points.propose(b, BlockKeyFixture.shares(points, BlockKeyFixture.all(), b),
        null, null, SeededDrbg.of(12, "p", 3));
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    assertEquals(List.of(1), r.invalidCiphertexts());
    assertFalse(r.plaintexts().get(1).isPresent());
    assertArrayEquals(BlockKeyFixture.message(2), r.plaintexts().get(2).orElseThrow());
    assertTrue(r.faultyValidators().isEmpty());
  }

  /** Senders holding exactly t points are a signer set; one validator fewer is not. */
  @Test
  void sendersHoldingExactlyTheThresholdAreTheSigners() {
    KeySet keys = KeySet.deal(Committee.equal(16, 12, 4), SeededDrbg.of(12, "exact", 0), WORKERS);
    DesignKeys design = Designs.byName("block-key").setup(keys, 2, SeededDrbg.of(12, "exact", 1),
        WORKERS);
    PreparedBlock b = block(design, 1, "exact");
    SignerSet three = SignerSet.of(keys.committee(), List.of(0, 1, 3)); // 12 points = t
    Map<Integer, List<byte[]>> shares = BlockKeyFixture.shares(design, three, b);
    BlockResult r = design.propose(b, shares, null, null, SeededDrbg.of(12, "p", 4));
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.faultyValidators().toString());
    assertEquals(three, r.signersUsed());
    assertArrayEquals(BlockKeyFixture.message(0), r.plaintexts().get(0).orElseThrow());
  }
}
