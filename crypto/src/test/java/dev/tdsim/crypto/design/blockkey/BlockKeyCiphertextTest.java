package dev.tdsim.crypto.design.blockkey;

import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.DESIGN;
import static dev.tdsim.crypto.design.blockkey.BlockKeyFixture.KEYS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Transactions that must not open, and setups that must not mix. */
class BlockKeyCiphertextTest {
  private static final BlockId ID = BlockKeyFixture.block(20);

  private static BlockResult open(List<SealedTx> txs, long seed) {
    PreparedBlock block = BlockKeyFixture.prepare(DESIGN, ID, txs);
    SignerSet all = BlockKeyFixture.all();
    return DESIGN.propose(block, BlockKeyFixture.shares(DESIGN, all, block), all, null,
        SeededDrbg.of(seed, "open", 0));
  }

  /** The block opens; exactly the {@code refused} slots stay shut, listed as invalid. */
  private static void assertRefused(BlockResult r, List<Integer> refused) {
    assertEquals(BlockResult.Status.DECRYPTED, r.status());
    assertEquals(refused, r.invalidCiphertexts());
    assertTrue(r.faultyValidators().isEmpty());
    for (int j = 0; j < r.plaintexts().size(); j++) {
      assertEquals(!refused.contains(j), r.plaintexts().get(j).isPresent(), "slot " + j);
    }
  }

  @Test
  void aTransactionSealedToAnotherBlockDoesNotOpen() {
    SeededDrbg random = SeededDrbg.of(3, "other", 0);
    List<SealedTx> txs = new ArrayList<>(BlockKeyFixture.seal(DESIGN, ID, 3, random));
    txs.add(1, DESIGN.encrypt(BlockKeyFixture.block(21), 1, BlockKeyFixture.message(9), random));
    txs.add(DESIGN.encrypt(new BlockId("other-chain", 20), 4, BlockKeyFixture.message(8), random));
    BlockResult r = open(txs, 1);
    assertRefused(r, List.of(1, 4));
    assertArrayEquals(BlockKeyFixture.message(1), r.plaintexts().get(2).orElseThrow());
  }

  @Test
  void tamperedTransactionsAreRefused() {
    SeededDrbg random = SeededDrbg.of(3, "tamper", 0);
    List<SealedTx> honest = BlockKeyFixture.seal(DESIGN, ID, 5, random);
    List<SealedTx> txs = new ArrayList<>(honest);
    BlockKeyTx t1 = (BlockKeyTx) honest.get(1);
    byte[] payload = t1.payload();
    payload[0] ^= 1;
    txs.set(1, new BlockKeyTx(t1.u(), t1.mask(), payload));
    BlockKeyTx t2 = (BlockKeyTx) honest.get(2);
    byte[] mask = t2.mask();
    mask[31] ^= (byte) 0x80;
    txs.set(2, new BlockKeyTx(t2.u(), mask, t2.payload()));
    BlockKeyTx t3 = (BlockKeyTx) honest.get(3);
    txs.set(3, new BlockKeyTx(t3.u().add(G2Point.generator()), t3.mask(), t3.payload()));
    assertRefused(open(txs, 2), List.of(1, 2, 3));
  }

  /**
   * A ciphertext built with a scalar r that is not H3(id, sigma, M): its AEAD opens under the
   * right block key, and only the Fujisaki-Okamoto check refuses it.
   */
  @Test
  void theReencryptionCheckNotTheAeadDecides() {
    SeededDrbg random = SeededDrbg.of(3, "fo", 0);
    G1Point h = BlockKeyCipher.identity(ID);
    BlockKeyTx forged = BlockKeyCipher.sealWith(
        KEYS.publicKeyG2(), h, random.nextBytes(32), Fr.random(random), BlockKeyFixture.message(0));
    G1Point key = BlockKeyOps.createShare(KEYS, 0, SignerSet.all(KEYS.committee()), h);
    for (int v = 1; v < KEYS.committee().validators(); v++) {
      key = key.add(BlockKeyOps.createShare(KEYS, v, SignerSet.all(KEYS.committee()), h));
    }
    assertTrue(BlockKeyCipher.open(key, ID.toBytes(), forged).isPresent(), "AEAD opens");
    List<SealedTx> alone = List.of(forged);
    assertRefused(open(alone, 3), List.of(0));
    List<SealedTx> mixed = new ArrayList<>(BlockKeyFixture.seal(DESIGN, ID, 3, random));
    mixed.add(2, forged);
    assertRefused(open(mixed, 4), List.of(2)); // the batched check fails, then one by one
    assertEquals(List.of(Optional.empty()), BlockKeyOps.decryptBatch(
        key, ID.toBytes(), List.of(forged), random, BlockKeyFixture.WORKERS));
  }

