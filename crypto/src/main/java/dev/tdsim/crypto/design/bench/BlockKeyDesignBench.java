package dev.tdsim.crypto.design.bench;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.blockkey.BlockKeyCipher;
import dev.tdsim.crypto.design.blockkey.BlockKeyOps;
import dev.tdsim.crypto.design.blockkey.BlockKeyTx;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The block-key design's bench functions (through {@link BlockKeyOps}): digest (H1(id)),
 * share_create, share_verify, reconstruct (combine and check the block key), decrypt_batch. It has
 * no evaluation proofs.
 */
final class BlockKeyDesignBench implements DesignBench {
  private final DesignKeys design;
  private final KeySet keys;
  private final Workers workers;
  private final G2Prepared masterKeyLines;
  private final G2Prepared generatorLines = G2Point.generator().prepare();

  /** The key shares' fixed-base tables (built at the first fixture, as the combiner does). */
  private java.util.List<dev.tdsim.crypto.curve.G2FixedBases> tables;

  private java.util.List<dev.tdsim.crypto.curve.G2FixedBases> tables() {
    if (tables == null) {
      tables = BlockKeyOps.keyShareTables(keys, workers);
    }
    return tables;
  }

  BlockKeyDesignBench(DesignKeys design, Workers workers) {
    this.design = design;
    this.keys = design.keys();
    this.workers = workers;
    this.masterKeyLines = keys.publicKeyG2().prepare();
  }

  static final List<DesignFunction> FUNCTIONS = List.of(DesignFunction.DIGEST,
      DesignFunction.SHARE_CREATE, DesignFunction.SHARE_VERIFY, DesignFunction.RECONSTRUCT,
      DesignFunction.DECRYPT_BATCH);

  @Override
  public List<DesignFunction> functions() {
    return FUNCTIONS;
  }

  @Override
  public Fixture fixture(BlockId id, List<SealedTx> txs, List<byte[]> payloads,
      SignerSet signers, StrongRandom random) {
    G1Point identity = BlockKeyCipher.identity(id);
    signers.lambdas();
    List<G1Point> shares = workers.map(signers.size(),
        pos -> BlockKeyOps.createShare(keys, signers.validator(pos), signers, identity));
    BlockKeyOps.FoldedKeys folded = BlockKeyOps.FoldedKeys.of(keys, signers, tables(), workers);
    G1Point key = BlockKeyOps.reconstruct(identity, shares, masterKeyLines)
        .orElseThrow(() -> new IllegalStateException("block-key: honest shares give no key"));
    List<BlockKeyTx> sealed = txs.stream().map(BlockKeyTx.class::cast).toList();
    List<G2Point> us = sealed.stream().map(BlockKeyTx::u).toList();
    byte[] idBytes = id.toBytes();
    Fr scalar = Fr.random(random);
    long[] weights = random.nextLongs(shares.size());
    Fixture f = new Fixture() {
      @Override
      public Runnable run(DesignFunction fn) {
        switch (fn) {
          case DIGEST -> {
            BlockDigest d = design.digest(id, txs, workers);
            return () -> require(d.block().equals(id), "digest of another block");
          }
          case SHARE_CREATE -> {
            G1Point s = BlockKeyOps.createShare(keys, signers.validator(0), signers, identity);
            return () -> require(s.equals(shares.get(0)), "share_create made another share");
          }
          case SHARE_VERIFY -> {
            List<Integer> bad =
                BlockKeyOps.faultyShares(identity, shares, folded, random, workers);
            return () -> require(bad.isEmpty(), "share_verify rejected honest shares " + bad);
          }
          case RECONSTRUCT -> {
            Optional<G1Point> k = BlockKeyOps.reconstruct(identity, shares, masterKeyLines);
            return () -> require(k.isPresent() && k.get().equals(key),
                "reconstruct did not give the block key");
          }
          case DECRYPT_BATCH -> {
            List<Optional<byte[]>> out =
                BlockKeyOps.decryptBatch(key, idBytes, sealed, random, workers);
            return () -> checkPlaintexts(out, payloads);
          }
          default -> throw new IllegalArgumentException("block-key has no " + fn.cliName());
        }
      }

      @Override
      public void kernel(DesignFunction fn) {
        switch (fn) {
          case DIGEST -> G1Point.hashTo(idBytes, BlockKeyCipher.IDENTITY_DST);
          case SHARE_CREATE -> identity.multiply(scalar);
          case SHARE_VERIFY -> {
            // The two short MSMs (the G2 one over the A_i's fixed-base tables), side by side,
            // and the 2-pair product, without the weights drawn.
            List<Object> parts = workers.map(2, i -> i == 0
                ? G1Point.msmShort(shares, weights) : folded.table().msmShort(weights));
            Pairings.productIsOne(List.of((G1Point) parts.get(0), identity.negate()),
                List.of(G2Point.generator(), (G2Point) parts.get(1)));
          }
          case RECONSTRUCT -> Pairings.millerLoopPrepared(
              List.of(G1Point.sum(shares), identity.negate()),
              List.of(generatorLines, masterKeyLines)).finalExponentiation();
          case DECRYPT_BATCH -> BlockKeyOps.pairings(key, us, workers);
          default -> throw new IllegalArgumentException("block-key has no " + fn.cliName());
        }
      }

      @Override
      public String kernelDescription(DesignFunction fn) {
        return switch (fn) {
          case DIGEST -> "one RFC 9380 hash to G1";
          case SHARE_CREATE -> "one G1 scalar multiplication";
          case SHARE_VERIFY -> "a 64-bit G1 MSM of V points, a fixed-base G2 MSM over the V"
              + " folded keys' tables and a 2-pair product";
          case RECONSTRUCT -> "the sum of V G1 points and a 2-pair product over precomputed lines"
              + " (no subgroup check)";
          case DECRYPT_BATCH -> "B pairings e(K, U_j)";
          default -> "-";
        };
      }

      @Override
      public int units(DesignFunction fn) {
        return switch (fn) {
          case DECRYPT_BATCH -> txs.size();
          case SHARE_VERIFY -> 2;
          default -> 1;
        };
      }
    };
    // The whole path once: the fixture must open its own block.
    for (DesignFunction fn : functions()) {
      f.run(fn).run();
    }
    return f;
  }

  static void require(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException(what);
    }
  }

  static void checkPlaintexts(List<Optional<byte[]>> out, List<byte[]> payloads) {
    require(out.size() == payloads.size(),
        "decrypt_batch returned " + out.size() + " slots for " + payloads.size());
    for (int j = 0; j < payloads.size(); j++) {
      require(out.get(j).isPresent() && Arrays.equals(out.get(j).get(), payloads.get(j)),
          "decrypt_batch did not open transaction " + j + " to its payload");
    }
  }
}
