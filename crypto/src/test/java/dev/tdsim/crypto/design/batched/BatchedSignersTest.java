package dev.tdsim.crypto.design.batched;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The folded batched combiner at the edge of the threshold: signers holding exactly t points
 * open the block, one point fewer does not; a sender outside the committee is named.
 */
class BatchedSignersTest {
  private static final Workers WORKERS = Workers.of(1);
  /** Validators of 1, 41 and 22 points, t = 42. */
  private static final Committee COMMITTEE =
      new Committee(64, Committee.defaultThreshold(64), new int[] {0, 1, 42, 64});
  private static final KeySet KEYS =
      KeySet.deal(COMMITTEE, SeededDrbg.of(13, "signers", 0), WORKERS);
  private static final BatchedKeys BATCHED = (BatchedKeys) Designs.byName("batched")
      .setup(KEYS, 2, SeededDrbg.of(13, "signers", 1), WORKERS);
  private static final BlockId ID = new BlockId("signers", 2);

  @Test
  void exactlyTheThresholdOpensAndAnOutsiderIsNamed() {
    assertEquals(42, COMMITTEE.threshold());
    SeededDrbg random = SeededDrbg.of(13, "seal", 0);
    List<SealedTx> txs = BatchedFixture.seal(BATCHED, ID, 2, random);
    BatchedBlock block = BatchedFixture.prepared(BATCHED, ID, txs);
    SignerSet exact = SignerSet.of(COMMITTEE, List.of(0, 1)); // 1 + 41 points
    Map<Integer, List<byte[]>> shares = BatchedFixture.shares(BATCHED, exact, block);
    shares.put(3, shares.get(0)); // validator 3 does not exist
    BlockResult r = BATCHED.propose(block, shares, exact, null, random);
    assertEquals(BlockResult.Status.DECRYPTED, r.status(), r.faultyValidators().toString());
    assertEquals(Map.of(3, "not a validator of the committee"), r.faultyValidators());
    assertEquals(List.of(0, 1), r.signersUsed().validators());
    for (int j = 0; j < 2; j++) {
      assertArrayEquals(BatchedFixture.message(j), r.plaintexts().get(j).orElseThrow());
    }
    // without a named set, senders holding exactly t points are the set
    BlockResult unnamed = BATCHED.propose(block, BatchedFixture.shares(BATCHED, exact, block), null,
        null, random);
    assertEquals(BlockResult.Status.DECRYPTED, unnamed.status());
    assertEquals(exact, unnamed.signersUsed());
    // without a named set, senders outside the committee are named too (they once threw
    // ArrayIndexOutOfBoundsException while the set was inferred from the senders)
    Map<Integer, List<byte[]>> outsiders = BatchedFixture.shares(BATCHED, exact, block);
    outsiders.put(99, outsiders.get(0));
    outsiders.put(-1, outsiders.get(0));
    outsiders.put(COMMITTEE.validators(), outsiders.get(0));
    BlockResult inferred = BATCHED.propose(block, outsiders, null, null, random);
    assertEquals(BlockResult.Status.DECRYPTED, inferred.status());
    assertEquals(Map.of(99, "not a validator of the committee", -1,
        "not a validator of the committee", COMMITTEE.validators(),
        "not a validator of the committee"), inferred.faultyValidators());
    assertEquals(exact, inferred.signersUsed());
    // validator 1 alone holds t - 1 points
    SignerSet one = SignerSet.of(COMMITTEE, List.of(1, 2));
    Map<Integer, List<byte[]>> fewer = BatchedFixture.shares(BATCHED, one, block);
    fewer.remove(2);
    BlockResult shut = BATCHED.propose(block, fewer, one, null, random);
    assertEquals(BlockResult.Status.NOT_ENOUGH_HONEST_SHARES, shut.status());
    assertEquals(41, shut.pointsAvailable());
  }
}
