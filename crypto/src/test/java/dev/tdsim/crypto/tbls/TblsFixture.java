package dev.tdsim.crypto.tbls;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.ArrayList;
import java.util.List;

/** A small signing committee (64 points over 8 validators of unequal stake, t = 42). */
final class TblsFixture {
  static final Workers WORKERS = Workers.of(2);
  static final int SHARES = 64;
  static final int THRESHOLD = Committee.defaultThreshold(SHARES);
  static final Committee COMMITTEE =
      Committee.byStake(SHARES, THRESHOLD, new long[] {5, 3, 9, 1, 7, 2, 6, 4});
  static final KeySet KEYS = KeySet.deal(COMMITTEE, SeededDrbg.of(7, "tbls-keys", 0), WORKERS);
  static final ThresholdBls TBLS = ThresholdBls.of(KEYS);

  private TblsFixture() {}

  static List<PartialSignature> signAll(ThresholdBls tbls, G1Point hashed) {
    List<PartialSignature> out = new ArrayList<>();
    for (int v = 0; v < tbls.committee().validators(); v++) {
      out.add(tbls.sign(v, hashed));
    }
    return out;
  }

  /**
   * f(0) of a key set, recovered from its scalar shares by the textbook Lagrange formula over the
   * first t points (an oracle independent of the fast code), checked against the public key.
   */
  static Fr secret(KeySet keys) {
    int t = keys.committee().threshold();
    int[] idx = new int[t];
    for (int i = 0; i < t; i++) {
      idx[i] = i;
    }
    Fr[] l = Lagrange.atZeroNaive(Domain.of(keys.committee().shares()), idx);
    Fr s = Fr.zero();
    for (int i = 0; i < t; i++) {
      s = s.add(l[i].mul(keys.validatorScalarShare(i)));
    }
    if (!G2Point.generator().multiply(s).equals(keys.publicKeyG2())) {
      throw new AssertionError("the oracle's f(0) does not match the public key");
    }
    return s;
  }
}
