package dev.tdsim.pipeline;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.faults.ShareFaultType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The share makers of faulty validators (docs/SCENARIOS.md, {@code faults}, share kinds): every
 * faulty share is really created and really sent; nothing is flagged as faulty for the combiner,
 * which finds out with the real block_propose or not at all.
 *
 * <ul>
 *   <li>{@link ShareFaultType#BAD_VALUE}: the variant's colluding share maker, an honest share
 *       shifted by a group element (G1: + G; GT: times e(G, H), per point for {@code simple}): a
 *       well-formed share with a wrong value, for every ciphertext;
 *   <li>{@link ShareFaultType#MALFORMED}: the honest share without its last byte, which no
 *       variant's decode accepts (its length is checked);
 *   <li>{@link ShareFaultType#COLLUDING_ENCRYPTOR}: honest shares, except for the block's
 *       key-colliding payload, whose share is shifted so that the combination opens it to the
 *       attacker's second plaintext.
 * </ul>
 */
public final class FaultyShares {
  private FaultyShares() {}

  /**
   * The shifted-share maker of {@code validator} for shares folded for {@code signers}. A variant
   * whose shift needs the validator among the points combined ({@code simple}, {@code batch})
   * gets it for the smallest set that holds {@code validator} (the shares are wrong either way).
   */
  public static CombineVariant.ShareMaker shifted(CombineVariant<?> variant, KeySet keys, int validator,
      SignerSet signers) {
    try {
      return variant.colludingShareMaker(keys, validator, signers);
    } catch (CryptoException e) {
      return variant.colludingShareMaker(keys, validator, smallestSetWith(keys, validator));
    }
  }

  /** {@code validator} and the lowest other validators, up to the threshold of points. */
  private static SignerSet smallestSetWith(KeySet keys, int validator) {
    var committee = keys.committee();
    List<Integer> chosen = new ArrayList<>(List.of(validator));
    int points = committee.pointsOf(validator);
    for (int v = 0; v < committee.validators() && points < committee.threshold(); v++) {
      if (v != validator) {
        chosen.add(v);
        points += committee.pointsOf(v);
      }
    }
    return SignerSet.of(committee, chosen);
  }

  /** Shares that do not decode: each honest share without its last byte. */
  static CombineVariant.ShareMaker malformed(CombineVariant.ShareMaker honest) {
    return ct -> {
      byte[] share = honest.create(ct);
      return Arrays.copyOf(share, share.length - 1);
    };
  }

  /** Honest shares except for {@code target}, whose share is shifted. */
  static CombineVariant.ShareMaker colluding(CombineVariant.ShareMaker honest,
      CombineVariant.ShareMaker shifted, Ciphertext target) {
    return ct -> ct == target ? shifted.create(ct) : honest.create(ct);
  }
}
