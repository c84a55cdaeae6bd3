package dev.tdsim.calibration;

import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.BlockDesign;
import dev.tdsim.crypto.design.BlockDigest;
import dev.tdsim.crypto.design.BlockId;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.pipeline.RealCrypto;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * One grid point of a one-share-per-block design. Made untimed: the design set up for blocks
 * of exactly m transactions (as a run with m per block sets it up), the block's transactions,
 * its digest and prepared block, and every threshold signer's share. A visit times, besides
 * what every {@link BlockCell} times: DIGEST and EVAL_PROOFS (the whole prepare) of the cell's
 * block, size (m, 1, the proposer's points) and (m, V, N) as the simulator charges them;
 * SHARE_CREATE by three signers (their signer set's coefficients computed before); and the
 * combiner's block_propose on the design's keys set up for a pool of k threads (once per cell
 * and k, same dealer stream), with shares made (untimed) for a signer set no earlier visit
 * used, so that the per-signer-set preparation is computed in the call (PREPARE); each phase
 * one point, size (m, signers, their points). BLAME on a second call with the first signer's
 * shares wrong ({@link DesignKeys#createWrongShares}), on each key set's smallest block.
 */
final class DesignCell extends BlockCell {
  private final BlockDesign design;
  private final DesignKeys cellKeys;
  private final BlockId id;
  private final List<SealedTx> txs;
  private final PreparedBlock prepared;
  /** The design's keys on a pool of k threads (set up once per cell and k). */
  private final Function<Workers, DesignKeys> keysFor;
  private final Map<Integer, PreparedBlock> preparedFor = new HashMap<>();
  private final Map<Integer, Map<Integer, List<byte[]>>> faultyByThreads = new HashMap<>();
  /** Visits so far per thread count (of this cell's combiner keys). */
  private final IntFunction<int[]> visits;

  private DesignCell(CellContext context, Function<Workers, DesignKeys> keysFor,
      IntFunction<int[]> visits, BlockDesign design, DesignKeys cellKeys, BlockId id,
      KeySetGrid.Point point, KeySetGrid grid, List<SealedTx> txs, PreparedBlock prepared,
      Map<Integer, List<byte[]>> shares, SignerSet shareSigners) {
    super(context, design.name(), cellKeys.keys(), point, grid.block(point), shares,
        shareSigners, KeySetGrid.timedMakers(grid.makers));
    this.keysFor = keysFor;
    this.visits = visits;
    this.design = design;
    this.cellKeys = cellKeys;
    this.id = id;
    this.txs = txs;
    this.prepared = prepared;
  }

  /**
   * The cells of one one-share-per-block design on one key set: per message count the design
   * set up for that block size (a dealer stream of its own), the block, its digest and prepared
   * block and every signer's share, untimed.
   */
  static List<DesignCell> prepare(CellContext context, BlockDesign design, KeySet keys,
      CalibrationSettings.Grid settingsGrid, Workers setup) {
    long seed = context.settings().seed();
    KeySetGrid grid = new KeySetGrid(context.settings(), design.name(), keys.committee(),
        settingsGrid);
    long w0 = System.nanoTime();
    // The JIT warmed up on the whole path once per key set (a throw-away setup for 2).
    new RealCrypto(design.setup(keys, 2, SeededDrbg.of(seed,
        "calibration.design-dealer/warm-up/" + grid.label, 0), setup), setup, "tdsim")
        .warmUp(grid.warmUpRandom());
    SignerSet shareSigners = design.sharesDependOnSigners() ? grid.signers
        : SignerSet.all(grid.committee);
    shareSigners.lambdas();
    List<Integer> makers = grid.makers;
    List<DesignCell> out = new ArrayList<>();
    for (int j = 0; j < grid.size(); j++) {
      KeySetGrid.Point point = grid.point(j);
      int m = point.msgs();
      // Set up for blocks of exactly m, as a run with m transactions per block sets the design
      // up (batched: its KZG domain, and whether FK20 or direct openings are cheaper, follow the
      // setup's capacity); the combiner's keys on a pool of k threads from the same dealer
      // stream, each with its own signer-set cache and visit count.
      String dealerLabel = "calibration.design-dealer/" + grid.label + "/" + m;
      DesignKeys cellKeys = design.setup(keys, m, SeededDrbg.of(seed, dealerLabel, 0), setup);
      Map<Integer, DesignKeys> byThreads = new HashMap<>();
      Function<Workers, DesignKeys> keysFor = w -> byThreads.computeIfAbsent(
          w.threads(), k -> design.setup(keys, m, SeededDrbg.of(seed, dealerLabel, 0), w));
      Map<Integer, int[]> visitCounts = new HashMap<>();
      IntFunction<int[]> visits = k -> visitCounts.computeIfAbsent(k, x -> new int[1]);
      RealCrypto untimed = new RealCrypto(cellKeys, setup, "tdsim");
      BlockId id = untimed.blockId(1);
      List<SealedTx> txs = untimed.encryptAndAdmit(point.payloads(), point.encryption(),
          new long[1]).value();
      PreparedBlock prepared = cellKeys.prepare(cellKeys.digest(id, txs, setup), txs, setup);
      Map<Integer, List<byte[]>> shares = new TreeMap<>();
      List<List<byte[]>> made = setup.map(makers.size(),
          i -> cellKeys.createShares(makers.get(i), shareSigners, prepared));
      for (int i = 0; i < makers.size(); i++) {
        shares.put(makers.get(i), made.get(i));
      }
      DesignCell cell = new DesignCell(context, keysFor, visits, design, cellKeys, id, point,
          grid, txs, prepared, shares, shareSigners);
      // BLAME (verification, its search and blame; not the decryption) does not grow with the
      // block, and its call decrypts the block again: timed on the smallest block only.
      if (j == 0) {
        grid.blameSigners().ifPresent(faultySet -> {
          cell.faultyFor = faultySet;
          cell.faultySize = grid.blameSize(faultySet, point);
        });
      }
      out.add(cell);
    }
    context.info().accept(grid.setupLine("setup, warm-up and %d blocks in %.1f s", out.size(),
        (System.nanoTime() - w0) / 1e9));
    return out;
  }

  @Override
  RealCrypto crypto(Workers workers) {
    return new RealCrypto(cellKeys, workers, "tdsim");
  }

  @Override
  boolean sharesDependOnSigners() {
    return cellKeys.design().sharesDependOnSigners();
  }

  @Override
  void visitBlock(Workers workers) {
    int k = workers.threads();
    Committee committee = keys.committee();
    BlockDigest digest = timed("DIGEST", CryptoOp.DIGEST,
        new OpSize(m, 1, committee.pointsOf(0), block.msgBytes()), workers,
        () -> cellKeys.digest(id, txs, workers));
    PreparedBlock again = timed("EVAL_PROOFS", CryptoOp.EVAL_PROOFS,
        new OpSize(m, committee.validators(), committee.shares(), block.msgBytes()), workers,
        () -> cellKeys.prepare(digest, txs, workers));
    if (again.txs().size() != m) {
      throw new IllegalStateException(name + ": prepare lost transactions");
    }

    for (int v : timedMakers) {
      // One validator's shares are made on its own thread (the simulator's measure).
      // (The run-queue reads walk /proc: outside the CPU window.)
      long sq0 = delayNanos(workers);
      long c0 = THREADS.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      List<byte[]> mine = cellKeys.createShares(v, shareSigners, prepared);
      double w = System.nanoTime() - t0;
      double c = THREADS.getCurrentThreadCpuTime() - c0;
      long sq1 = delayNanos(workers);
      if (!sameShares(mine, shares.get(v))) {
        throw new IllegalStateException(name + ": validator " + v + "'s shares changed");
      }
      addShareCreate(v, k, c, w, sq0, sq1);
    }

    // The combiner's keys on this visit's pool (set up once per key set and thread count,
    // untimed), its copy of the block, and shares from a signer set no earlier visit used, so
    // that its per-signer-set preparation (PREPARE) is computed in this call.
    DesignKeys combiner = keysFor.apply(workers);
    PreparedBlock mine = preparedFor.computeIfAbsent(k, x -> combiner.prepare(
        combiner.digest(id, txs, workers), txs, workers));
    SignerSet visitSigners = KeySetGrid.rotatedSigners(committee, visits.apply(k)[0]++);
    SignerSet madeFor = design.sharesDependOnSigners() ? visitSigners : shareSigners;
    madeFor.lambdas();
    List<List<byte[]>> made = workers.map(visitSigners.size(),
        i -> combiner.createShares(visitSigners.validator(i), madeFor, mine));
    Map<Integer, List<byte[]>> visitShares = new TreeMap<>();
    for (int i = 0; i < made.size(); i++) {
      visitShares.put(visitSigners.validator(i), made.get(i));
    }
    StrongRandom weights = SeededDrbg.of(context.settings().seed(), "calibration.weights", k);
    Proposal honest = propose(workers,
        () -> combiner.propose(mine, visitShares, null, null, weights));
    check(honest.result());
    // A small committee may run out of new signer sets: then nothing was prepared.
    addPhases(honest, combiner.verifiesShares(), true, k);
    if (faultyFor != null || faultySize != null) {
      Map<Integer, List<byte[]>> faulty = faultyByThreads.computeIfAbsent(k,
          x -> faultyShares(combiner, mine, workers));
      Proposal bad = propose(workers, () -> combiner.propose(mine, faulty,
          design.sharesDependOnSigners() ? faultyFor : null, null, weights));
      neverWrong(bad.result());
      if (bad.result().faultyValidators().isEmpty()) {
        throw new IllegalStateException(name + ": a wrong share was not named: calibration"
            + " stopped");
      }
      addBlame(bad, k);
    }
  }

  /**
   * The threshold signers plus the next validator, the first one's shares wrong (made on the
   * combiner's copy of the block).
   */
  private Map<Integer, List<byte[]>> faultyShares(DesignKeys combiner, PreparedBlock mine,
      Workers workers) {
    SignerSet madeFor = design.sharesDependOnSigners() ? faultyFor : shareSigners;
    madeFor.lambdas();
    List<Integer> withExtra = faultyFor.validators();
    Map<Integer, List<byte[]>> faulty = new TreeMap<>();
    List<List<byte[]>> honest = workers.map(withExtra.size(),
        i -> combiner.createShares(withExtra.get(i), madeFor, mine));
    for (int i = 0; i < withExtra.size(); i++) {
      faulty.put(withExtra.get(i), honest.get(i));
    }
    int bad = withExtra.get(0);
    faulty.put(bad, combiner.createWrongShares(bad, madeFor, mine));
    return faulty;
  }

  private static boolean sameShares(List<byte[]> a, List<byte[]> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!Arrays.equals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }
}
