package dev.tdsim.pipeline;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.Designs;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A test double of a one-share-per-block design with real crypto underneath, to test the
 * pipeline's message flow before (and beside) the real designs: it seals with {@code fast}, the
 * proposer's digest is a SHA-256 over the block ({@link #DIGEST_BYTES} on the wire), the
 * combiner's prepare hashes the block again, each validator sends ONE share per block (its fast
 * shares bundled; declared {@link #SHARE_BYTES} on the wire whatever the block size), and the
 * combiner unbundles them and runs fast's real block_propose (a bundle that does not parse is
 * sent on as no shares: the validator is named). Its shares do not depend on the signer set and
 * it has no key-colliding payload.
 */
final class BundledDesign implements BlockDesign {
  static final int SHARE_BYTES = 48;
  static final int DIGEST_BYTES = 48;
  private final BlockDesign inner = Designs.byName("fast");
  /** The payload whose plaintext this design's block_propose gets wrong, or -1 (none). */
  private final int wrongSlot;

  BundledDesign() {
    this(-1);
  }

  private BundledDesign(int wrongSlot) {
    this.wrongSlot = wrongSlot;
  }

  /**
   * A buggy variant: its block_propose opens payload {@code slot} to another plaintext (the
   * last byte flipped), as a broken design would; nothing else changes.
   */
  static BundledDesign openingWrong(int slot) {
    return new BundledDesign(slot);
  }

  @Override
  public String name() {
    return "bundled-test";
  }

  @Override
  public String description() {
    return "test double: fast's shares bundled into one share per block";
  }

  @Override
  public java.util.Optional<String> disclosureCaveat() {
    return java.util.Optional.of("test double, reveals nothing");
  }

  @Override
  public boolean sharesDependOnSigners() {
    return false;
  }

  @Override
  public int sharesPerBlock(int blockSize) {
    return 1;
  }

  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return SHARE_BYTES;
  }

  @Override
  public DesignKeys setup(KeySet keys, int maxBlockSize, StrongRandom random, Workers workers) {
    return new Keys(this, inner.setup(keys, maxBlockSize, random, workers));
  }

  record Digest(BlockId block, byte[] hash, BlockDigest inner) implements BlockDigest {
    @Override
    public int wireBytes() {
      return DIGEST_BYTES;
    }
  }

  record Prepared(BlockDigest digest, List<SealedTx> txs, PreparedBlock inner)
      implements PreparedBlock {}

  private static final class Keys implements DesignKeys {
    private final BundledDesign design;
    private final DesignKeys inner;

    Keys(BundledDesign design, DesignKeys inner) {
      this.design = design;
      this.inner = inner;
    }

    @Override
    public BlockDesign design() {
      return design;
    }

    @Override
    public KeySet keys() {
      return inner.keys();
    }

    @Override
    public int maxBlockSize() {
      return inner.maxBlockSize();
    }

    @Override
    public SealedTx encrypt(BlockId block, int slot, byte[] payload, StrongRandom random) {
      return inner.encrypt(block, slot, payload, random);
    }

    @Override
    public SealedTx decode(byte[] encoded) {
      return inner.decode(encoded);
    }

    @Override
    public boolean isValid(SealedTx tx) {
      return inner.isValid(tx);
    }

    @Override
    public BlockDigest digest(BlockId block, List<SealedTx> txs, Workers workers) {
      return new Digest(block, hash(block, txs), inner.digest(block, txs, workers));
    }

    @Override
    public PreparedBlock prepare(BlockDigest digest, List<SealedTx> txs, Workers workers) {
      Digest d = (Digest) digest;
      hash(d.block(), txs);
      return new Prepared(digest, List.copyOf(txs), inner.prepare(d.inner(), txs, workers));
    }

    @Override
    public List<byte[]> createShares(int validator, SignerSet signers, PreparedBlock block) {
      return List.of(bundle(inner.createShares(validator, signers, ((Prepared) block).inner())));
    }

    @Override
    public List<byte[]> createWrongShares(int validator, SignerSet signers,
        PreparedBlock block) {
      return List.of(bundle(inner.createWrongShares(validator, signers,
          ((Prepared) block).inner())));
    }

    @Override
    public BlockResult propose(PreparedBlock block, Map<Integer, List<byte[]>> sharesByValidator,
        SignerSet foldedFor, BlockProposer.Reshare reshare, StrongRandom random) {
      Map<Integer, List<byte[]>> unbundled = new LinkedHashMap<>();
      sharesByValidator.forEach((v, shares) -> unbundled.put(v,
          shares.size() == 1 ? unbundle(shares.get(0)) : List.of()));
      BlockResult r =
          inner.propose(((Prepared) block).inner(), unbundled, foldedFor, reshare, random);
      int slot = design.wrongSlot;
      if (slot < 0 || slot >= r.plaintexts().size() || r.plaintexts().get(slot).isEmpty()) {
        return r;
      }
      List<java.util.Optional<byte[]>> plaintexts = new ArrayList<>(r.plaintexts());
      byte[] wrong = plaintexts.get(slot).get().clone();
      wrong[wrong.length - 1] ^= 1;
      plaintexts.set(slot, java.util.Optional.of(wrong));
      return new BlockResult(plaintexts, r.faultyValidators(), r.invalidCiphertexts(),
          r.signersUsed(), r.ranPrepare(), r.timings(), r.cpu(), r.status(),
          r.pointsAvailable());
    }

    @Override
    public DesignKeys forCombiner() {
      return new Keys(design, inner.forCombiner());
    }

    @Override
    public boolean verifiesShares() {
      return inner.verifiesShares();
    }
  }

  private static byte[] hash(BlockId block, List<SealedTx> txs) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(block.toBytes());
      txs.forEach(tx -> sha.update(tx.toBytes()));
      return sha.digest();
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] bundle(List<byte[]> shares) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] s : shares) {
      out.writeBytes(ByteBuffer.allocate(4).putInt(s.length).array());
      out.writeBytes(s);
    }
    return out.toByteArray();
  }

  /** The bundled shares, or none when the bundle does not parse. */
  private static List<byte[]> unbundle(byte[] bundle) {
    List<byte[]> out = new ArrayList<>();
    ByteBuffer b = ByteBuffer.wrap(bundle);
    while (b.hasRemaining()) {
      if (b.remaining() < 4) {
        return List.of();
      }
      int n = b.getInt();
      if (n < 0 || n > b.remaining()) {
        return List.of();
      }
      byte[] s = new byte[n];
      b.get(s);
      out.add(s);
    }
    return out;
  }
}
