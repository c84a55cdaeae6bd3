package dev.tdsim.crypto.tpke;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.field.Domain;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.field.Lagrange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The validators whose decryption shares a block uses (in consensus: the signers of the commit),
 * with the domain points they own and the Lagrange coefficients at 0 of those points.
 * Immutable; the coefficients are computed once (vanishing polynomial of the missing points and
 * FFTs) and then shared.
 */
public final class SignerSet {
  private final Committee committee;
  private final int[] validators;
  private final int[] points;
  private volatile Fr[] lambdas;

  private SignerSet(Committee committee, int[] validators) {
    this.committee = committee;
    this.validators = validators;
    this.points = committee.pointsOf(Arrays.stream(validators).boxed().toList());
    if (points.length < committee.threshold()) {
      throw new CryptoException(
          "signer set",
          "fewer than the threshold of shares: " + validators.length + " validators hold "
              + points.length + " points, threshold is " + committee.threshold());
    }
  }

  public static SignerSet of(Committee committee, List<Integer> validators) {
    int[] sorted = validators.stream().mapToInt(Integer::intValue).sorted().toArray();
    for (int i = 0; i < sorted.length; i++) {
      if (sorted[i] < 0 || sorted[i] >= committee.validators()) {
        throw new CryptoException(
            "signer set", "no validator " + sorted[i] + " among " + committee.validators());
      }
      if (i > 0 && sorted[i] == sorted[i - 1]) {
        throw new CryptoException("signer set", "validator " + sorted[i] + " listed twice");
      }
    }
    return new SignerSet(committee, sorted);
  }

  /** All validators of the committee. */
  public static SignerSet all(Committee committee) {
    int[] all = new int[committee.validators()];
    Arrays.setAll(all, i -> i);
    return new SignerSet(committee, all);
  }

  /**
   * {@code validator} and the lowest other validators by index, up to the threshold of points:
   * the smallest set in index order that holds {@code validator} (a share folded for it is as good
   * as any other when the share is meant to be wrong).
   */
  public static SignerSet smallestWith(Committee committee, int validator) {
    List<Integer> chosen = new ArrayList<>(List.of(validator));
    int points = committee.pointsOf(validator);
    for (int v = 0; v < committee.validators() && points < committee.threshold(); v++) {
      if (v != validator) {
        chosen.add(v);
        points += committee.pointsOf(v);
      }
    }
    return of(committee, chosen);
  }

  /** This set without the given validators (after blame), still at least the threshold. */
  public SignerSet without(List<Integer> excluded) {
    return of(committee, Arrays.stream(validators).filter(v -> !excluded.contains(v)).boxed()
        .toList());
  }

  public Committee committee() {
    return committee;
  }

  public List<Integer> validators() {
    return Arrays.stream(validators).boxed().toList();
  }

  public int size() {
    return validators.length;
  }

  public int validator(int position) {
    return validators[position];
  }

  public boolean contains(int validator) {
    return Arrays.binarySearch(validators, validator) >= 0;
  }

  public int pointCount() {
    return points.length;
  }

  /** Lagrange coefficient at 0 of every signer point, in ascending point order. */
  public Fr[] lambdas() {
    Fr[] l = lambdas;
    if (l == null) {
      synchronized (this) {
        l = lambdas;
        if (l == null) {
          l = Lagrange.atZero(Domain.of(committee.shares()), points);
          lambdas = l;
        }
      }
    }
    return l;
  }

  /** The coefficients of one signer's own points, in its point order. */
  public Fr[] lambdasOf(int validator) {
    int pos = Arrays.binarySearch(validators, validator);
    if (pos < 0) {
      throw new CryptoException("signer set", "validator " + validator + " is not a signer");
    }
    int offset = 0;
    for (int i = 0; i < pos; i++) {
      offset += committee.pointsOf(validators[i]);
    }
    return Arrays.copyOfRange(lambdas(), offset, offset + committee.pointsOf(validator));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SignerSet s
        && committee.equals(s.committee)
        && Arrays.equals(validators, s.validators);
  }

  @Override
  public int hashCode() {
    return 31 * committee.hashCode() + Arrays.hashCode(validators);
  }

  @Override
  public String toString() {
    return "SignerSet[" + validators.length + " validators, " + points.length + " points]";
  }
}
