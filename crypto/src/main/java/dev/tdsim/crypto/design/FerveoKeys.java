package dev.tdsim.crypto.design;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import dev.tdsim.crypto.tpke.ValidityBatch;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.crypto.variant.CombineVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Ferveo variant's {@link DesignKeys}: {@link Tpke} sealing (slot and block ignored), the
 * variant's share makers over the block's ciphertexts, and one {@link BlockProposer} per {@link
 * #forCombiner() combiner view} (its prepare_combine cache).
 *
 * @param <S> the variant's decoded share
 */
final class FerveoKeys<S> implements DesignKeys {
  private final FerveoDesign design;
  private final CombineVariant<S> variant;
  private final KeySet keys;
  private final Workers workers;
  private final BlockProposer<S> proposer;
  private volatile Boolean verifies;

  private FerveoKeys(FerveoDesign design, CombineVariant<S> variant, KeySet keys,
      Workers workers) {
    this.design = design;
    this.variant = variant;
    this.keys = keys;
    this.workers = workers;
    this.proposer = new BlockProposer<>(variant, keys, workers);
  }

  static <S> FerveoKeys<S> of(FerveoDesign design, CombineVariant<S> variant, KeySet keys,
      Workers workers) {
    variant.prepareKeyTables(keys); // built once per key set, not charged to the first block
    return new FerveoKeys<>(design, variant, keys, workers);
  }

  /** The digest of Ferveo's designs: nothing beyond the block. */
  record BlockOnly(BlockId block) implements BlockDigest {
    @Override
    public int wireBytes() {
      return 0;
    }
  }

  /** The block as the combiner holds it: its ciphertexts, nothing computed ahead. */
  record Txs(BlockDigest digest, List<SealedTx> txs) implements PreparedBlock {
    Txs {
      txs = List.copyOf(txs);
    }
  }

  @Override
  public BlockDesign design() {
    return design;
  }

  @Override
  public KeySet keys() {
    return keys;
  }

  @Override
  public int maxBlockSize() {
    return Integer.MAX_VALUE;
  }

  @Override
  public SealedTx encrypt(BlockId block, int slot, byte[] payload, StrongRandom random) {
    return Tpke.encrypt(keys.publicKey(), payload, variant.secretGroup(), random);
  }

  @Override
  public SealedTx decode(byte[] encoded) {
    return Ciphertext.fromBytes(encoded);
  }

  @Override
  public boolean isValid(SealedTx tx) {
    return Tpke.isValid(ct(tx));
  }

  /** One weighted check of the whole batch ({@link ValidityBatch}), a search only on failure. */
  @Override
  public List<Integer> invalidAmong(List<SealedTx> txs, StrongRandom random, Workers workers) {
    return ValidityBatch.invalid(txs.stream().map(FerveoKeys::ct).toList(), random, workers);
  }

  @Override
  public BlockDigest digest(BlockId block, List<SealedTx> txs, Workers workers) {
    return new BlockOnly(block);
  }

  @Override
  public PreparedBlock prepare(BlockDigest digest, List<SealedTx> txs, Workers workers) {
    return new Txs(digest, txs);
  }

  @Override
  public List<byte[]> createShares(int validator, SignerSet signers, PreparedBlock block) {
    return make(variant.shareMaker(keys, validator, signers), block);
  }

  @Override
  public BlockResult propose(PreparedBlock block, Map<Integer, List<byte[]>> sharesByValidator,
      SignerSet foldedFor, BlockProposer.Reshare reshare, StrongRandom random) {
    return proposer.propose(cts(block.txs()), sharesByValidator, foldedFor, reshare, random);
  }

  /** The same keys with a prepare_combine cache of its own. */
  @Override
  public DesignKeys forCombiner() {
    return new FerveoKeys<>(design, variant, keys, workers);
  }

  /** Asked once, of a combiner for every validator (fast verifies; the others check). */
  @Override
  public boolean verifiesShares() {
    if (verifies == null) {
      verifies = new BlockProposer<>(variant, keys, workers)
          .combinerFor(SignerSet.all(keys.committee())).verifiesShares();
    }
    return verifies;
  }

  /**
   * The variant's colluding share maker: the honest share shifted by a group element (G1: + G;
   * GT: times e(G, H), per point for {@code simple}). A variant whose shift needs the validator
   * among the points combined ({@code simple}, {@code batch}) gets it for the smallest set that
   * holds {@code validator} (the shares are wrong either way).
   */
  @Override
  public List<byte[]> createWrongShares(int validator, SignerSet signers, PreparedBlock block) {
    return make(shifted(validator, signers), block);
  }

  @Override
  public Colliding sealColliding(BlockId block, int slot, byte[] payload, StrongRandom random) {
    KeyCollision.Colliding c =
        KeyCollision.encrypt(keys.publicKey(), payload, variant.secretGroup(), random);
    return new Colliding(c.ciphertext(), c.honestPlaintext(), c.shiftedPlaintext());
  }

  @Override
  public List<byte[]> createColludingShares(int validator, SignerSet signers,
      PreparedBlock block, SealedTx target) {
    CombineVariant.ShareMaker honest = variant.shareMaker(keys, validator, signers);
    CombineVariant.ShareMaker shifted = shifted(validator, signers);
    return make(ct -> ct == target ? shifted.create(ct) : honest.create(ct), block);
  }

  private CombineVariant.ShareMaker shifted(int validator, SignerSet signers) {
    try {
      return variant.colludingShareMaker(keys, validator, signers);
    } catch (CryptoException e) {
      return variant.colludingShareMaker(keys, validator, SignerSet.smallestWith(keys.committee(), validator));
    }
  }

  private static List<byte[]> make(CombineVariant.ShareMaker maker, PreparedBlock block) {
    List<byte[]> out = new ArrayList<>(block.txs().size());
    for (SealedTx tx : block.txs()) {
      out.add(maker.create(ct(tx)));
    }
    return out;
  }

  private static Ciphertext ct(SealedTx tx) {
    if (tx instanceof Ciphertext c) {
      return c;
    }
    throw new CryptoException("Ferveo design", "not a threshold ciphertext: "
        + (tx == null ? "null" : tx.getClass().getSimpleName()));
  }

  private static List<Ciphertext> cts(List<SealedTx> txs) {
    List<Ciphertext> out = new ArrayList<>(txs.size());
    for (SealedTx tx : txs) {
      out.add(ct(tx));
    }
    return out;
  }
}
