package dev.tdsim.calibration;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.pipeline.FaultyShares;
import dev.tdsim.pipeline.RealCrypto;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One grid point of one Ferveo variant. Made untimed: the payloads' ciphertexts and every
 * threshold signer's shares. A visit times, besides what every {@link BlockCell} times:
 * SHARE_CREATE by up to three signers (first, middle, last), each creating its m shares alone,
 * parallel over messages; block_propose by a fresh {@link BlockProposer} (so prepare_combine is
 * not cached), each phase one point; and BLAME on a second block_propose with the first
 * signer's shares shifted by a group element (the variant's colluding share maker, as the
 * simulator's {@code bad-share} fault sends them).
 */
final class FerveoCell<S> extends BlockCell {
  private final CombineVariant<S> variant;
  private final List<Ciphertext> cts;
  /** Shares with one bad signer (BLAME); null where the cell times no BLAME. */
  private Map<Integer, List<byte[]>> faultyShares;

  private FerveoCell(CellContext context, CombineVariant<S> variant, KeySet keys,
      KeySetGrid.Point point, KeySetGrid grid, List<Ciphertext> cts,
      Map<Integer, List<byte[]>> shares, SignerSet shareSigners) {
    super(context, variant.name(), keys, point, grid.block(point), shares, shareSigners,
        KeySetGrid.timedMakers(grid.makers));
    this.variant = variant;
    this.cts = cts;
  }

  /** The cells of one variant on one key set: payloads, ciphertexts and shares, untimed. */
  static <S> List<FerveoCell<S>> prepare(CellContext context, CombineVariant<S> variant,
      KeySet keys, CalibrationSettings.Grid settingsGrid, Workers setup) {
    KeySetGrid grid = new KeySetGrid(context.settings(), variant.name(), keys.committee(),
        settingsGrid);
    long w0 = System.nanoTime();
    RealCrypto untimed = RealCrypto.of(new FerveoDesign(variant), keys, Integer.MAX_VALUE, setup);
    // Computes the key set's lazily derived points this variant needs, in parallel, and warms
    // the JIT up on the whole path.
    untimed.warmUp(grid.warmUpRandom());
    context.info().accept(grid.setupLine("tables and warm-up in %.1f s",
        (System.nanoTime() - w0) / 1e9));

    // Blame checks shares against the G2 key shares: computed now (untimed), not in BLAME.
    keys.keyShares();
    SignerSet shareSigners = variant.sharesDependOnSigners() ? grid.signers
        : SignerSet.all(grid.committee);
    if (variant.sharesDependOnSigners()) {
      shareSigners.lambdas();
    }
    List<FerveoCell<S>> out = new ArrayList<>();
    for (int j = 0; j < grid.size(); j++) {
      KeySetGrid.Point point = grid.point(j);
      // Ferveo's designs seal threshold ciphertexts.
      List<Ciphertext> cts = untimed.encryptAndAdmit(point.payloads(), point.encryption(),
          new long[1]).value().stream().map(Ciphertext.class::cast).toList();
      Map<Integer, List<byte[]>> shares = sharesOf(untimed, grid.makers, shareSigners, cts);
      FerveoCell<S> cell = new FerveoCell<>(context, variant, keys, point, grid, cts, shares,
          shareSigners);
      // One bad signer (the first, its shares shifted) among the signers and the next
      // validator, so that t honest points remain after blame.
      Optional<SignerSet> blameSigners = grid.blameSigners();
      if (blameSigners.isPresent()) {
        SignerSet faultySet = blameSigners.get();
        SignerSet madeFor = variant.sharesDependOnSigners() ? faultySet : shareSigners;
        Map<Integer, List<byte[]>> faulty =
            sharesOf(untimed, faultySet.validators(), madeFor, cts);
        int bad = grid.makers.get(0);
        CombineVariant.ShareMaker shifted = FaultyShares.shifted(variant, keys, bad, madeFor);
        faulty.put(bad, untimed.createWith(() -> cts.stream().map(shifted::create).toList())
            .value());
        cell.faultyShares = faulty;
        cell.faultyFor = variant.sharesDependOnSigners() ? faultySet : null;
        cell.faultySize = grid.blameSize(faultySet, point);
      }
      out.add(cell);
    }
    return out;
  }

  /** Every one of {@code makers}' shares of {@code cts}, made for {@code signers} (untimed). */
  private static Map<Integer, List<byte[]>> sharesOf(RealCrypto untimed, List<Integer> makers,
      SignerSet signers, List<Ciphertext> cts) {
    Map<Integer, List<byte[]>> shares = new TreeMap<>();
    List<RealCrypto.Timed<List<byte[]>>> made = untimed.createShares(makers, signers, cts);
    for (int i = 0; i < makers.size(); i++) {
      shares.put(makers.get(i), made.get(i).value());
    }
    return shares;
  }

  @Override
  RealCrypto crypto(Workers workers) {
    // Ferveo's designs deal nothing beyond the key set and take blocks of any size.
    return RealCrypto.of(new FerveoDesign(variant), keys, Integer.MAX_VALUE, workers);
  }

  @Override
  boolean sharesDependOnSigners() {
    return variant.sharesDependOnSigners();
  }

  @Override
  void visitBlock(Workers workers) {
    int k = workers.threads();
    for (int v : timedMakers) {
      // CPU: the thread CPU of every task summed (as the simulator measures a validator's
      // shares), plus the maker's construction on the calling thread.
      long[] taskCpu = new long[m];
      // The run-queue read walks /proc on k > 1 threads: outside the CPU window.
      long sq0 = delayNanos(workers);
      long c0 = THREADS.getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      CombineVariant.ShareMaker maker = variant.shareMaker(keys, v, shareSigners);
      long made = THREADS.getCurrentThreadCpuTime() - c0;
      List<byte[]> mine = workers.map(m, i -> {
        long x0 = THREADS.getCurrentThreadCpuTime();
        byte[] share = maker.create(cts.get(i));
        taskCpu[i] = THREADS.getCurrentThreadCpuTime() - x0;
        return share;
      });
      double w = System.nanoTime() - t0;
      long sq1 = delayNanos(workers);
      double c = made + Arrays.stream(taskCpu).sum();
      shares.put(v, mine);
      addShareCreate(v, k, c, w, sq0, sq1);
    }

    BlockProposer<S> proposer = new BlockProposer<>(variant, keys, workers);
    StrongRandom weights = SeededDrbg.of(context.settings().seed(), "calibration.weights", k);
    Proposal honest = propose(workers, () -> proposer.propose(cts, shares, null, weights));
    check(honest.result());
    boolean verifies = proposer.combinerFor(honest.result().signersUsed()).verifiesShares();
    addPhases(honest, verifies, false, k);
    if (faultyShares != null) {
      BlockProposer<S> blamer = new BlockProposer<>(variant, keys, workers);
      Proposal faulty = propose(workers,
          () -> blamer.propose(cts, faultyShares, faultyFor, null, weights));
      neverWrong(faulty.result());
      addBlame(faulty, k);
    }
  }
}
