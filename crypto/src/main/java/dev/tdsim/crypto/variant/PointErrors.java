package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The polynomial error of the framing attack on blame by exclusion (issue 19, item 9;
 * {@link CombineVariant#framingShareMaker}): p(x) = x prod_{h in H} (x - h), with H the points of
 * the signers other than the attacker and the target, taken in signer order while they fit in
 * t - 2 (so deg p <= t - 1). p(0) = 0 and p vanishes on H; the roots of unity are never 0 and
 * the attacker's points are not in H, so p is non-zero on every one of them.
 */
final class PointErrors {
  private PointErrors() {}

  /** The points p vanishes on: H, as defined above. */
  static int[] vanishing(Committee committee, int attacker, int target, SignerSet signers) {
    if (!signers.contains(attacker) || !signers.contains(target) || attacker == target) {
      throw new CryptoException("framing share", "attacker " + attacker + " and target "
          + target + " must be two signers of " + signers);
    }
    int room = committee.threshold() - 2;
    List<Integer> others = new ArrayList<>();
    int points = 0;
    for (int v : signers.validators()) {
      if (v != attacker && v != target && points + committee.pointsOf(v) <= room) {
        others.add(v);
        points += committee.pointsOf(v);
      }
    }
    return committee.pointsOf(others);
  }

  /** p at each of the attacker's points, in point order. */
  static Fr[] errors(KeySet keys, int attacker, int[] vanishing) {
    int first = keys.committee().firstPointOf(attacker);
    Fr[] out = new Fr[keys.committee().pointsOf(attacker)];
    for (int k = 0; k < out.length; k++) {
      Fr x = keys.domain().element(first + k);
      Fr p = x;
      for (int h : vanishing) {
        p = p.mul(x.sub(keys.domain().element(h)));
      }
      out[k] = p;
    }
    return out;
  }
}
