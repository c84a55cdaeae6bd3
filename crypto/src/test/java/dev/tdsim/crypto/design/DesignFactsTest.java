package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.variant.Variants;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The small facts of the design layer a user meets first: a block id's checks and bytes, how a
 * design is found by name (and the refusal that lists the known ones), the share forms' names
 * and wire sizes.
 */
class DesignFactsTest {
  @Test
  void aBlockIdStartsAtHeightOneAndNeedsAChain() {
    assertEquals(1, new BlockId("c", 1).height());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new BlockId("c", 0));
    assertEquals("height 0 < 1", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new BlockId("c", -5));
    assertThrows(NullPointerException.class, () -> new BlockId(null, 3));
  }

  @Test
  void aBlockIdsBytesAreTheLengthPrefixedChainThenTheHeight() {
    byte[] name = "chain-é".getBytes(StandardCharsets.UTF_8);
    byte[] expected = ByteBuffer.allocate(4 + name.length + 8).putInt(name.length).put(name)
        .putLong(0x0102030405060708L).array();
    assertArrayEquals(expected, new BlockId("chain-é", 0x0102030405060708L).toBytes());
    // unambiguous: moving a byte between the name and the height changes the bytes
    assertFalse(java.util.Arrays.equals(new BlockId("ab", 1).toBytes(),
        new BlockId("a", 1).toBytes()));
  }

  @Test
  void designsAreFoundInAnyCaseAndAnUnknownNameListsTheKnownOnes() {
    assertSame(Designs.byName("block-key"), Designs.byName(" Block-Key "));
    assertEquals("batched-points", Designs.byName("BATCHED-points").name());
    assertTrue(Designs.isDesign("batched"));
    assertTrue(Designs.isDesign(Variants.names().get(0)));
    assertFalse(Designs.isDesign("no-such-design"));
    assertFalse(Designs.isDesign(null));
    CryptoException e = assertThrows(CryptoException.class, () -> Designs.byName("bached"));
    assertTrue(e.getMessage().startsWith("choosing design: unknown design 'bached'; known: "),
        e.getMessage());
    assertTrue(e.getMessage().contains("block-key-points"), e.getMessage());
    assertTrue(e.getMessage().contains("did you mean 'batched'?"), e.getMessage());
    assertEquals(Designs.names().size(), Designs.all().size());
    for (int i = 0; i < Designs.all().size(); i++) {
      assertEquals(Designs.names().get(i), Designs.all().get(i).name());
    }
  }

  @Test
  void theOneShareDesignsKnowTheirFacts() {
    for (String name : new String[] {"batched", "block-key"}) {
      BlockDesign folded = Designs.byName(name);
      BlockDesign points = Designs.byName(name + "-points");
      assertTrue(folded.precomputesBlock() && points.precomputesBlock(), name);
      assertTrue(folded.sharesBindBlockId() && points.sharesBindBlockId(), name);
      assertFalse(folded.supportsKeyCollision() || points.supportsKeyCollision(), name);
      assertTrue(folded.sharesDependOnSigners(), name);
      assertFalse(points.sharesDependOnSigners(), name);
      assertTrue(FerveoDesign.variantOf(folded).isEmpty(), name);
      assertEquals(1, folded.sharesPerBlock(500), name);
      assertTrue(folded.description().contains("one folded G1"), folded.description());
      assertTrue(points.description().contains("one G1 share per key-share point")
          || points.description().contains("one G1 key share per key-share point"),
          points.description());
    }
    for (BlockDesign ferveo : Designs.all()) {
      if (ferveo instanceof FerveoDesign f) {
        assertFalse(f.sharesBindBlockId(), f.name());
        assertEquals("FerveoDesign[" + f.name() + "]", f.toString());
        assertSame(f.variant().shareWork(), f.shareWork());
        assertEquals(f.variant().description(), f.description());
        assertTrue(f.disclosureCaveat().isEmpty(), f.name());
      }
    }
  }

  @Test
  void aFerveoDesignSendsOneSharePerTransactionAndRefusesANegativeBlock() {
    BlockDesign d = Designs.byName(Variants.names().get(0));
    assertEquals(0, d.sharesPerBlock(0));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> d.sharesPerBlock(-1));
    assertEquals("blockSize -1 < 0", e.getMessage());
    assertThrows(NullPointerException.class, () -> new FerveoDesign(null));
  }

  @Test
  void theShareFormsNameTheDesignAndSizeItsMessage() {
    assertEquals("batched", ShareForm.FOLDED.name("batched"));
    assertEquals("batched-points", ShareForm.PER_POINT.name("batched"));
    assertTrue(ShareForm.FOLDED.dependsOnSigners());
    assertFalse(ShareForm.PER_POINT.dependsOnSigners());
    // validators of 1, 41 and 22 points: folded is one point whatever they hold
    Committee committee = new Committee(64, 42, new int[] {0, 1, 42, 64});
    for (int v = 0; v < 3; v++) {
      assertEquals(96, ShareForm.FOLDED.wireBytes(committee, v));
    }
    assertEquals(96, ShareForm.PER_POINT.wireBytes(committee, 0));
    assertEquals(41 * 96, ShareForm.PER_POINT.wireBytes(committee, 1));
    assertEquals(22 * 96, PointShares.wireBytes(committee, 2));
    assertEquals(22 * 96, Designs.byName("block-key-points").shareWireBytes(committee, 2));
    assertEquals(96, Designs.byName("batched").shareWireBytes(committee, 2));
    assertEquals(22 * 96, Designs.byName("batched-points").shareWireBytes(committee, 2));
  }

  @Test
  void theDesignsNameWhatKeepsThemFromDeployment() {
    assertTrue(Designs.byName("batched").deploymentCaveat().orElseThrow().contains("trusted dealer"));
    assertTrue(Designs.byName("batched-points").disclosureCaveat().isEmpty());
    assertTrue(Designs.byName("block-key-points").disclosureCaveat().orElseThrow()
        .contains("included or not"));
    assertTrue(Designs.byName("block-key").deploymentCaveat().isEmpty());
    assertEquals("block-key-points", Designs.byName("block-key-points").toString());
  }

  @Test
  void blockKeySetupNeedsRoomForOneTransaction() {
    Workers workers = Workers.of(1);
    KeySet keys = KeySet.deal(Committee.equal(4, 3, 2), SeededDrbg.of(3, "facts", 0), workers);
    BlockDesign d = Designs.byName("block-key");
    CryptoException e = assertThrows(CryptoException.class,
        () -> d.setup(keys, 0, SeededDrbg.of(3, "facts", 1), workers));
    assertEquals("block-key setup: maxBlockSize must be >= 1, got 0", e.getMessage());
    assertSame(d, d.setup(keys, 1, SeededDrbg.of(3, "facts", 1), workers).design());
  }
}
