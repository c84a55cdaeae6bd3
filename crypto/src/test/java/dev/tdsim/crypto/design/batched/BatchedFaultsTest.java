package dev.tdsim.crypto.design.batched;

import static dev.tdsim.crypto.design.batched.BatchedFixture.BATCHED;
import static dev.tdsim.crypto.design.batched.BatchedFixture.KEYS;
import static dev.tdsim.crypto.design.batched.BatchedFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BatchedFaultsTest {
  private static final BlockId BLOCK = new BlockId("faults", 7);
  private static final List<SealedTx> TXS =
      BatchedFixture.seal(BATCHED, BLOCK, 5, SeededDrbg.of(10, "faults", 0));
  private static final BatchedBlock PREPARED = BatchedFixture.prepared(BATCHED, BLOCK, TXS);

  private static void assertAllOpened(BlockResult r) {
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    for (int j = 0; j < TXS.size(); j++) {
      assertArrayEquals(BatchedFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }

  @Test
  void aShiftedShareIsNamedAndTheRestDecryptAfterReshare() {
    SignerSet all = SignerSet.all(KEYS.committee());
    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, all, PREPARED);
    BatchedFixture.shift(shares, 3);
    SeededDrbg random = SeededDrbg.of(11, "faults", 0);
    // Without a reshare source: the set the shares were folded for lost validator 3.
    BlockResult stuck = BATCHED.propose(PREPARED, shares, all, null, random);
    assertEquals(BlockResult.Status.NEEDS_RESHARE, stuck.status());
    assertEquals(List.of(3), List.copyOf(stuck.faultyValidators().keySet()));
    assertTrue(stuck.plaintexts().stream().allMatch(Optional::isEmpty));
    // With one: the remaining 7 validators (56 >= 42 points) fold again and decrypt.
    BlockResult r = BATCHED.propose(PREPARED, shares, all,
        s -> BatchedFixture.shares(BATCHED, s, PREPARED), random);
    assertAllOpened(r);
    assertEquals(List.of(3), List.copyOf(r.faultyValidators().keySet()));
    assertTrue(r.faultyValidators().get(3).contains("verification"));
    assertTrue(!r.signersUsed().contains(3));
  }

  @Test
  void aMalformedShareIsNamedAndExcluded() {
    SignerSet all = SignerSet.all(KEYS.committee());
    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, all, PREPARED);
    shares.put(5, List.of(new byte[] {1, 2, 3}));
    shares.put(6, List.of(shares.get(6).get(0), shares.get(6).get(0)));
    BlockResult r = BATCHED.propose(PREPARED, shares, all,
        s -> BatchedFixture.shares(BATCHED, s, PREPARED), SeededDrbg.of(12, "faults", 0));
    assertAllOpened(r);
    assertEquals(List.of(5, 6), List.copyOf(r.faultyValidators().keySet()));
    assertTrue(r.faultyValidators().get(5).startsWith("malformed"));
  }

  @Test
  void sharesFoldedForTheSendersNeedNoReshare() {
    SignerSet six = SignerSet.of(KEYS.committee(), List.of(0, 1, 2, 4, 5, 7));
    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, six, PREPARED);
    BlockResult r = BATCHED.propose(PREPARED, shares, null, null, SeededDrbg.of(13, "f", 0));
    assertAllOpened(r);
    assertEquals(six, r.signersUsed());
  }

  @Test
  void tooFewHonestPointsOpenNothing() {
    SignerSet all = SignerSet.all(KEYS.committee());
    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, all, PREPARED);
    for (int v : List.of(0, 1, 2)) {
      BatchedFixture.shift(shares, v);
    }
    BlockResult r = BATCHED.propose(PREPARED, shares, all,
        s -> BatchedFixture.shares(BATCHED, s, PREPARED), SeededDrbg.of(14, "f", 0));
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, r.status());
    assertNull(r.signersUsed());
    assertEquals(List.of(0, 1, 2), List.copyOf(r.faultyValidators().keySet()));
    assertTrue(r.plaintexts().stream().allMatch(Optional::isEmpty));
  }

  @Test
  void anotherDealersSetupIsRejected() {
    KeySet otherKeys = KeySet.deal(Committee.equal(64, Committee.defaultThreshold(64), 8),
        SeededDrbg.of(99, "other", 0), WORKERS);
    BatchedSetup otherSetup =
        BatchedSetup.deal(otherKeys, 16, SeededDrbg.of(99, "other", 1), WORKERS);
    CryptoException e = assertThrows(CryptoException.class, () -> new BatchedKeys(
        (BatchedDesign) Designs.byName("batched"), KEYS, otherSetup, WORKERS,
        SeededDrbg.of(1, "x", 0)));
    assertTrue(e.getMessage().startsWith("batched setup"), e.getMessage());
    // Powers of another tau with this key set's [sk tau] values: rejected too.
    BatchedSetup own = BATCHED.setup();
    BatchedSetup mixed = new BatchedSetup(own.capacity(), otherSetup.powers(), own.lagrange(),
        own.selfQuotients(), own.tau2(), own.skTau1(), own.skTau2(), KEYS.publicKey(),
        KEYS.publicKeyG2());
    e = assertThrows(CryptoException.class, () -> mixed.checkAgainst(KEYS, SeededDrbg.of(2, "x", 0)));
    assertTrue(e.getMessage().contains("powers of one tau"), e.getMessage());
    // Another dealer's Lagrange basis or opening helpers: rejected by name.
    BatchedSetup otherBasis = new BatchedSetup(own.capacity(), own.powers(), otherSetup.lagrange(),
        own.selfQuotients(), own.tau2(), own.skTau1(), own.skTau2(), KEYS.publicKey(),
        KEYS.publicKeyG2());
    e = assertThrows(CryptoException.class,
        () -> otherBasis.checkAgainst(KEYS, SeededDrbg.of(3, "x", 0)));
    assertTrue(e.getMessage().contains("Lagrange basis"), e.getMessage());
    BatchedSetup otherHelpers = new BatchedSetup(own.capacity(), own.powers(), own.lagrange(),
        otherSetup.selfQuotients(), own.tau2(), own.skTau1(), own.skTau2(), KEYS.publicKey(),
        KEYS.publicKeyG2());
    e = assertThrows(CryptoException.class,
        () -> otherHelpers.checkAgainst(KEYS, SeededDrbg.of(4, "x", 0)));
    assertTrue(e.getMessage().contains("opening helpers"), e.getMessage());
  }

  @Test
  void anotherSetupsBlockOrCiphertextNeverOpensWrongly() {
    BatchedKeys other = (BatchedKeys) Designs.byName("batched")
        .setup(KEYS, 16, SeededDrbg.of(77, "other-setup", 0), WORKERS);
    // A block prepared under another setup (same key set): refused by name.
    CryptoException e = assertThrows(CryptoException.class, () -> BATCHED.propose(
        BatchedFixture.prepared(other, BLOCK, BatchedFixture.seal(other, BLOCK, 2,
            SeededDrbg.of(78, "o", 0))), Map.of(), null, null, SeededDrbg.of(79, "o", 0)));
    assertTrue(e.getMessage().contains("another batched setup"), e.getMessage());
    // A ciphertext sealed under the other setup fails admission here.
    SealedTx foreign = other.encrypt(BLOCK, 0, "x".getBytes(), SeededDrbg.of(80, "o", 0));
    assertTrue(!BATCHED.isValid(BATCHED.decode(foreign.toBytes())));
  }

  /**
   * A ciphertext sealed for a slot of this block but not included stays sealed once the block's
   * key K = sk C' is public: K opens only the tag committed at that slot, and shifting the
   * evaluation with the key set's public Y = [sk]_1 (which would work if the powers were not in
   * the gamma basis) gives a wrong key.
   */
  @Test
  void aNonIncludedCiphertextForTheSameSlotStaysSealed() {
    SignerSet all = SignerSet.all(KEYS.committee());
    G1Point key = G1Point.sum(BatchedFixture.shares(BATCHED, all, PREPARED).values().stream()
        .map(l -> G1Point.fromBytes(l.get(0))).toList());
    assertTrue(BATCHED.combiner().checkKey(PREPARED.digest().point(), key));
    BatchedTx victim = (BatchedTx) BATCHED.encrypt(BLOCK, 2, "not included".getBytes(),
        SeededDrbg.of(15, "victim", 0));
    dev.tdsim.crypto.field.Fr h = Cipher.tag(victim.header());
    dev.tdsim.crypto.field.Fr shift = h.sub(PREPARED.tags()[2]);
    dev.tdsim.crypto.curve.GtElement plain = dev.tdsim.crypto.curve.Pairings.millerLoop(
        List.of(key, PREPARED.negatedProofs()[2]), List.of(victim.a(), victim.b()))
        .finalExponentiation();
    dev.tdsim.crypto.curve.GtElement shifted = dev.tdsim.crypto.curve.Pairings.millerLoop(
        List.of(key.add(KEYS.publicKey().multiply(shift)), PREPARED.negatedProofs()[2]),
        List.of(victim.a(), victim.b())).finalExponentiation();
    for (dev.tdsim.crypto.curve.GtElement k : List.of(plain, shifted)) {
      assertTrue(Cipher.open(Cipher.kdf(k, h), victim.header(), victim.bodyView()).isEmpty());
    }
    // An empty slot (9 of 16; the block fills 0..4) is pinned to 0 by the digest: its opening
    // gives a key for tag 0, not the victim's.
    BatchedTx empty = (BatchedTx) BATCHED.encrypt(BLOCK, 9, "not included".getBytes(),
        SeededDrbg.of(16, "victim", 0));
    dev.tdsim.crypto.field.Fr[] coefficients =
        Kzg.interpolate(BATCHED.evaluations(PREPARED.tags()));
    G1Point pi = Kzg.openNaive(BATCHED.setup(), coefficients, BATCHED.setup().slotPoint(9));
    dev.tdsim.crypto.curve.GtElement k = dev.tdsim.crypto.curve.Pairings.millerLoop(
        List.of(key, pi.negate()), List.of(empty.a(), empty.b())).finalExponentiation();
    dev.tdsim.crypto.field.Fr emptyTag = Cipher.tag(empty.header());
    assertTrue(Cipher.open(Cipher.kdf(k, emptyTag), empty.header(), empty.bodyView()).isEmpty());
  }

  /** Shares made for another block's digest, or folded for another signer set, are named. */
  @Test
  void sharesForAnotherBlockOrSignerSetAreNamed() {
    BlockId otherBlock = new BlockId("faults", 8);
    BatchedBlock other = BatchedFixture.prepared(BATCHED, otherBlock,
        BatchedFixture.seal(BATCHED, otherBlock, 2, SeededDrbg.of(17, "other", 0)));
    SignerSet all = SignerSet.all(KEYS.committee());
    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, all, PREPARED);
    shares.put(2, BATCHED.createShares(2, all, other));
    BlockResult r = BATCHED.propose(PREPARED, shares, all,
        s -> BatchedFixture.shares(BATCHED, s, PREPARED), SeededDrbg.of(18, "f", 0));
    assertAllOpened(r);
    assertEquals(List.of(2), List.copyOf(r.faultyValidators().keySet()));
    // Folded for the committee minus validator 7, but claimed for the whole committee.
    SignerSet seven = SignerSet.of(KEYS.committee(), List.of(0, 1, 2, 3, 4, 5, 6));
    Map<Integer, List<byte[]>> misfolded = BatchedFixture.shares(BATCHED, all, PREPARED);
    misfolded.put(4, BATCHED.createShares(4, seven, PREPARED));
    r = BATCHED.propose(PREPARED, misfolded, all, null, SeededDrbg.of(19, "f", 0));
    assertEquals(BlockResult.Status.NEEDS_RESHARE, r.status());
    assertEquals(List.of(4), List.copyOf(r.faultyValidators().keySet()));
  }
}
