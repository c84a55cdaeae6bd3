package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.crypto.variant.Variants;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Ferveo's variants behind the {@link BlockDesign} API: the same facts as the variant, one share
 * per transaction of the variant's size, a round trip through {@link DesignKeys}, a combiner view
 * with its own prepare_combine cache, wrong shares named, and a key-colliding payload that never
 * opens to the colluder's plaintext.
 */
class FerveoDesignTest {
  private static final Workers WORKERS = Workers.of(1);
  private static final KeySet KEYS = KeySet.deal(Committee.equal(16, 11, 4),
      SeededDrbg.of(5, "test.ferveo-design", 0), WORKERS);

  @Test
  void theRegistryHoldsEveryVariantFirstThenTheNewDesigns() {
    List<String> names = Designs.names();
    assertEquals(Variants.names(), names.subList(0, Variants.names().size()));
    for (String v : Variants.names()) {
      BlockDesign d = Designs.byName(v);
      assertTrue(d instanceof FerveoDesign);
      assertEquals(Variants.byName(v), FerveoDesign.variantOf(d).orElseThrow());
      assertFalse(d.precomputesBlock());
      assertTrue(d.supportsKeyCollision());
      assertEquals(Variants.byName(v).sharesDependOnSigners(), d.sharesDependOnSigners());
      assertEquals(Variants.byName(v).deploymentCaveat(), d.deploymentCaveat());
      assertEquals(7, d.sharesPerBlock(7), "one share per transaction");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"simple", "batch", "fast", "precomputed", "folded"})
  void aBlockRoundTripsThroughTheDesignApi(String name) {
    BlockDesign design = Designs.byName(name);
    DesignKeys keys = design.setup(KEYS, 3, SeededDrbg.of(1, "test.ferveo-design", 1), WORKERS);
    BlockId id = new BlockId("test", 1);
    List<byte[]> payloads = List.of(new byte[] {1, 2}, new byte[40], new byte[] {7});
    List<SealedTx> txs = new ArrayList<>();
    for (int i = 0; i < payloads.size(); i++) {
      SealedTx tx = keys.encrypt(id, i, payloads.get(i), SeededDrbg.of(i, "test.ferveo-tx", 0));
      assertTrue(keys.isValid(tx));
      assertEquals(tx, keys.decode(tx.toBytes()));
      txs.add(tx);
    }
    BlockDigest digest = keys.digest(id, txs, WORKERS);
    assertEquals(0, digest.wireBytes(), "nothing on the wire beyond the block");
    PreparedBlock block = keys.prepare(digest, txs, WORKERS);
    SignerSet signers = SignerSet.all(KEYS.committee());
    Map<Integer, List<byte[]>> shares = new TreeMap<>();
    for (int v : signers.validators()) {
      List<byte[]> mine = keys.createShares(v, signers, block);
      assertEquals(design.sharesPerBlock(3), mine.size());
      for (byte[] s : mine) {
        assertEquals(design.shareWireBytes(KEYS.committee(), v), s.length, "wire size");
      }
      shares.put(v, mine);
    }
    DesignKeys combiner = keys.forCombiner();
    BlockResult r = combiner.propose(block, shares, signers, null,
        SeededDrbg.of(2, "test.ferveo-design", 0));
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    for (int j = 0; j < payloads.size(); j++) {
      assertArrayEquals(payloads.get(j), r.plaintexts().get(j).orElseThrow());
    }
    assertTrue(r.ranPrepare());
    assertFalse(combiner.propose(block, shares, signers, null,
        SeededDrbg.of(3, "test.ferveo-design", 0)).ranPrepare(), "cached in this view");
    assertTrue(keys.forCombiner().propose(block, shares, signers, null,
        SeededDrbg.of(4, "test.ferveo-design", 0)).ranPrepare(), "another combiner's own cache");

    // Validator 1's wrong shares are named; the others open the block.
    shares.put(1, keys.createWrongShares(1, signers, block));
    BlockResult bad = keys.forCombiner().propose(block, shares, signers, null,
        SeededDrbg.of(5, "test.ferveo-design", 0));
    assertTrue(bad.faultyValidators().containsKey(1), name + ": " + bad.faultyValidators());
    for (int j = 0; j < payloads.size(); j++) {
      int k = j;
      bad.plaintexts().get(j).ifPresent(p -> assertArrayEquals(payloads.get(k), p, "never wrong"));
    }
    // Shares folded for the whole set cannot be combined without 1 (a reshare); the others can.
    assertEquals(design.sharesDependOnSigners() ? BlockResult.Status.NEEDS_RESHARE
        : BlockResult.Status.DECRYPTED, bad.status(), name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"fast", "folded"})
  void aCollidingPayloadNeverOpensToTheColludersPlaintext(String name) {
    DesignKeys keys = Designs.byName(name).setup(KEYS, 2, SeededDrbg.of(1, "t", 1), WORKERS);
    BlockId id = new BlockId("test", 2);
    DesignKeys.Colliding c = keys.sealColliding(id, 0, new byte[] {9, 9},
        SeededDrbg.of(6, "test.ferveo-design", 0));
    assertTrue(keys.isValid(c.tx()));
    assertTrue(c.tx() instanceof Ciphertext);
    List<SealedTx> txs = List.of(c.tx(), keys.encrypt(id, 1, new byte[3],
        SeededDrbg.of(7, "test.ferveo-design", 0)));
    PreparedBlock block = keys.prepare(keys.digest(id, txs, WORKERS), txs, WORKERS);
    SignerSet signers = SignerSet.all(KEYS.committee());
    Map<Integer, List<byte[]>> shares = new TreeMap<>();
    for (int v : signers.validators()) {
      shares.put(v, v == 2 ? keys.createColludingShares(v, signers, block, c.tx())
          : keys.createShares(v, signers, block));
    }
    BlockResult r = keys.forCombiner().propose(block, shares, signers, null,
        SeededDrbg.of(8, "test.ferveo-design", 0));
    r.plaintexts().get(0).ifPresent(p -> assertArrayEquals(c.honestPlaintext(), p));
    byte[] shifted = c.shiftedPlaintext();
    assertEquals(c.honestPlaintext().length, shifted.length);
    assertFalse(java.util.Arrays.equals(c.honestPlaintext(), shifted), "another plaintext");
    assertTrue(r.faultyValidators().containsKey(2), "the colluder is named");
    assertArrayEquals(new byte[3], r.plaintexts().get(1).orElseThrow());
  }
}
