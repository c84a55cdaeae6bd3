package dev.tdsim.crypto.design.batched;

import static dev.tdsim.crypto.design.batched.BatchedFixture.BATCHED;
import static dev.tdsim.crypto.design.batched.BatchedFixture.KEYS;
import static dev.tdsim.crypto.design.batched.BatchedFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class BatchedRoundTripTest {
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 7, 16})
  void everyTransactionDecryptsToWhatTheClientSent(int count) {
    BlockId block = new BlockId("test", 10 + count);
    SeededDrbg random = SeededDrbg.of(1, "rt", count);
    List<SealedTx> txs = BatchedFixture.seal(BATCHED, block, count, random);
    for (SealedTx tx : txs) {
      SealedTx back = BATCHED.decode(tx.toBytes());
      assertEquals(tx, back);
      assertEquals(tx.encodedBytes(), tx.toBytes().length);
      assertTrue(BATCHED.isValid(back));
    }
    BatchedBlock prepared = BatchedFixture.prepared(BATCHED, block, txs);
    assertTrue(prepared.invalid().isEmpty());
    SignerSet all = SignerSet.all(KEYS.committee());
    BlockResult r = BATCHED.propose(prepared, BatchedFixture.shares(BATCHED, all, prepared),
        all, null, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    assertTrue(r.faultyValidators().isEmpty());
    assertEquals(count, r.openedCount());
    for (int j = 0; j < count; j++) {
      assertArrayEquals(BatchedFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
  }

  /** A full block of 128: prepare takes the FK20 path (cheaper at its own size), every tx opens. */
  @Test
  void aFullBlockGoesThroughFk20AndDecrypts() {
    BatchedKeys keys128 = (BatchedKeys) Designs.byName("batched")
        .setup(KEYS, 128, SeededDrbg.of(9, "fk20-block", 0), WORKERS);
    assertFalse(Kzg.directIsCheaper(128, 128));
    BlockId block = new BlockId("test", 64);
    SeededDrbg random = SeededDrbg.of(9, "fk20-block", 1);
    List<SealedTx> txs = WORKERS.map(128, j -> keys128.encrypt(block, j,
        BatchedFixture.message(j % 5), SeededDrbg.of(9, "fk20-tx", j)));
    BatchedBlock prepared = BatchedFixture.prepared(keys128, block, txs);
    SignerSet all = SignerSet.all(KEYS.committee());
    BlockResult r = keys128.propose(prepared, BatchedFixture.shares(keys128, all, prepared), all,
        null, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    for (int j = 0; j < 128; j++) {
      assertArrayEquals(BatchedFixture.message(j % 5), r.plaintexts().get(j).orElseThrow());
    }
  }

  /**
   * FK20's table of the powers is built once per setup, on the first block that takes FK20
   * (untimed by the simulator), never for blocks that take direct openings, and the block
   * prepared after it opens as before.
   */
  @Test
  void theFk20TableIsBuiltOnceForTheFirstBlockThatNeedsIt() {
    BatchedKeys keys128 = (BatchedKeys) Designs.byName("batched")
        .setup(KEYS, 128, SeededDrbg.of(9, "fk20-table", 0), WORKERS);
    assertTrue(Kzg.directIsCheaper(64, 128) && !Kzg.directIsCheaper(66, 128));
    assertEquals(null, keys128.buildTablesFor(64, WORKERS)); // direct
    assertEquals(null, keys128.buildTablesFor(0, WORKERS));
    assertFalse(keys128.setup().hasFkTable(128));
    assertTrue(keys128.buildTablesFor(66, WORKERS).contains("256 points"));
    assertTrue(keys128.setup().hasFkTable(128));
    assertEquals(null, keys128.buildTablesFor(128, WORKERS), "built once");
    BlockId block = new BlockId("test", 129);
    List<SealedTx> txs = WORKERS.map(128, j -> keys128.encrypt(block, j,
        BatchedFixture.message(j % 5), SeededDrbg.of(9, "fk20-table-tx", j)));
    BatchedBlock prepared = BatchedFixture.prepared(keys128, block, txs);
    SignerSet all = SignerSet.all(KEYS.committee());
    BlockResult r = keys128.propose(prepared, BatchedFixture.shares(keys128, all, prepared),
        all, null, SeededDrbg.of(9, "fk20-table", 1));
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    assertEquals(128, r.openedCount());
  }

  /** The block-wide validity check passes honest blocks and finds exactly the bad ones. */
  @Test
  void blockValidityFindsEachBadTransaction() {
    BlockId block = new BlockId("test", 80);
    SeededDrbg random = SeededDrbg.of(10, "validity", 0);
    List<SealedTx> txs = new ArrayList<>(BatchedFixture.seal(BATCHED, block, 7, random));
    List<BatchedTx> honest = txs.stream().map(t -> (BatchedTx) t).toList();
    assertTrue(BATCHED.allValid(honest, WORKERS));
    BatchedTx t3 = honest.get(3);
    byte[] body = t3.body();
    body[body.length - 1] ^= 1; // W no longer covers the body
    txs.set(3, new BatchedTx(block, 3, t3.a(), t3.b(), t3.w(), body));
    BatchedTx t5 = honest.get(5);
    txs.set(5, new BatchedTx(block, 5, t5.a(), t5.b().add(BATCHED.setup().slotKeyG2(5)), t5.w(),
        t5.body())); // B is no longer A times the slot's key
    BatchedBlock prepared = BatchedFixture.prepared(BATCHED, block, txs);
    assertEquals(List.of(3, 5), prepared.invalid());
  }

  @Test
  void registeredUnderItsName() {
    assertEquals("batched", Designs.byName("batched").name());
    assertEquals(1, Designs.byName("batched").sharesPerBlock(512));
  }

  @ParameterizedTest
  @ValueSource(ints = {2, 4, 8, 16})
  void fk20OpeningsEqualNaiveOpenings(int m) {
    SeededDrbg random = SeededDrbg.of(2, "fk20", m);
    Fr[] c = new Fr[m];
    for (int i = 0; i < m; i++) {
      c[i] = Fr.random(random);
    }
    G1Point[] fast = Kzg.openAll(BATCHED.setup(), c, WORKERS);
    Domain d = Domain.of(m);
    for (int k = 0; k < m; k++) {
      assertEquals(Kzg.openNaive(BATCHED.setup(), c, d.element(k)), fast[k], "opening " + k);
    }
  }

  /** prepare's two ways to the openings agree with each other and with the naive opening. */
  @ParameterizedTest
  @ValueSource(ints = {1, 2, 7, 16})
  void directOpeningsEqualFk20Openings(int count) {
    SeededDrbg random = SeededDrbg.of(7, "direct", count);
    Fr[] tags = new Fr[count];
    for (int j = 0; j < count; j++) {
      tags[j] = Fr.random(random);
    }
    Fr[] coefficients = Kzg.interpolate(BATCHED.evaluations(tags));
    G1Point[] fk20 = Kzg.openAll(BATCHED.setup(), coefficients, WORKERS);
    assertEquals(Kzg.commit(BATCHED.setup(), coefficients), Kzg.commitTags(BATCHED.setup(), tags));
    for (int j = 0; j < count; j++) {
      G1Point direct = Kzg.openDirect(BATCHED.setup(), tags, j);
      assertEquals(fk20[j], direct, "slot " + j);
      assertEquals(Kzg.openNaive(BATCHED.setup(), coefficients, BATCHED.setup().slotPoint(j)),
          direct, "slot " + j);
    }
  }

  @Test
  void capacityIsRoundedUpToAPowerOfTwo() {
    assertEquals(16, BATCHED.maxBlockSize());
    assertEquals(8, BatchedSetup.deal(KEYS, 5, SeededDrbg.of(8, "cap", 0), WORKERS).capacity());
  }

  @Test
  void g1FftMatchesTheDefinitionAndInverts() {
    SeededDrbg random = SeededDrbg.of(3, "fft", 0);
    int m = 8;
    G1Point[] a = new G1Point[m];
    for (int i = 0; i < m; i++) {
      a[i] = G1Point.generator().multiply(Fr.random(random));
    }
    G1Point[] out = G1Fft.transform(a, false, WORKERS);
    Domain d = Domain.of(m);
    for (int k = 0; k < m; k++) {
      List<Fr> s = new ArrayList<>();
      for (int j = 0; j < m; j++) {
        s.add(d.element((j * k) % m));
      }
      assertEquals(G1Point.msm(List.of(a), s), out[k]);
    }
    G1Point[] back = G1Fft.transform(out, true, WORKERS);
    Fr inv = Fr.of(m).inverse();
    for (int i = 0; i < m; i++) {
      assertEquals(a[i], back[i].multiply(inv));
    }
  }

  @Test
  void aBlockNeedsTheDigestOfItsOwnTransactions() {
    BlockId block = new BlockId("test", 50);
    SeededDrbg random = SeededDrbg.of(4, "digest", 0);
    List<SealedTx> txs = BatchedFixture.seal(BATCHED, block, 4, random);
    List<SealedTx> other = new ArrayList<>(txs);
    other.set(3, BATCHED.encrypt(block, 3, "a different tx".getBytes(), random));
    BatchedDigest forOther = BATCHED.digest(block, other, WORKERS);
    CryptoException e = assertThrows(CryptoException.class,
        () -> BATCHED.prepare(forOther, txs, WORKERS));
    assertTrue(e.getMessage().contains("does not commit"), e.getMessage());
  }

  @Test
  void aCiphertextSealedForAnotherBlockOrSlotIsRefused() {
    BlockId block = new BlockId("test", 60);
    SeededDrbg random = SeededDrbg.of(5, "replay", 0);
    List<SealedTx> txs = BatchedFixture.seal(BATCHED, block, 3, random);
    List<SealedTx> swapped = List.of(txs.get(1), txs.get(0), txs.get(2));
    assertThrows(CryptoException.class, () -> BATCHED.digest(block, swapped, WORKERS));
    assertThrows(CryptoException.class,
        () -> BATCHED.digest(new BlockId("test", 61), txs, WORKERS));
  }

  @Test
  void aTamperedCiphertextIsRefusedAtAdmission() {
    BlockId block = new BlockId("test", 70);
    SeededDrbg random = SeededDrbg.of(6, "tamper", 0);
    BatchedTx tx = (BatchedTx) BATCHED.encrypt(block, 0, "pay 5".getBytes(), random);
    assertTrue(BATCHED.isValid(tx));
    byte[] body = tx.body();
    body[0] ^= 1;
    assertFalse(BATCHED.isValid(new BatchedTx(block, 0, tx.a(), tx.b(), tx.w(), body)));
    // A and B re-randomised together (a mauled copy): W no longer proves knowledge of r.
    Fr s = Fr.of(3);
    assertFalse(BATCHED.isValid(new BatchedTx(block, 0, tx.a().multiply(s), tx.b().multiply(s),
        tx.w().multiply(s), tx.body())));
    // B for another slot's key.
    assertFalse(BATCHED.isValid(new BatchedTx(block, 0, tx.a(),
        BATCHED.setup().slotKeyG2(1).multiply(s), tx.w(), tx.body())));
    // A truncated encoding fails with a clear message.
    byte[] bytes = tx.toBytes();
    CryptoException e = assertThrows(CryptoException.class,
        () -> BATCHED.decode(java.util.Arrays.copyOf(bytes, bytes.length - 1)));
    assertTrue(e.getMessage().startsWith("decoding batched ciphertext"), e.getMessage());
    // A block holding a tampered transaction gets no shares.
    List<SealedTx> txs = List.of(new BatchedTx(block, 0, tx.a(), tx.b(), tx.w(), body));
    BatchedBlock prepared = BatchedFixture.prepared(BATCHED, block, txs);
    assertEquals(List.of(0), prepared.invalid());
    assertThrows(CryptoException.class,
        () -> BATCHED.createShares(0, SignerSet.all(KEYS.committee()), prepared));
    Map<Integer, List<byte[]>> none = Map.of();
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES,
        BATCHED.propose(prepared, none, null, null, random).status());
  }
}
