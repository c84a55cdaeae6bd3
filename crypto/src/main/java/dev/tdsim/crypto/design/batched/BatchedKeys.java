package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.BatchSearch;
import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PointShares;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.design.ShareForm;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The batched design for one key set and one dealt {@link BatchedSetup}: what clients, the
 * proposer, validators and the combiner compute, really. Thread-safe. See docs/CRYPTO.md,
 * "batched", for the construction and its security argument.
 */
public final class BatchedKeys implements DesignKeys {
  private final BatchedDesign design;
  private final KeySet keys;
  private final BatchedSetup setup;
  private final Workers workers;
  private final BatchedCombiner combiner;
  private final PointShares pointShares;

  /**
   * Binds a setup to a key set after checking it ({@link BatchedSetup#checkAgainst}).
   *
   * @throws CryptoException when the setup was not dealt for this key set
   */
  public BatchedKeys(
      BatchedDesign design, KeySet keys, BatchedSetup setup, Workers workers, StrongRandom random) {
    this(design, keys, checked(setup, keys, random), workers);
  }

  private BatchedKeys(BatchedDesign design, KeySet keys, BatchedSetup setup, Workers workers) {
    this.design = design;
    this.keys = keys;
    this.setup = setup;
    this.workers = workers;
    this.combiner = new BatchedCombiner(keys, setup, workers);
    this.pointShares = new PointShares(keys, workers);
  }

  private static BatchedSetup checked(BatchedSetup setup, KeySet keys, StrongRandom random) {
    setup.checkAgainst(keys, random);
    return setup;
  }

  /**
   * A combiner's own view: a combiner with its own cache of the signer sets' folded keys (each
   * validator's machine computes those for itself), on the same checked setup.
   */
  @Override
  public DesignKeys forCombiner() {
    return new BatchedKeys(design, keys, setup, workers);
  }

  @Override
  public BlockDesign design() {
    return design;
  }

  @Override
  public KeySet keys() {
    return keys;
  }

  public BatchedSetup setup() {
    return setup;
  }

  @Override
  public int maxBlockSize() {
    return setup.capacity();
  }

  BatchedCombiner combiner() {
    return combiner;
  }

  /**
   * Seals {@code payload} for slot {@code slot} of {@code block}: r and the key come from
   * {@code random}; the GT key is e(r (Q_block + h [gamma]_1), [sk]_2) with h the slot's tag.
   * Costs two G2 and three G1 scalar multiplications, two hashes to G1 and one pairing.
   */
  @Override
  public SealedTx encrypt(BlockId block, int slot, byte[] payload, StrongRandom random) {
    if (slot < 0 || slot >= setup.capacity()) {
      throw new CryptoException("batched encrypt",
          "slot " + slot + " outside [0, " + setup.capacity() + ")");
    }
    if (payload == null) {
      throw new CryptoException("batched encrypt", "payload must not be null (use an empty array)");
    }
    while (true) {
      Fr r = Fr.random(random);
      if (r.isZero()) {
        continue;
      }
      G2Point a = G2Point.generator().multiply(r);
      G2Point b = setup.slotKeyG2(slot).multiply(r);
      byte[] header = BatchedTx.header(block, slot, a, b);
      Fr h = Cipher.tag(header);
      if (h.isZero()) {
        continue;
      }
      G1Point base = Cipher.blockPoint(block).add(setup.gammaG1().multiply(h)).multiply(r);
      GtElement key = Pairings.pair(base, setup.publicKeyG2());
      byte[] body = Cipher.seal(Cipher.kdf(key, h), header, payload);
      G1Point w = Cipher.proofBase(header, body).multiply(r);
      return new BatchedTx(block, slot, a, b, w, body);
    }
  }

  @Override
  public SealedTx decode(byte[] encoded) {
    BatchedTx tx = BatchedTx.fromBytes(encoded);
    if (tx.slot() >= setup.capacity()) {
      throw new CryptoException("decoding batched ciphertext",
          "slot " + tx.slot() + " outside [0, " + setup.capacity() + ")");
    }
    return tx;
  }

  /**
   * The admission check: W proves knowledge of A's r for this body (e(W, H) == e(HashToG1(header
   * || body), A)) and B is A times the slot's key (e(G, B) == e([sk (tau - x)]_1, A)), checked
   * together with a weight rho hashed from the transaction: e(W, H) e([rho]G, B) e(-(P +
   * [rho][sk (tau - x)]_1), A) == 1, three Miller loops and one final exponentiation.
   */
  @Override
  public boolean isValid(SealedTx sealed) {
    if (!(sealed instanceof BatchedTx tx) || tx.slot() >= setup.capacity()) {
      return false;
    }
    byte[] header = tx.header();
    if (Cipher.tag(header).isZero()) {
      return false;
    }
    Fr rho = Cipher.rho(tx.toBytes());
    G1Point p = Cipher.proofBase(header, tx.bodyView());
    G1Point c = p.add(setup.slotKeyG1(tx.slot()).multiply(rho));
    return Pairings.productIsOne(
        List.of(tx.w(), G1Point.generator().multiply(rho), c.negate()),
        List.of(G2Point.generator(), tx.b(), tx.a()));
  }

