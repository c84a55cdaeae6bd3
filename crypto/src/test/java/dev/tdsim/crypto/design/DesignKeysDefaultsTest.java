package dev.tdsim.crypto.design;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the one-share designs take from {@link DesignKeys}' defaults: they verify every share
 * before combining, and a faulty validator's wrong shares are another signer's honest ones (or,
 * when the validator signs alone, another validator's for a set that holds it), well-formed and
 * named when the block is opened.
 */
class DesignKeysDefaultsTest {
  private static final Workers WORKERS = Workers.of(1);
  /** 4 validators of 4 points, t = 11: three validators are a signer set. */
  private static final KeySet KEYS = KeySet.deal(Committee.equal(16, 11, 4),
      SeededDrbg.of(8, "defaults", 0), WORKERS);
  private static final BlockId ID = new BlockId("defaults", 3);

  private static PreparedBlock block(DesignKeys keys) {
    List<SealedTx> txs = List.of(keys.encrypt(ID, 0, new byte[] {4, 2},
        SeededDrbg.of(8, "defaults-tx", 0)));
    return keys.prepare(keys.digest(ID, txs, WORKERS), txs, WORKERS);
  }

  @ParameterizedTest
  @ValueSource(strings = {"block-key", "batched"})
  void wrongSharesAreAnotherSignersHonestSharesAndAreNamed(String name) {
    DesignKeys keys = Designs.byName(name).setup(KEYS, 2, SeededDrbg.of(8, name, 0), WORKERS);
    assertTrue(keys.verifiesShares(), "verifies every share before combining");
    assertEquals(name.equals("batched") ? 2 : Integer.MAX_VALUE, keys.maxBlockSize());
    PreparedBlock block = block(keys);
    SignerSet signers = SignerSet.of(KEYS.committee(), List.of(0, 1, 3));
    List<byte[]> wrong = keys.createWrongShares(1, signers, block);
    assertEquals(1, wrong.size());
    assertFalse(Arrays.equals(keys.createShares(1, signers, block).get(0), wrong.get(0)));
    assertTrue(signers.validators().stream().filter(v -> v != 1).anyMatch(v ->
        Arrays.equals(keys.createShares(v, signers, block).get(0), wrong.get(0))),
        "another signer's honest share");
    Map<Integer, List<byte[]>> shares = new TreeMap<>();
    for (int v : signers.validators()) {
      shares.put(v, v == 1 ? wrong : keys.createShares(v, signers, block));
    }
    BlockResult r = keys.propose(block, shares, signers, null, SeededDrbg.of(8, name, 1));
    assertEquals(List.of(1), List.copyOf(r.faultyValidators().keySet()));
  }

  /**
   * A validator holding the threshold alone signs alone: there is no other signer, so its wrong
   * share is validator 1's for a set that holds 1 (a share of another signer set), still named.
   * (Before, the default asked for validator 1's share for the set {0}, which 1 is not in: the
   * folded form refused, "validator 1 is not a signer".)
   */
  @ParameterizedTest
  @ValueSource(strings = {"block-key", "batched"})
  void aValidatorSigningAloneStillSendsAWrongShare(String name) {
    Committee whale = new Committee(16, 11, new int[] {0, 12, 14, 16}); // 12 points >= t
    KeySet keySet = KeySet.deal(whale, SeededDrbg.of(8, "whale", 0), WORKERS);
    DesignKeys keys = Designs.byName(name).setup(keySet, 2, SeededDrbg.of(8, name, 2), WORKERS);
    PreparedBlock block = block(keys);
    SignerSet alone = SignerSet.of(whale, List.of(0));
    List<byte[]> wrong = keys.createWrongShares(0, alone, block);
    assertEquals(1, wrong.size());
    byte[] honest = keys.createShares(0, alone, block).get(0);
    assertEquals(honest.length, wrong.get(0).length, "well-formed");
    assertFalse(Arrays.equals(honest, wrong.get(0)));
    BlockResult r = keys.propose(block, Map.of(0, wrong), alone, null, SeededDrbg.of(8, name, 3));
    assertEquals(List.of(0), List.copyOf(r.faultyValidators().keySet()));
    assertTrue(r.plaintexts().get(0).isEmpty());
  }

  /** A design without caches of its own (here: block-key's keys behind a plain wrapper). */
  private record Plain(DesignKeys inner) implements DesignKeys {
    public BlockDesign design() {
      return inner.design();
    }

    public KeySet keys() {
      return inner.keys();
    }

    public int maxBlockSize() {
      return inner.maxBlockSize();
    }

    public SealedTx encrypt(BlockId block, int slot, byte[] payload,
        dev.tdsim.crypto.random.StrongRandom random) {
      return inner.encrypt(block, slot, payload, random);
    }

    public SealedTx decode(byte[] encoded) {
      return inner.decode(encoded);
    }

    public boolean isValid(SealedTx tx) {
      return inner.isValid(tx);
    }

    public BlockDigest digest(BlockId block, List<SealedTx> txs, Workers workers) {
      return inner.digest(block, txs, workers);
    }

    public PreparedBlock prepare(BlockDigest digest, List<SealedTx> txs, Workers workers) {
      return inner.prepare(digest, txs, workers);
    }

    public List<byte[]> createShares(int validator, SignerSet signers, PreparedBlock block) {
      return inner.createShares(validator, signers, block);
    }

    public BlockResult propose(PreparedBlock block, Map<Integer, List<byte[]>> shares,
        SignerSet foldedFor, dev.tdsim.crypto.variant.BlockProposer.Reshare reshare,
        dev.tdsim.crypto.random.StrongRandom random) {
      return inner.propose(block, shares, foldedFor, reshare, random);
    }
  }

  @org.junit.jupiter.api.Test
  void aDesignWithoutCachesOfItsOwnIsItsOwnCombinerView() {
    DesignKeys plain = new Plain(Designs.byName("block-key").setup(KEYS, 2,
        SeededDrbg.of(8, "plain", 0), WORKERS));
    assertTrue(plain.forCombiner() == plain, "the same keys, nothing to copy");
    assertTrue(plain.verifiesShares());
  }
}
