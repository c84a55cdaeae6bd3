package dev.tdsim.crypto.design.blockkey;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Prepared;
import dev.tdsim.crypto.design.PointShares;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One block opened by the block-key combiner. In order: decode every share (wrong count or
 * malformed: named, dropped); settle the signer set the shares were folded for (a signer missing
 * or named faulty means new shares from the rest, {@link BlockProposer.Reshare}, or {@link
 * BlockResult.Status#NEEDS_RESHARE}); its folded public shares A_i (cached per signer set);
 * batch-verify the shares, naming the wrong ones; sum them into K and check K against the public
 * key before opening anything; open every transaction with one pairing and check each with the
 * Fujisaki-Okamoto re-encryption. Never returns a wrong plaintext.
 */
final class BlockKeyCombiner {
  interface FoldedKeys {
    BlockKeyOps.FoldedKeys of(SignerSet signers, boolean[] computed);
  }

  private enum Phase { DECODE, VALIDITY, VERIFY, PREPARE, COMBINE, CHECK, DECRYPT, BLAME }

  private final KeySet keys;
  private final Workers workers;
  private final G2Prepared masterKeyLines;
  private final FoldedKeys foldedKeys;
  private final long[] wall = new long[Phase.values().length];
  private final long[] cpu = new long[Phase.values().length];
  private long lastWall;
  private long lastCpu;

  BlockKeyCombiner(KeySet keys, Workers workers, G2Prepared masterKeyLines, FoldedKeys foldedKeys) {
    this.keys = keys;
    this.workers = workers;
    this.masterKeyLines = masterKeyLines;
    this.foldedKeys = foldedKeys;
  }

  BlockResult open(BlockKeyPrepared block, Map<Integer, List<byte[]>> sharesByValidator,
      SignerSet foldedFor, BlockProposer.Reshare reshare, StrongRandom random) {
    lastWall = System.nanoTime();
    lastCpu = cpuNanos();
    int n = block.sealed().size();
    G1Point identity = block.digest().identity();
    Map<Integer, String> faulty = new TreeMap<>();
    List<Integer> senders = sharesByValidator.keySet().stream()
        .filter(v -> v != null && v >= 0 && v < keys.committee().validators()).toList();
    SignerSet madeFor = foldedFor != null ? foldedFor
        : keys.committee().pointsOf(senders).length < keys.committee().threshold() ? null
            : SignerSet.of(keys.committee(), senders);
    Map<Integer, G1Point> decoded = decodeAll(sharesByValidator, faulty);
    lap(Phase.DECODE);
    boolean ranPrepare = false;
    boolean first = true;
    List<Optional<byte[]>> plaintexts = new ArrayList<>(Collections.nCopies(n, Optional.empty()));
    List<Integer> invalid = List.of();
    BlockResult.Status status;
    SignerSet used = null;
    while (true) {
      List<Integer> usable = madeFor == null ? List.of() : madeFor.validators().stream()
          .filter(v -> decoded.containsKey(v) && !faulty.containsKey(v)).toList();
      if (keys.committee().pointsOf(usable).length < keys.committee().threshold()) {
        status = BlockResult.Status.NOT_ENOUGH_HONEST_SHARES;
        used = null;
        break;
      }
      if (usable.size() != madeFor.size()) {
        used = SignerSet.of(keys.committee(), usable);
        if (reshare == null) {
          status = BlockResult.Status.NEEDS_RESHARE;
          break;
        }
        madeFor = used;
        Map<Integer, G1Point> fresh = decodeAll(reshare.sharesFor(madeFor), faulty);
        decoded.clear();
        decoded.putAll(fresh);
        lap(Phase.BLAME);
        continue;
      }
      used = madeFor;
      boolean[] computed = {false};
      BlockKeyOps.FoldedKeys folded = foldedKeys.of(madeFor, computed);
      ranPrepare |= computed[0];
      lap(first ? Phase.PREPARE : Phase.BLAME);
      List<G1Point> shares = new ArrayList<>(madeFor.size());
      for (int pos = 0; pos < madeFor.size(); pos++) {
        shares.add(decoded.get(madeFor.validator(pos)));
      }
      List<Integer> wrong = BlockKeyOps.faultyShares(identity, shares, folded, random, workers);
      lap(first ? Phase.VERIFY : Phase.BLAME);
      if (!wrong.isEmpty()) {
        for (int pos : wrong) {
          faulty.put(madeFor.validator(pos), "block-key share failed verification");
        }
        first = false;
        continue;
      }
      G1Point key = G1Point.sum(shares);
      lap(first ? Phase.COMBINE : Phase.BLAME);
      boolean keyOk = BlockKeyOps.checkKey(key, identity, masterKeyLines);
      lap(first ? Phase.CHECK : Phase.BLAME);
      if (!keyOk) {
        // The verified shares fix K up to torsion components, which pairings cannot see.
        List<Integer> torsion = BlockKeyOps.outsideSubgroup(shares, workers);
        lap(Phase.BLAME);
        if (torsion.isEmpty()) {
          status = BlockResult.Status.UNATTRIBUTED;
          break;
        }
        for (int pos : torsion) {
          faulty.put(madeFor.validator(pos), "block-key share outside the prime-order subgroup");
        }
        first = false;
        continue;
      }
      byte[] idBytes = block.digest().block().toBytes();
      List<Optional<BlockKeyCipher.Opened>> opened = workers.map(n,
          j -> BlockKeyCipher.open(key, idBytes, block.sealed().get(j)));
      lap(Phase.DECRYPT);
      List<Boolean> ok = BlockKeyOps.checkReencryption(block.sealed(), opened, random, workers);
      List<Integer> refused = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        if (ok.get(j)) {
          plaintexts.set(j, Optional.of(opened.get(j).get().message()));
        } else {
          refused.add(j);
        }
      }
      invalid = refused;
      lap(Phase.VALIDITY);
      status = BlockResult.Status.DECRYPTED;
      break;
    }
    int points = keys.committee().pointsOf(decoded.keySet().stream()
        .filter(v -> !faulty.containsKey(v)).toList()).length;
    return new BlockResult(plaintexts, faulty, invalid, used, ranPrepare, timings(wall),
        timings(cpu), status, points);
  }

  /** Each sender's one share, curve-checked (subgroup: once, on the sum; see above). */
  private Map<Integer, G1Point> decodeAll(
      Map<Integer, List<byte[]>> encoded, Map<Integer, String> faulty) {
    return PointShares.decodeEach(encoded, keys.committee(), workers,
        (v, bytes) -> G1Point.fromBytesOnCurve(bytes), "share", faulty);
  }

  private long cpuNanos() {
    return Workers.callerCpuNanos() + workers.poolCpuNanos();
  }

  private void lap(Phase phase) {
    long w = System.nanoTime();
    long c = cpuNanos();
    wall[phase.ordinal()] += w - lastWall;
    cpu[phase.ordinal()] += c - lastCpu;
    lastWall = w;
    lastCpu = c;
  }

  private static BlockResult.PhaseTimings timings(long[] t) {
    return new BlockResult.PhaseTimings(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
  }
}