  /**
   * The proposer's digest: the tags committed on the slots of H_n (zero elsewhere) by one MSM of
   * size B over the Lagrange basis.
   *
   * @throws CryptoException if a transaction is not a batched one, was sealed for another block or
   *     slot than its position, or the block exceeds the setup's capacity
   */
  @Override
  public BatchedDigest digest(BlockId block, List<SealedTx> txs, Workers w) {
    List<BatchedTx> batched = placed(block, txs);
    Fr[] tags = w.map(batched.size(), j -> Cipher.tag(batched.get(j).header())).toArray(Fr[]::new);
    return digestOf(block, tags);
  }

  /**
   * The forging proposer's digest: C = Q_victim - Q_block, so that C' = C + Q_block is the victim
   * block's hash point (a well-formed digest; {@link #prepare} refuses it because C does not
   * commit to the block's transactions).
   */
  @Override
  public BatchedDigest digestWithPointOf(BlockId block, List<SealedTx> txs, BlockId victim,
      Workers w) {
    G1Point point = Cipher.blockPoint(victim);
    return new BatchedDigest(block, txs.size(), point.add(Cipher.blockPoint(block).negate()),
        point, setup);
  }

  private BatchedDigest digestOf(BlockId block, Fr[] tags) {
    return BatchedDigest.of(block, tags.length, Kzg.commitTags(setup, tags), setup);
  }

  /** The block's values on all of H_n: tag j at omega^j, zero at the empty slots. */
  Fr[] evaluations(Fr[] tags) {
    Fr[] evals = new Fr[setup.capacity()];
    java.util.Arrays.fill(evals, Fr.zero());
    System.arraycopy(tags, 0, evals, 0, tags.length);
    return evals;
  }

  /**
   * FK20's transform of the powers (a G1 FFT of 2n points, about as costly as FK20 itself), when
   * a block of this size takes FK20 and it is not built yet.
   */
  @Override
  public String buildTablesFor(int blockSize, Workers w) {
    int n = setup.capacity();
    if (blockSize < 1 || Kzg.directIsCheaper(blockSize, n) || setup.hasFkTable(n)) {
      return null;
    }
    setup.fkTable(n, w);
    return "FK20's transform of the KZG powers, a G1 FFT of " + 2 * n + " points";
  }

  /**
   * -pi_j for every transaction: B direct openings when that is cheaper, else all n openings by
   * FK20 on the polynomial's coefficients (one scalar inverse FFT of size n).
   */
  G1Point[] negatedProofs(Fr[] tags, Workers w) {
    if (Kzg.directIsCheaper(tags.length, setup.capacity())) {
      return w.map(tags.length, j -> Kzg.openDirect(setup, tags, j).negate())
          .toArray(G1Point[]::new);
    }
    G1Point[] proofs = Kzg.openAll(setup, Kzg.interpolate(evaluations(tags)), w);
    return w.map(tags.length, j -> proofs[j].negate()).toArray(G1Point[]::new);
  }

  private List<BatchedTx> placed(BlockId block, List<SealedTx> txs) {
    if (txs.size() > setup.capacity()) {
      throw new CryptoException("batched digest",
          txs.size() + " transactions exceed the setup's capacity " + setup.capacity());
    }
    List<BatchedTx> out = new ArrayList<>(txs.size());
    for (int j = 0; j < txs.size(); j++) {
      if (!(txs.get(j) instanceof BatchedTx tx)) {
        throw new CryptoException("batched digest",
            "transaction " + j + " was not sealed with the batched design");
      }
      if (!tx.block().equals(block) || tx.slot() != j) {
        throw new CryptoException("batched digest", "transaction at position " + j
            + " was sealed for " + tx.block() + " slot " + tx.slot() + ", not " + block
            + " slot " + j);
      }
      out.add(tx);
    }
    return out;
  }

  /**
   * What validators and the combiner do while the block is voted on: recompute the digest and
   * compare (a proposer cannot publish a digest that opens anything but this block's
   * transactions), check every transaction's validity, and compute every transaction's evaluation
   * proof (direct Lagrange-basis openings for small blocks, FK20 over H_n otherwise).
   *
   * @throws CryptoException when the digest is another setup's or does not commit to these
   *     transactions
   */
  @Override
  public BatchedBlock prepare(BlockDigest digest, List<SealedTx> txs, Workers w) {
    long start = System.nanoTime();
    BatchedDigest d = ownDigest(digest);
    List<BatchedTx> batched = placed(d.block(), txs);
    if (batched.size() != d.blockSize()) {
      throw new CryptoException("batched prepare", "the digest is for " + d.blockSize()
          + " transactions, the block holds " + batched.size());
    }
    Fr[] tags = w.map(batched.size(), j -> Cipher.tag(batched.get(j).header())).toArray(Fr[]::new);
    BatchedDigest mine = digestOf(d.block(), tags);
    if (!mine.commitment().equals(d.commitment())) {
      throw new CryptoException("batched prepare",
          "the proposer's digest does not commit to the block's transactions");
    }
    List<Integer> invalid = invalidPositions(batched, w);
    G1Point[] negated = negatedProofs(tags, w);
    // The block holds the point derived here, whatever the proposer sent (BatchedDigest refuses
    // a point that is not C + Q_block: shares and the key check are always on the block's own).
    return new BatchedBlock(mine, batched, tags, negated, invalid, System.nanoTime() - start);
  }

