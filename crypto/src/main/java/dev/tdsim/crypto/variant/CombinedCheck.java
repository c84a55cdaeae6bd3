package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * The combined-result check: whether each combined secret is the true one, tested against the
 * public key Y2 = [f(0)]H rather than by the AEAD (ChaCha20-Poly1305 is not key-committing:
 * {@link dev.tdsim.crypto.tpke.KeyCollision}). With independent random 64-bit weights rho_j over
 * the block's messages:
 *
 * <ul>
 *   <li>G1 family, C_j = [r_j]Y: every C_j in the prime-order subgroup, and e(sum rho_j C_j, H) ==
 *       e(sum rho_j U_j, Y2), two short MSMs and one 2-pair product;
 *   <li>GT family, s_j = e(U_j, Y2): prod s_j^rho_j == e(sum rho_j U_j, Y2), one GT
 *       multi-exponentiation, one short MSM and one pairing.
 * </ul>
 *
 * A wrong secret passes with probability at most 2^-64 (GT and G1 have prime order r > 2^64, so
 * for fixed other terms at most one rho_j mod r cancels the error). The subgroup check is needed
 * because the pairing ignores a torsion component T (e(C + T, H) = e(C, H)) while the KDF does
 * not: without it, a payload colliding under [r]Y and [r]Y + T would pass. The check reads the
 * exact bytes the KDF hashes, decoded strictly (canonical, on the curve, in the subgroup).
 *
 * <p>When the batch fails, bisection finds the wrong messages (2 log m batch checks for one bad
 * message instead of m single ones; dense failures switch to single checks). A batch that fails
 * while all its parts pass cannot happen with correct weights: it is reported as a bug, not
 * hidden.
 */
final class CombinedCheck<E> {
  /**
   * Why the GT-family check is a model only: the GT secret is e([r]Y, H) = e(U, Y2), so the Y2 it
   * checks against decrypts every ciphertext (docs/CRYPTO.md, "Caveat (GT family)").
   */
  static final String GT_CAVEAT = "the combined-result check of this variant (GT secret, "
      + "shares not verified) compares with e(U, Y2), and Y2 = [f(0)]H decrypts every GT "
      + "ciphertext by itself: tdsim runs the check to model its cost and to never open a wrong "
      + "plaintext, but a deployment cannot publish Y2 (only fast's verified shares and folded's "
      + "G1 check are deployable as run here; see docs/CRYPTO.md)";

  private final Family<E> family;
  private final KeySet keys;
  private final Workers workers;

  CombinedCheck(Family<E> family, KeySet keys, Workers workers) {
    this.family = family;
    this.keys = keys;
    this.workers = workers;
  }

  static CombinedCheck<?> of(SecretGroup group, KeySet keys, Workers workers) {
    return group == SecretGroup.G1
        ? new CombinedCheck<>(new G1Family(), keys, workers)
        : new CombinedCheck<>(new GtFamily(), keys, workers);
  }

  /**
   * The messages (indices into {@code cts}) whose combined secret is wrong.
   *
   * @param indices the messages to check
   * @param secrets the combined secret bytes of those messages, aligned with {@code indices}
   */
  List<Integer> failing(
      List<Ciphertext> cts, List<Integer> indices, List<byte[]> secrets, StrongRandom random) {
    List<E> decoded = workers.map(indices.size(), i -> decode(secrets.get(i)));
    List<Integer> failing = new ArrayList<>();
    List<Integer> positions = new ArrayList<>();
    for (int i = 0; i < indices.size(); i++) {
      if (decoded.get(i) == null) {
        failing.add(indices.get(i)); // not even a group element
      } else {
        positions.add(i);
      }
    }
    Batch batch = new Batch(cts, indices, decoded, random);
    if (!positions.isEmpty() && !batch.holds(positions)) {
      for (int pos : batch.bisect(positions)) {
        failing.add(indices.get(pos));
      }
    }
    failing.sort(null);
    return failing;
  }

  private E decode(byte[] secret) {
    try {
      return family.decode(secret);
    } catch (CryptoException e) {
      return null;
    }
  }

  /** One block's decoded secrets, checked in batches of positions. */
  private final class Batch {
    private final List<Ciphertext> cts;
    private final List<Integer> indices;
    private final List<E> secrets;
    private final StrongRandom random;

    Batch(List<Ciphertext> cts, List<Integer> indices, List<E> secrets, StrongRandom random) {
      this.cts = cts;
      this.indices = indices;
      this.secrets = secrets;
      this.random = random;
    }

