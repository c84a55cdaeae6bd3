package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The batched admission check ({@link DesignKeys#invalidAmong}) names exactly the transactions
 * that fail {@link DesignKeys#isValid}, in every design: honest batches pass, a corrupted
 * transaction (its encoding with one payload byte flipped) is named wherever it lies.
 */
class AdmissionBatchTest {
  private static final Workers WORKERS = Workers.of(2);
  private static final KeySet KEYS = KeySet.deal(Committee.equal(16, 11, 4),
      SeededDrbg.of(7, "test.admission-batch", 0), Workers.of(1));

  private static List<SealedTx> seal(DesignKeys keys, int n) {
    BlockId id = new BlockId("admission", 2);
    List<SealedTx> txs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      txs.add(keys.encrypt(id, i, ("tx " + i).getBytes(),
          SeededDrbg.of(8, "test.admission-batch", i)));
    }
    return txs;
  }

  /** The transaction with its last encoded byte (inside the AEAD tag) flipped: still decodes. */
  private static SealedTx corrupt(DesignKeys keys, SealedTx tx) {
    byte[] b = tx.toBytes();
    b[b.length - 1] ^= 1;
    return keys.decode(b);
  }

  @ParameterizedTest
  @ValueSource(strings = {"folded", "fast", "batched", "block-key"})
  void theBadOnesOfABatchAreNamed(String design) {
    DesignKeys keys = Designs.byName(design)
        .setup(KEYS, 24, SeededDrbg.of(9, "test.admission-batch", 0), Workers.of(1));
    List<SealedTx> txs = seal(keys, 24);
    assertEquals(List.of(), keys.invalidAmong(txs, SeededDrbg.of(10, "w", 0), WORKERS));
    List<SealedTx> mixed = new ArrayList<>(txs);
    List<Integer> expected = new ArrayList<>();
    for (int j : new int[] {0, 9, 23}) {
      mixed.set(j, corrupt(keys, txs.get(j)));
      if (!keys.isValid(mixed.get(j))) {
        expected.add(j);
      }
    }
    if (!design.equals("block-key")) { // its admission check only decodes (FO checks later)
      assertEquals(List.of(0, 9, 23), expected, "the corruption breaks the validity proof");
    }
    assertEquals(expected, keys.invalidAmong(mixed, SeededDrbg.of(10, "w", 1), WORKERS));
    List<Integer> oneByOne = new ArrayList<>();
    for (int j = 0; j < mixed.size(); j++) {
      if (!keys.isValid(mixed.get(j))) {
        oneByOne.add(j);
      }
    }
    assertEquals(oneByOne, expected);
  }

  @Test
  void aCorruptedFerveoTransactionFailsItsCheck() {
    DesignKeys keys = Designs.byName("folded")
        .setup(KEYS, 4, SeededDrbg.of(9, "test.admission-batch", 1), Workers.of(1));
    SealedTx bad = corrupt(keys, seal(keys, 1).get(0));
    assertEquals(List.of(0), keys.invalidAmong(List.of(bad), SeededDrbg.of(11, "w", 0), WORKERS));
  }
}
