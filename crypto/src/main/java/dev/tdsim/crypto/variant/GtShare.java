package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A decoded GT-family share ({@code simple}, {@code batch}: one element per key-share point of
 * its sender; {@code precomputed}: one element, the sender's points folded for a signer set) with
 * its evidence: the sender's blinded share D = [1/b_i]U (fast's share, 96 B uncompressed), which
 * makes each element checkable on its own against public keys (issue 19, item 9: blame only on
 * positive evidence, never by exclusion).
 *
 * <p>Why it proves the elements: e(D, P_i) == e(U, H) fixes D = [1/b_i]U (P_i = [b_i]H is
 * public); the public blinded shares B_k = [-b_i / omega^k] Z_k give [-omega^k] B_k = [b_i] Z_k,
 * so the honest element of point k is e(U, Z_k) = e(D, [-omega^k] B_k), and a folded one
 * prod_k e(U, Z_k)^(lambda_k) = e(D, sum_k [-lambda_k omega^k] B_k). A validator whose elements
 * differ from these, or whose D fails its own check, has sent a wrong share: that is the
 * evidence it is named on. D reveals nothing its elements do not (it is exactly fast's share,
 * and the elements are its pairings with public points).
 *
 * @param elements the GT elements, in point order
 * @param blinded the sender's D = [1/b_i]U for the same ciphertext
 */
record GtShare(List<GtElement> elements, G1Point blinded) {
  /** Bytes of the blinded share appended to the GT elements. */
  static final int EVIDENCE_BYTES = 96;

  GtShare {
    elements = List.copyOf(elements);
  }

  /** Encoded: the elements (576 B each) then D uncompressed. */
  static byte[] encode(byte[] elements, Ciphertext ct, Fr inverseBlinding) {
    byte[] d = ct.u().multiply(inverseBlinding).toUncompressed();
    byte[] out = Arrays.copyOf(elements, elements.length + d.length);
    System.arraycopy(d, 0, out, elements.length, d.length);
    return out;
  }

  /** Wire size of a share with {@code elements} GT elements. */
  static long wireBytes(int elements) {
    return (long) GtElement.BYTES * elements + EVIDENCE_BYTES;
  }

  /**
   * Decodes elements then D (curve check only: D is only ever paired, and a pairing does not see
   * a component outside G1, see {@link FastVariant#decodeShare}).
   *
   * @throws CryptoException naming the problem, in operation {@code what}
   */
  static GtShare decode(byte[] encoded, String what) {
    int length = encoded == null ? -1 : encoded.length;
    if (length < GtElement.BYTES + EVIDENCE_BYTES
        || (length - EVIDENCE_BYTES) % GtElement.BYTES != 0) {
      throw new CryptoException(what, "expected a multiple of 576 bytes plus 96, got "
          + (encoded == null ? "null" : length));
    }
    int gtBytes = length - EVIDENCE_BYTES;
    List<GtElement> elements = new ArrayList<>(gtBytes / GtElement.BYTES);
    for (int off = 0; off < gtBytes; off += GtElement.BYTES) {
      elements.add(GtElement.fromBytes(Arrays.copyOfRange(encoded, off, off + GtElement.BYTES)));
    }
    return new GtShare(elements, G1Point.fromBytesOnCurve(Arrays.copyOfRange(encoded, gtBytes,
        length)));
  }

  /**
   * Whether {@code validator}'s shares of {@code cts} are right, and why not. With random 64-bit
   * weights u_j (messages) and v_x (elements), both drawn after the shares are fixed:
   * e(sum_j [u_j] D_j, P_i) == e(sum_j [u_j] U_j, H) (a 2-pair product), then
   * prod_{j,x} E_jx^(u_j v_x) == e(sum_j [u_j] D_j, sum_k [-c_k omega^k] B_k) with c =
   * {@code pointCoefficients}(v), the per-point coefficients of the v-weighted elements (one GT
   * multi-exponentiation, one fixed-base G2 MSM over the validator's points, one pairing). A wrong
   * D or element passes with probability about 2^-63.
   *
   * @param pointCoefficients maps the element weights v to the coefficient of each of the
   *     validator's points (simple: the identity; precomputed: v_0 lambda_k)
   * @return empty when right, else what is wrong
   */
  static Optional<String> check(KeySet keys, int validator, List<Ciphertext> cts,
      List<GtShare> shares, Function<Fr[], Fr[]> pointCoefficients, StrongRandom random) {
    long[] u = Shares.weights(1, cts.size(), random)[0];
    List<G1Point> ds = shares.stream().map(GtShare::blinded).toList();
    G1Point d = G1Point.msmShort(ds, u);
    G1Point us = G1Point.msmShort(cts.stream().map(Ciphertext::u).toList(), u);
    if (!Pairings.productIsOne(List.of(d, us.negate()),
        List.of(keys.blindingKey(validator), G2Point.generator()))) {
      return Optional.of("its blinded share [1/b]U failed the check against its blinding key");
    }
    int count = shares.get(0).elements().size();
    long[] v = Shares.weights(1, count, random)[0];
    Fr[] vs = new Fr[count];
    for (int x = 0; x < count; x++) {
      vs[x] = Shares.unsigned(v[x]);
    }
    Fr[] c = pointCoefficients.apply(vs);
    int first = keys.committee().firstPointOf(validator);
    List<Fr> scalars = new ArrayList<>(c.length);
    for (int k = 0; k < c.length; k++) {
      scalars.add(c[k].mul(keys.domain().element(first + k)).neg());
    }
    G2Point key = keys.blindedShareTables().get(validator).msm(scalars);
    List<GtElement> bases = new ArrayList<>(cts.size() * count);
    List<Fr> exponents = new ArrayList<>(cts.size() * count);
    for (int j = 0; j < shares.size(); j++) {
      List<GtElement> row = shares.get(j).elements();
      if (row.size() != count) {
        return Optional.of("its shares hold " + row.size() + " and " + count + " elements");
      }
      Fr uj = Shares.unsigned(u[j]);
      for (int x = 0; x < count; x++) {
        bases.add(row.get(x));
        exponents.add(uj.mul(vs[x]));
      }
    }
    if (!GtElement.multiExp(bases, exponents).equals(Pairings.pair(d, key))) {
      return Optional.of("its decryption share does not match its verified blinded share");
    }
    return Optional.empty();
  }
}
