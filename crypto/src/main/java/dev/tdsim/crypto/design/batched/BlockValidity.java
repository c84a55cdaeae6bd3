package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import java.util.ArrayList;
import java.util.List;

/** The batched design's block-wide validity check (docs/CRYPTO.md, "batched", "The scheme"). */
final class BlockValidity {
  /** Bits of the Fiat-Shamir weights: 128-bit values plus one. */
  private static final int WEIGHT_BITS = 129;

  private BlockValidity() {}

  /**
   * The validity equations of a whole block in one product with two 128-bit weights per
   * transaction, u_j for W's and v_j for B's, derived by hashing every transaction (Fiat-Shamir:
   * a block holding an invalid transaction passes with probability about 2^-128 per hash the
   * proposer tries): e(sum u_j W_j, H) e(G, sum v_j B_j) prod_j e(-([u_j] P_j + [v_j][sk (tau -
   * x_j)]_1), A_j) == 1. The B_j all pair with G, so their weights go to the G2 side as one MSM:
   * one Miller-loop pair per transaction (was two, with a full-width G1 multiplication [v_j]G),
   * two 129-bit G1 multiplications per transaction, and per block two short MSMs, two more pairs
   * and one final exponentiation. Split over the workers in ranges, multiplied in GT.
   */
  static boolean holds(BatchedSetup setup, List<BatchedTx> txs, Workers w) {
    for (BatchedTx tx : txs) {
      if (tx.slot() >= setup.capacity()) {
        return false;
      }
    }
    byte[] seed = Cipher.batchSeed(txs.stream().map(BatchedTx::toBytes).toList());
    List<Object[]> parts = w.mapRanges(txs.size(), Pairings.MIN_CHUNK, (from, to) -> {
      List<G1Point> proofBases = new ArrayList<>();
      List<G1Point> slotKeys = new ArrayList<>();
      List<G2Point> as = new ArrayList<>();
      List<G2Point> bs = new ArrayList<>();
      List<G1Point> ws = new ArrayList<>();
      List<Fr> us = new ArrayList<>();
      List<Fr> vs = new ArrayList<>();
      boolean tagsOk = true;
      for (int j = from; j < to; j++) {
        BatchedTx tx = txs.get(j);
        byte[] header = tx.header();
        tagsOk &= !Cipher.tag(header).isZero();
        Fr[] uv = Cipher.batchWeights(seed, j);
        proofBases.add(Cipher.proofBase(header, tx.bodyView()));
        slotKeys.add(setup.slotKeyG1(tx.slot()));
        as.add(tx.a());
        bs.add(tx.b());
        ws.add(tx.w());
        us.add(uv[0]);
        vs.add(uv[1]);
      }
      List<G1Point> up = G1Point.multiplyEach(proofBases, us, WEIGHT_BITS);
      List<G1Point> vs1 = G1Point.multiplyEach(slotKeys, vs, WEIGHT_BITS);
      List<G1Point> cs = new ArrayList<>(up.size());
      for (int i = 0; i < up.size(); i++) {
        cs.add(up.get(i).add(vs1.get(i)).negate());
      }
      return new Object[] {tagsOk, Pairings.millerLoop(cs, as),
          G1Point.msm(ws, us, WEIGHT_BITS), G2Point.msm(bs, vs, WEIGHT_BITS)};
    });
    List<GtElement> loops = new ArrayList<>();
    G1Point wSum = G1Point.identity();
    G2Point bSum = G2Point.identity();
    for (Object[] part : parts) {
      if (!(Boolean) part[0]) {
        return false;
      }
      loops.add((GtElement) part[1]);
      wSum = wSum.add((G1Point) part[2]);
      bSum = bSum.add((G2Point) part[3]);
    }
    loops.add(Pairings.millerLoop(List.of(wSum, G1Point.generator()),
        List.of(G2Point.generator(), bSum)));
    return Pairings.product(loops).finalExponentiation().isOne();
  }
}
