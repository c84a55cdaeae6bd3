package dev.tdsim.crypto.design.batched;

import static dev.tdsim.crypto.design.batched.BatchedFixture.BATCHED;
import static dev.tdsim.crypto.design.batched.BatchedFixture.KEYS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The batched design's steps one by one ({@link BatchedOps}, what the benchmarks time): run in
 * order they open a block as {@code propose} does, a wrong share is named by share_verify and
 * refused by reconstruct, and each kernel computes what its step does.
 */
class BatchedOpsTest {
  private static final BatchedOps OPS = new BatchedOps(BATCHED);
  private static final BlockId BLOCK = new BlockId("ops", 4);

  @Test
  void theStepsInOrderOpenTheBlock() {
    SeededDrbg random = SeededDrbg.of(4, "ops", 0);
    assertSame(BATCHED.workers(), OPS.workers());
    List<SealedTx> txs = BatchedFixture.seal(BATCHED, BLOCK, 3, random);
    BatchedDigest digest = OPS.digest(BLOCK, txs);
    assertEquals(BATCHED.digest(BLOCK, txs, OPS.workers()), digest);
    Fr[] tags = OPS.tags(txs);
    assertEquals(3, tags.length);
    assertEquals(digest.commitment(), OPS.msmKernel(tags), "the commitment is sum tag_j L_j");
    Fr[] coefficients = OPS.coefficients(txs);
    assertEquals(16, coefficients.length);
    G1Point[] all = OPS.evalProofs(coefficients);
    G1Point[] negated = OPS.evalProofsForBlock(tags);
    assertEquals(3, negated.length);
    for (int j = 0; j < 3; j++) {
      assertEquals(all[j], negated[j].negate(), "proof " + j);
    }
    assertEquals(List.of(), OPS.validity(txs));
    BatchedBlock block = OPS.prepare(digest, txs);
    SignerSet signers = SignerSet.all(KEYS.committee());
    OPS.prepareSigners(signers);
    Map<Integer, byte[]> encoded = new LinkedHashMap<>();
    for (int v : signers.validators()) {
      encoded.put(v, OPS.shareCreate(v, signers, block));
    }
    List<G1Point> shares = OPS.decodeShares(signers, encoded);
    assertEquals(signers.size(), shares.size());
    assertEquals(List.of(), OPS.shareVerify(block, signers, shares, random));
    G1Point key = OPS.reconstruct(block, shares);
    assertTrue(OPS.reconstructKernel(shares, block.digest().point()));
    // the kernel's products are the transactions' keys, none of them one
    assertEquals(0, OPS.pairingKernel(block, key));
    List<byte[]> opened = new ArrayList<>();
    OPS.decryptBatch(block, key).forEach(p -> opened.add(p.orElseThrow()));
    for (int j = 0; j < 3; j++) {
      assertArrayEquals(BatchedFixture.message(j), opened.get(j));
    }
  }

  @Test
  void aWrongShareIsNamedAndTheKeyRefused() {
    SeededDrbg random = SeededDrbg.of(4, "ops", 1);
    List<SealedTx> txs = BatchedFixture.seal(BATCHED, BLOCK, 2, random);
    BatchedBlock block = OPS.prepare(OPS.digest(BLOCK, txs), txs);
    SignerSet signers = SignerSet.all(KEYS.committee());
    List<G1Point> shares = new ArrayList<>();
    for (int v : signers.validators()) {
      shares.add(G1Point.fromBytes(OPS.shareCreate(v, signers, block)));
    }
    shares.set(5, shares.get(5).add(G1Point.generator()));
    assertEquals(List.of(5), OPS.shareVerify(block, signers, shares, random));
    assertFalse(OPS.reconstructKernel(shares, block.digest().point()));
    CryptoException e =
        assertThrows(CryptoException.class, () -> OPS.reconstruct(block, shares));
    assertEquals("batched reconstruct: the combined key is not sk*C'", e.getMessage());
  }

  @Test
  void theFftKernelIsDeterministicAndDependsOnItsScalars() {
    Fr[] scalars = {Fr.of(3), Fr.of(5)};
    G1Point a = OPS.fftKernel(4, scalars);
    assertEquals(a, OPS.fftKernel(4, scalars));
    assertFalse(a.equals(OPS.fftKernel(4, new Fr[] {Fr.of(3), Fr.of(6)})));
  }
}
