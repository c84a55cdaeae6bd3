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
