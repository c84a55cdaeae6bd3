package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G2FixedBases;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PointShares;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.design.ShareForm;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The block-key design set up on one key set (nothing more is dealt). Thread-safe. */
final class BlockKeyKeys implements DesignKeys {
  /** How many signer sets' folded public shares are kept (150 G2 points each). */
  static final int PREPARED_SIGNER_SETS = 2;

  private final BlockKeyDesign design;
  private final KeySet keys;
  private final PointShares pointShares;
  private final Workers workers;
  private final G2Prepared masterKeyLines;
  /** The key shares' fixed-base tables, built at the first signer set (50 MB at N = 8192). */
  private final com.google.common.base.Supplier<List<G2FixedBases>> keyShareTables;
  private final Map<SignerSet, BlockKeyOps.FoldedKeys> folded =
      com.google.common.cache.CacheBuilder.newBuilder().maximumSize(PREPARED_SIGNER_SETS)
          .<SignerSet, BlockKeyOps.FoldedKeys>build().asMap();

  BlockKeyKeys(BlockKeyDesign design, KeySet keys, Workers workers) {
    this(design, keys, workers, keys.publicKeyG2().prepare(),
        com.google.common.base.Suppliers.memoize(() -> BlockKeyOps.keyShareTables(keys, workers)));
  }

  private BlockKeyKeys(BlockKeyDesign design, KeySet keys, Workers workers,
      G2Prepared masterKeyLines,
      com.google.common.base.Supplier<List<G2FixedBases>> keyShareTables) {
    this.design = design;
    this.keys = keys;
    this.pointShares = new PointShares(keys, workers);
    this.workers = workers;
    this.masterKeyLines = masterKeyLines;
    this.keyShareTables = keyShareTables;
  }

  /**
   * A combiner's own view: its own cache of the signer sets' folded public shares (each
   * validator's machine computes those for itself), sharing the key set's public tables.
   */
  @Override
  public DesignKeys forCombiner() {
    return new BlockKeyKeys(design, keys, workers, masterKeyLines, keyShareTables);
  }

  @Override
  public BlockDesign design() {
    return design;
  }

  @Override
  public KeySet keys() {
    return keys;
  }

  /** No limit: each transaction is opened on its own with the block key. */
  @Override
  public int maxBlockSize() {
    return Integer.MAX_VALUE;
  }

  /** Seals to {@code block}'s identity; the slot is not bound (any position of the block). */
  @Override
  public SealedTx encrypt(BlockId block, int slot, byte[] payload, StrongRandom random) {
    return BlockKeyCipher.seal(
        keys.publicKeyG2(), block, BlockKeyCipher.identity(block), payload, random);
  }

  @Override
  public SealedTx decode(byte[] encoded) {
    return BlockKeyTx.fromBytes(encoded);
  }

  /**
   * Whether the transaction is a block-key transaction (decoding already checked its structure
   * and U's subgroup). Its Fujisaki-Okamoto binding can only be checked once the block key
   * exists, when the block is opened: an invalid one takes a place in a block and is refused
   * then (docs/CRYPTO.md).
   */
  @Override
  public boolean isValid(SealedTx tx) {
    return tx instanceof BlockKeyTx;
  }

  @Override
  public BlockDigest digest(BlockId block, List<SealedTx> txs, Workers workers) {
    return new BlockKeyDigest(block, BlockKeyCipher.identity(block), keys.publicKeyG2());
  }

  /** The forging proposer's digest: the victim's identity point under this block's id. */
  @Override
  public BlockDigest digestWithPointOf(BlockId block, List<SealedTx> txs, BlockId victim,
      Workers workers) {
    return new BlockKeyDigest(block, BlockKeyCipher.identity(victim), keys.publicKeyG2());
  }

  @Override
  public PreparedBlock prepare(BlockDigest digest, List<SealedTx> txs, Workers workers) {
    BlockKeyDigest d = ownDigest(digest);
    if (!d.identity().equals(BlockKeyCipher.identity(d.block()))) {
      throw new CryptoException("block-key prepare", "the digest's identity point is not H1 of "
          + d.block());
    }
    List<BlockKeyTx> sealed = new ArrayList<>(txs.size());
    for (SealedTx tx : txs) {
      if (!(tx instanceof BlockKeyTx b)) {
        throw new CryptoException("block-key prepare", "transaction of another design: "
            + (tx == null ? "null" : tx.getClass().getSimpleName()));
      }
      sealed.add(b);
    }
    return new BlockKeyPrepared(d, txs, sealed);
  }

  @Override
  public List<byte[]> createShares(int validator, SignerSet signers, PreparedBlock block) {
    BlockKeyPrepared p = own(block);
    if (design.form() == ShareForm.PER_POINT) {
      return List.of(pointShares.create(validator, p.digest().identity()));
    }
    requireSetup(signers);
    return List.of(BlockKeyOps.createShare(keys, validator, signers, p.digest().identity())
        .toUncompressed());
  }

  @Override
  public BlockResult propose(PreparedBlock block, Map<Integer, List<byte[]>> sharesByValidator,
      SignerSet foldedFor, BlockProposer.Reshare reshare, StrongRandom random) {
    BlockKeyPrepared p = own(block);
    if (design.form() == ShareForm.PER_POINT) {
      byte[] idBytes = p.digest().block().toBytes();
      return pointShares.open(p.digest().identity(), sharesByValidator, p.sealed().size(),
          List.of(), key -> {
            List<java.util.Optional<byte[]>> opened =
                BlockKeyOps.decryptBatch(key, idBytes, p.sealed(), random, workers);
            List<Integer> refused = new ArrayList<>();
            for (int j = 0; j < opened.size(); j++) {
              if (opened.get(j).isEmpty()) {
                refused.add(j);
              }
            }
            return new PointShares.Decrypted(opened, refused);
          }, random);
    }
    if (foldedFor != null) {
      requireSetup(foldedFor);
    }
    return new BlockKeyCombiner(keys, workers, masterKeyLines, this::foldedPublicShares)
        .open(p, sharesByValidator, foldedFor, reshare, random);
  }

  /**
   * A_i for every signer, cached per signer set; the flag says whether it was computed now (the
   * first call also builds the key shares' tables).
   */
  BlockKeyOps.FoldedKeys foldedPublicShares(SignerSet signers, boolean[] computed) {
    return folded.computeIfAbsent(signers, s -> {
      computed[0] = true;
      return BlockKeyOps.FoldedKeys.of(keys, s, keyShareTables.get(), workers);
    });
  }

  private void requireSetup(SignerSet signers) {
    if (!signers.committee().equals(keys.committee())) {
      throw new CryptoException("block-key", "signer set of another committee (" + signers.committee()
          + ") for this setup's " + keys.committee());
    }
  }

  private BlockKeyPrepared own(PreparedBlock block) {
    if (!(block instanceof BlockKeyPrepared p)) {
      throw new CryptoException("block-key", "block prepared by another design: "
          + (block == null ? "null" : block.getClass().getSimpleName()));
    }
    ownDigest(p.digest());
    return p;
  }

  private BlockKeyDigest ownDigest(BlockDigest digest) {
    if (!(digest instanceof BlockKeyDigest d)) {
      throw new CryptoException("block-key", "digest of another design: "
          + (digest == null ? "null" : digest.getClass().getSimpleName()));
    }
    if (!d.masterKey().equals(keys.publicKeyG2())) {
      throw new CryptoException("block-key", "block " + d.block() + " was digested under another"
          + " key set (public key " + d.masterKey() + ", this setup's is " + keys.publicKeyG2()
          + ")");
    }
    return d;
  }
}
