package dev.tdsim.crypto.design.batched;

import static dev.tdsim.crypto.design.batched.BatchedFixture.BATCHED;
import static dev.tdsim.crypto.design.batched.BatchedFixture.WORKERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A block's validity check as prepare runs it (one product for the whole block, split into
 * chunks over the workers): a single invalid transaction is found wherever it lies, a slot
 * outside the capacity is refused; and what a prepared block and its digest report.
 */
class BatchedValidityTest {
  private static final BlockId ID = new BlockId("validity", 3);
  /** Nine transactions: more than four per worker thread, so chunks hold several each. */
  private static final List<SealedTx> TXS =
      BatchedFixture.seal(BATCHED, ID, 9, SeededDrbg.of(33, "validity", 0));

  /** The transaction at {@code j} with one body byte flipped: W no longer proves it. */
  private static List<BatchedTx> tampered(int j) {
    List<BatchedTx> out = new ArrayList<>();
    for (SealedTx t : TXS) {
      out.add((BatchedTx) t);
    }
    BatchedTx tx = out.get(j);
    byte[] body = tx.body();
    body[0] ^= 1;
    out.set(j, new BatchedTx(tx.block(), tx.slot(), tx.a(), tx.b(), tx.w(), body));
    return out;
  }

  @Test
  void oneInvalidTransactionIsFoundWhereverItLies() {
    for (Workers w : List.of(Workers.of(1), WORKERS)) {
      List<BatchedTx> honest = tampered(0).subList(1, 9);
      assertTrue(BATCHED.allValid(honest, w));
      for (int j : new int[] {0, 4, 8}) {
        List<BatchedTx> txs = tampered(j);
        assertFalse(BATCHED.allValid(txs, w), "invalid at " + j + ", " + w.threads() + " threads");
        assertEquals(List.of(j), BATCHED.invalidPositions(txs, w));
      }
    }
    BatchedOps ops = new BatchedOps(BATCHED);
    assertEquals(List.of(8), ops.validity(List.copyOf(tampered(8))));
  }

  /** The bisection search names exactly the bad ones: two, several, all. */
  @Test
  void severalInvalidTransactionsAreNamedExactly() {
    for (int[] bad : new int[][] {{0, 8}, {3, 4}, {1, 2, 5, 7}, {0, 1, 2, 3, 4, 5, 6, 7, 8}}) {
      List<BatchedTx> txs = new ArrayList<>();
      for (SealedTx t : TXS) {
        txs.add((BatchedTx) t);
      }
      List<Integer> expected = new ArrayList<>();
      for (int j : bad) {
        txs.set(j, tampered(j).get(j));
        expected.add(j);
      }
      assertEquals(expected, BATCHED.invalidPositions(txs, WORKERS), java.util.Arrays.toString(bad));
    }
  }

  @Test
  void aSlotAtTheCapacityIsInvalid() {
    BatchedTx last = (BatchedTx) TXS.get(8);
    int capacity = BATCHED.setup().capacity();
    BatchedTx outside = new BatchedTx(ID, capacity, last.a(), last.b(), last.w(), last.body());
    assertFalse(BATCHED.allValid(List.of(outside), WORKERS));
    assertFalse(BATCHED.allValid(List.of(last, outside), WORKERS));
    assertEquals(List.of(1), BATCHED.invalidPositions(List.of(last, outside), WORKERS));
  }

  @Test
  void aPreparedBlockReportsItsTransactionsDigestAndTime() {
    List<SealedTx> txs = TXS.subList(0, 2);
    BatchedDigest digest = (BatchedDigest) BATCHED.digest(ID, txs, WORKERS);
    assertEquals(G1Point.COMPRESSED_BYTES, digest.wireBytes());
    assertEquals(16, digest.domainSize(), "every slot of the setup");
    long start = System.nanoTime();
    BatchedBlock block = BATCHED.prepare(digest, txs, WORKERS);
    long elapsed = System.nanoTime() - start;
    assertEquals(txs, block.txs());
    assertTrue(block.prepareNanos() > 0 && block.prepareNanos() <= elapsed,
        block.prepareNanos() + " of " + elapsed + " ns");
    assertEquals("BatchedSetup[capacity=16]", BATCHED.setup().toString());
  }

  /** A constant polynomial's quotient is zero: its opening is the identity, either way. */
  @Test
  void aOnePointPolynomialOpensToTheIdentity() {
    Fr[] constant = {Fr.of(7)};
    G1Point[] all = Kzg.openAll(BATCHED.setup(), constant, WORKERS);
    assertEquals(1, all.length);
    assertTrue(all[0].isIdentity());
    assertTrue(Kzg.openNaive(BATCHED.setup(), constant, Fr.of(3)).isIdentity());
  }
}