  /**
   * Admission of a batch: transactions of another design or outside the capacity are invalid,
   * the rest are checked at once ({@link #invalidPositions}; Fiat-Shamir weights, so {@code
   * random} is not used).
   */
  @Override
  public List<Integer> invalidAmong(List<SealedTx> txs, StrongRandom random, Workers workers) {
    List<Integer> bad = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    List<BatchedTx> typed = new ArrayList<>();
    for (int j = 0; j < txs.size(); j++) {
      if (txs.get(j) instanceof BatchedTx tx && tx.slot() < setup.capacity()) {
        positions.add(j);
        typed.add(tx);
      } else {
        bad.add(j);
      }
    }
    for (int i : invalidPositions(typed, workers)) {
      bad.add(positions.get(i));
    }
    bad.sort(null);
    return bad;
  }

  /**
   * Positions of the invalid transactions: all checked at once ({@link #allValid}), and only if
   * that fails the bisection search of {@link BatchSearch} (halves checked by {@link #allValid}
   * with weights hashed from the half, sets of a few one by one by {@link #isValid}).
   */
  List<Integer> invalidPositions(List<BatchedTx> txs, Workers w) {
    if (txs.isEmpty() || allValid(txs, w)) {
      return List.of();
    }
    return BatchSearch.failing(txs.size(),
        set -> allValid(java.util.Arrays.stream(set).mapToObj(txs::get).toList(), w),
        j -> isValid(txs.get(j)), w);
  }

  /**
   * The validity equations of a whole block in one product with two 128-bit Fiat-Shamir weights
   * per transaction ({@link BlockValidity#holds}).
   */
  boolean allValid(List<BatchedTx> txs, Workers w) {
    return BlockValidity.holds(setup, txs, w);
  }

  BatchedDigest ownDigest(BlockDigest digest) {
    if (!(digest instanceof BatchedDigest d)) {
      throw new CryptoException("batched design", "not a batched digest: " + digest);
    }
    if (d.setup() != setup) {
      throw new CryptoException("batched design",
          "the digest was made under another batched setup (another dealer's powers)");
    }
    return d;
  }

  BatchedBlock ownBlock(PreparedBlock block) {
    if (!(block instanceof BatchedBlock b)) {
      throw new CryptoException("batched design", "not a block prepared by the batched design");
    }
    ownDigest(b.digest());
    return b;
  }

  /**
   * Validator {@code validator}'s one key share: D_i = [a_i] C', a_i = sum over its points k of
   * lambda_k f(omega^k) for the signer set (one G1 scalar multiplication), 96 bytes uncompressed.
   *
   * @throws CryptoException when the block holds an invalid transaction (an honest validator
   *     releases nothing for it) or the validator is not a signer
   */
  @Override
  public List<byte[]> createShares(int validator, SignerSet signers, PreparedBlock prepared) {
    BatchedBlock block = ownBlock(prepared);
    if (!block.invalid().isEmpty()) {
      throw new CryptoException("batched share", "the block holds invalid transactions at "
          + block.invalid() + ": an honest validator sends no key share for it");
    }
    return List.of(design.form() == ShareForm.PER_POINT
        ? pointShares.create(validator, block.digest().point())
        : foldedShare(validator, signers, block));
  }

  /** The folded form's share D_i = [a_i] C', whatever this design's form (for benchmarks). */
  byte[] foldedShare(int validator, SignerSet signers, BatchedBlock block) {
    return block.digest().point().multiply(foldedSecret(validator, signers)).toUncompressed();
  }

  /** a_i = sum_k lambda_k f(omega^k) over validator i's points (private to validator i). */
  Fr foldedSecret(int validator, SignerSet signers) {
    Fr[] lambdas = signers.lambdasOf(validator);
    int first = keys.committee().firstPointOf(validator);
    Fr a = Fr.zero();
    for (int i = 0; i < lambdas.length; i++) {
      a = a.add(lambdas[i].mul(keys.validatorScalarShare(first + i)));
    }
    return a;
  }

  @Override
  public BlockResult propose(PreparedBlock block, Map<Integer, List<byte[]>> sharesByValidator,
      SignerSet foldedFor, BlockProposer.Reshare reshare, StrongRandom random) {
    BatchedBlock b = ownBlock(block);
    if (design.form() == ShareForm.PER_POINT) {
      return pointShares.open(b.digest().point(), sharesByValidator, b.batchedTxs().size(),
          b.invalid(), key -> new PointShares.Decrypted(combiner.decryptAll(b, key), b.invalid()),
          random);
    }
    return combiner.propose(b, sharesByValidator, foldedFor, reshare, random);
  }

  Workers workers() {
    return workers;
  }
}