    boolean holds(List<Integer> positions) {
      if (positions.size() == 1) {
        int pos = positions.get(0);
        return family.holdsAlone(secrets.get(pos), cts.get(indices.get(pos)).u(),
            keys.publicKeyG2());
      }
      long[] rho = Shares.weights(1, positions.size(), random)[0];
      List<G1Point> us = new ArrayList<>(positions.size());
      List<E> ss = new ArrayList<>(positions.size());
      for (int pos : positions) {
        us.add(cts.get(indices.get(pos)).u());
        ss.add(secrets.get(pos));
      }
      G1Point weightedU = G1Point.msmShort(us, rho);
      return family.holds(ss, rho, weightedU, keys.publicKeyG2());
    }

    /**
     * The wrong positions of a batch that failed as a whole: halves are checked while the wrong
     * ones look sparse (one failing half: 2 log m checks for one wrong secret); once both halves
     * fail they look dense, and each secret of the set is checked alone (at most m + 2 log m
     * checks when every secret is wrong, instead of 2m for a full bisection).
     */
    List<Integer> bisect(List<Integer> failed) {
      if (failed.size() <= 2) {
        return alone(failed);
      }
      List<Integer> left = failed.subList(0, failed.size() / 2);
      List<Integer> right = failed.subList(failed.size() / 2, failed.size());
      boolean leftHolds = holds(left);
      boolean rightHolds = holds(right);
      if (leftHolds && rightHolds) {
        throw inconsistent(failed.size());
      }
      if (!leftHolds && !rightHolds) {
        return alone(failed);
      }
      return bisect(leftHolds ? right : left);
    }

    /** Each position checked alone, in parallel; some must fail. */
    private List<Integer> alone(List<Integer> failed) {
      List<Boolean> ok = workers.map(failed.size(), i -> holds(List.of(failed.get(i))));
      List<Integer> wrong = new ArrayList<>();
      for (int i = 0; i < failed.size(); i++) {
        if (!ok.get(i)) {
          wrong.add(failed.get(i));
        }
      }
      if (wrong.isEmpty()) {
        throw inconsistent(failed.size());
      }
      return wrong;
    }
  }

  private static CryptoException inconsistent(int size) {
    return new CryptoException("combined-result check", "a batch of " + size + " secrets failed"
        + " but its parts passed: the batch weights are inconsistent (a bug)");
  }

  /** How one secret group decodes and checks its combined secrets. */
  interface Family<E> {
    /** Strict decoding of the KDF input; throws CryptoException when it is no group element. */
    E decode(byte[] secret);

    /** Whether the weighted secrets match e(weightedU, Y2), weightedU = sum rho_j U_j. */
    boolean holds(List<E> secrets, long[] rho, G1Point weightedU, G2Point publicKeyG2);

    /** Whether one secret is the one of U, without weights. */
    boolean holdsAlone(E secret, G1Point u, G2Point publicKeyG2);
  }

  /** C_j = [r_j]Y: e(sum rho_j C_j, H) * e(-sum rho_j U_j, Y2) == 1. */
  static final class G1Family implements Family<G1Point> {
    @Override
    public G1Point decode(byte[] secret) {
      return G1Point.fromBytes(secret); // includes the subgroup check
    }

    @Override
    public boolean holds(List<G1Point> secrets, long[] rho, G1Point weightedU, G2Point y2) {
      return Pairings.productIsOne(
          List.of(G1Point.msmShort(secrets, rho), weightedU.negate()),
          List.of(G2Point.generator(), y2));
    }

    @Override
    public boolean holdsAlone(G1Point secret, G1Point u, G2Point y2) {
      return Pairings.productIsOne(List.of(secret, u.negate()), List.of(G2Point.generator(), y2));
    }
  }

  /** s_j = e(U_j, Y2): prod s_j^rho_j == e(sum rho_j U_j, Y2). */
  static final class GtFamily implements Family<GtElement> {
    @Override
    public GtElement decode(byte[] secret) {
      return GtElement.fromBytes(secret);
    }

    @Override
    public boolean holds(List<GtElement> secrets, long[] rho, G1Point weightedU, G2Point y2) {
      List<Fr> exponents = new ArrayList<>(rho.length);
      for (long w : rho) {
        exponents.add(Shares.unsigned(w));
      }
      return GtElement.multiExp(secrets, exponents).equals(Pairings.pair(weightedU, y2));
    }

    @Override
    public boolean holdsAlone(GtElement secret, G1Point u, G2Point y2) {
      return secret.equals(Pairings.pair(u, y2));
    }
  }
}
