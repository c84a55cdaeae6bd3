package dev.tdsim.pipeline;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.SealedTx;
import dev.tdsim.crypto.design.DesignKeys;
import dev.tdsim.crypto.design.FerveoDesign;
import dev.tdsim.crypto.design.PreparedBlock;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.CombineVariant;
import dev.tdsim.faults.ShareFaultType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The shares of faulty validators (docs/SCENARIOS.md, {@code faults}, share kinds), for any
 * design: every faulty share is really created and really sent; nothing is flagged as faulty for
 * the combiner, which finds out with the real block_propose or not at all.
 *
 * <ul>
 *   <li>{@link ShareFaultType#BAD_VALUE}: well-formed shares with a wrong value ({@link
 *       DesignKeys#createWrongShares}: Ferveo's variants shift the honest share by a group
 *       element, G1: + G, GT: times e(G, H), per point for {@code simple});
 *   <li>{@link ShareFaultType#MALFORMED}: each honest share without its last byte, which no
 *       design's decode accepts (its length is checked);
 *   <li>{@link ShareFaultType#COLLUDING_ENCRYPTOR}: honest shares, except for the block's
 *       key-colliding payload, whose share is shifted so that the combination opens it to the
 *       attacker's second plaintext (designs that {@link
 *       dev.tdsim.crypto.design.BlockDesign#supportsKeyCollision support it});
 *   <li>{@link ShareFaultType#FRAMING}: its honest shares with the polynomial error of the
 *       framing attack on blame by exclusion, computed by the crypto ({@link
 *       CombineVariant#framingShareMaker}); the honest validator it aims at is the lowest-id
 *       other signer.
 * </ul>
 */
public final class FaultyShares {
  private FaultyShares() {}

  /** Well-formed shares with a wrong value, for the block. */
  static List<byte[]> wrong(DesignKeys keys, int validator, SignerSet signers,
      PreparedBlock block) {
    return keys.createWrongShares(validator, signers, block);
  }

  /** Shares that do not decode: each honest share without its last byte. */
  static List<byte[]> malformed(DesignKeys keys, int validator, SignerSet signers,
      PreparedBlock block) {
    List<byte[]> out = new ArrayList<>();
    for (byte[] share : keys.createShares(validator, signers, block)) {
      out.add(Arrays.copyOf(share, share.length - 1));
    }
    return out;
  }

  /** Honest shares except for {@code target}'s, which shift its combination. */
  static List<byte[]> colluding(DesignKeys keys, int validator, SignerSet signers,
      PreparedBlock block, SealedTx target) {
    return keys.createColludingShares(validator, signers, block, target);
  }

  /**
   * Shares with the framing attack's polynomial error (designs whose shares hold an element per
   * key-share point; others are refused when the scenario loads, {@link
   * ShareFaultType#refusedBy}), aimed at the lowest-id other signer.
   */
  static List<byte[]> framing(DesignKeys keys, int validator, SignerSet signers,
      PreparedBlock block) {
    CombineVariant<?> variant = FerveoDesign.variantOf(keys.design())
        .orElseThrow(() -> new IllegalStateException("framing-shares reached design "
            + keys.design().name() + ", which the scenario check refuses"));
    int target = signers.validators().stream().filter(v -> v != validator).findFirst()
        .orElseThrow(() -> new IllegalStateException("no other signer to frame"));
    CombineVariant.ShareMaker maker =
        variant.framingShareMaker(keys.keys(), validator, target, signers);
    List<byte[]> out = new ArrayList<>(block.txs().size());
    for (SealedTx tx : block.txs()) {
      out.add(maker.create((Ciphertext) tx));
    }
    return out;
  }

  /**
   * A Ferveo variant's shifted-share maker of {@code validator} for shares folded for {@code
   * signers} (what calibration times as one bad share). A variant whose shift needs the validator
   * among the points combined ({@code simple}, {@code batch}) gets it for the smallest set that
   * holds {@code validator} (the shares are wrong either way).
   */
  public static CombineVariant.ShareMaker shifted(CombineVariant<?> variant, KeySet keys,
      int validator, SignerSet signers) {
    try {
      return variant.colludingShareMaker(keys, validator, signers);
    } catch (CryptoException e) {
      return variant.colludingShareMaker(keys, validator,
          SignerSet.smallestWith(keys.committee(), validator));
    }
  }
}