  @Test
  void decodingRefusesMalformedBytes() {
    SealedTx tx = DESIGN.encrypt(ID, 0, BlockKeyFixture.message(2), SeededDrbg.of(3, "dec", 0));
    byte[] bytes = tx.toBytes();
    assertEquals(tx.encodedBytes(), bytes.length);
    assertEquals(BlockKeyTx.OVERHEAD_BYTES + BlockKeyFixture.message(2).length, bytes.length);
    byte[] version = bytes.clone();
    version[0] = 1;
    assertTrue(assertThrows(CryptoException.class, () -> DESIGN.decode(version)).getMessage()
        .contains("version"));
    byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length - 1);
    assertTrue(assertThrows(CryptoException.class, () -> DESIGN.decode(truncated)).getMessage()
        .contains("length"));
    byte[] badPoint = bytes.clone();
    badPoint[5] ^= 0x55;
    assertThrows(CryptoException.class, () -> DESIGN.decode(badPoint));
    assertThrows(CryptoException.class, () -> DESIGN.decode(new byte[3]));
    // U = [r]G2 at infinity (r = 0) would make the mask key public
    byte[] zeroR = bytes.clone();
    byte[] infinity = dev.tdsim.crypto.curve.G2Point.identity().toCompressed();
    System.arraycopy(infinity, 0, zeroR, 1, infinity.length);
    assertTrue(assertThrows(CryptoException.class, () -> DESIGN.decode(zeroR)).getMessage()
        .contains("U is the point at infinity"));
  }

  @Test
  void aBlockOfAnotherKeySetIsRejected() {
    KeySet otherKeys = KeySet.deal(Committee.equal(64, Committee.defaultThreshold(64), 8),
        SeededDrbg.of(99, "other", 0), BlockKeyFixture.WORKERS);
    DesignKeys other = Designs.byName("block-key").setup(otherKeys, 16, SeededDrbg.of(99, "o", 1),
        BlockKeyFixture.WORKERS);
    SeededDrbg random = SeededDrbg.of(3, "setup", 0);
    List<SealedTx> txs = BlockKeyFixture.seal(other, ID, 2, random);
    PreparedBlock foreign = BlockKeyFixture.prepare(other, ID, txs);
    SignerSet all = BlockKeyFixture.all();
    CryptoException e = assertThrows(CryptoException.class,
        () -> DESIGN.createShares(0, all, foreign));
    assertTrue(e.getMessage().contains("another key set"), e.getMessage());
    assertThrows(CryptoException.class, () -> DESIGN.propose(
        foreign, BlockKeyFixture.shares(other, all, foreign), all, null, random));
    assertThrows(CryptoException.class,
        () -> DESIGN.prepare(other.digest(ID, txs, BlockKeyFixture.WORKERS), txs,
            BlockKeyFixture.WORKERS));
    BlockKeyDigest forged = new BlockKeyDigest(ID, BlockKeyCipher.identity(BlockKeyFixture.block(
        21)), KEYS.publicKeyG2());
    assertTrue(assertThrows(CryptoException.class,
        () -> DESIGN.prepare(forged, List.of(), BlockKeyFixture.WORKERS)).getMessage()
        .contains("identity"));
    // Transactions sealed under the other key set's public key: refused, nobody blamed.
    assertRefused(open(txs, 5), List.of(0, 1));
  }

  @Test
  void theDesignStatesWhatItReveals() {
    assertTrue(DESIGN.design().disclosureCaveat().orElseThrow().contains("included or not"));
    assertEquals(1, DESIGN.design().sharesPerBlock(512));
    assertEquals(96, DESIGN.design().shareWireBytes(KEYS.committee(), 0));
    assertTrue(DESIGN.design().sharesDependOnSigners());
    assertEquals("block-key", Designs.byName("Block-Key").name());
  }

  /**
   * r = H3(id, sigma, M) against a known answer (Python's hashlib: SHA-512("tdsim-blockkey-r-v1"
   * || len32(id) || id || sigma || M) mod r), with an id of 300 bytes so that every byte of its
   * length prefix matters.
   */
  @Test
  void h3IsTheLabelledSha512ModTheGroupOrder() {
    byte[] id = new byte[300];
    java.util.Arrays.fill(id, (byte) 7);
    byte[] sigma = new byte[32];
    for (int i = 0; i < 32; i++) {
      sigma[i] = (byte) i;
    }
    Fr r = BlockKeyCipher.h3(id, sigma,
        "known answer".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    assertEquals(new java.math.BigInteger(
        "40cd258361f2455fc29c190170a7b35682315db34e1a266fca15327b312de9ec", 16), r.toBigInteger());
  }
}
