package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.List;

/**
 * One way of creating and combining decryption shares, named after the benchmark it comes from.
 * A variant fixes the share format (validator side) and the combine (combiner side); the common
 * block pipeline (decode, verify, prepare, combine, open, blame) is {@link BlockProposer}.
 *
 * @param <S> a decoded decryption share
 */
public interface CombineVariant<S> {
  /** Stable lower-case name users write on the command line and in scenario files. */
  String name();

  /** One line: what the variant does and where it comes from. */
  String description();

  SecretGroup secretGroup();

  /** Whether validators fold signer-set data into their shares (a new signer set needs new shares). */
  boolean sharesDependOnSigners();

  /**
   * What would keep this variant's block_propose, as tdsim runs it, from being deployed (empty:
   * nothing known). Shown with every run of the variant.
   */
  default java.util.Optional<String> deploymentCaveat() {
    return java.util.Optional.empty();
  }

  /** Whether block work runs on all worker threads (false reproduces a serial benchmark). */
  default boolean parallel() {
    return true;
  }

  /** How this variant's work grows with the key set (what its cost model fits). */
  ShareWork shareWork();

  /**
   * Encoded size in bytes of validator {@code validator}'s decryption share for one ciphertext,
   * as it travels to the combiner.
   */
  long shareWireBytes(Committee committee, int validator);

  /**
   * Builds, once per key set, the key tables this variant's shares and combines read, so that
   * their cost is not charged to the first block. Returns what it built, for progress messages
   * (empty when the variant needs nothing).
   */
  default String prepareKeyTables(KeySet keys) {
    keys.keyShares();
    return "G2 key shares";
  }

  /** Validator {@code validator}'s share maker for blocks signed by {@code signers}. */
  ShareMaker shareMaker(KeySet keys, int validator, SignerSet signers);

  /**
   * A colluding validator's share maker: well-formed shares that move the combined secret of
   * {@code signers} by {@link dev.tdsim.crypto.tpke.KeyCollision}'s shift (G1: + G; GT: times
   * e(G, H)), the second secret a {@code KeyCollision} payload opens under. For tests and the
   * simulator's colluding-encryptor fault.
   *
   * @throws dev.tdsim.crypto.CryptoException when this validator cannot shift the combination
   */
  default ShareMaker colludingShareMaker(KeySet keys, int validator, SignerSet signers) {
    throw new dev.tdsim.crypto.CryptoException(
        "colluding share", "variant " + name() + " has no colluding share maker");
  }

  /**
   * Whether this variant's share holds one element per key-share point of its sender, so that a
   * validator can put a polynomial error on its points ({@link #framingShareMaker}): the attack
   * that framed an honest validator under blame by exclusion (issue 19, item 9).
   */
  default boolean takesPointErrors() {
    return false;
  }

  /**
   * A framing validator's share maker ({@link #takesPointErrors} variants): its honest shares with
   * the error p(x) = x prod_{h in H} (x - h) on each of its points (in the exponent), H the
   * points of the signers other than {@code attacker} and {@code target}, in signer order, as
   * many as fit in t - 2 ({@link PointErrors}). p has degree below t and p(0) = 0, so without
   * {@code target} the shares of the attacker and H lie on f + p, whose value at 0 is right: a
   * blame that re-combines without a suspect and checks the result would name {@code target}.
   * For tests and the simulator's {@code framing-shares} fault.
   *
   * @throws dev.tdsim.crypto.CryptoException when the variant's shares are not per point, or the
   *     attacker or target is not a signer
   */
  default ShareMaker framingShareMaker(
      KeySet keys, int attacker, int target, SignerSet signers) {
    throw new dev.tdsim.crypto.CryptoException(
        "framing share", "variant " + name() + " has no per-point shares to put an error on");
  }

  /**
   * Decodes one validator's encoded share for one ciphertext, with the checks this variant needs
   * (length, encoding, curve, and subgroup unless the variant's own check covers it).
   *
   * @throws dev.tdsim.crypto.CryptoException naming the problem
   */
  S decodeShare(byte[] encoded);

  /**
   * Decodes validator {@code validator}'s share, with the checks that need to know whose share it
   * is (by default none beyond {@link #decodeShare(byte[])}; {@code simple}: one element per
   * key-share point the validator holds). What {@link BlockProposer} calls.
   *
   * @throws dev.tdsim.crypto.CryptoException naming the problem
   */
  default S decodeShare(byte[] encoded, Committee committee, int validator) {
    return decodeShare(encoded);
  }

  /** prepare_combine: the per-signer-set work of the combiner (cached by the caller). */
  Combiner<S> prepare(KeySet keys, SignerSet signers, Workers workers);

  /** Creates one encoded decryption share per ciphertext. Thread-safe. */
  interface ShareMaker {
    byte[] create(Ciphertext ct);
  }

  /** The combiner for one signer set. Thread-safe. */
  interface Combiner<S> {
    SignerSet signers();

    /**
     * share_combine: the canonical shared-secret bytes of one ciphertext from one decoded share
     * per signer, in signer order.
     */
    byte[] combine(Ciphertext ct, List<S> shares);

    /**
     * Batch verification of a block's shares (sharesByMessage[j][signer position]) with random
     * weights. Returns the validators whose shares are invalid (empty when all pass). Variants
     * without share verification return an empty list and rely on the authenticated payload.
     */
    List<Integer> verify(List<Ciphertext> cts, List<List<S>> sharesByMessage, StrongRandom random);

    /**
     * Whether {@link #verify} actually checks anything. True promises more: shares that pass
     * {@link #verify} combine to the true secret (except with probability about 2^-64), so
     * {@link BlockProposer} skips its combined-result check for this combiner; false makes it
     * check every combined secret against the public key before opening a payload.
     */
    boolean verifiesShares();

    /**
     * After combined secrets failed their check: the validators whose shares for these
     * ciphertexts are wrong, by a per-validator check against this combiner's signer set (the set
     * the shares were made for). Variants that cannot attribute a bad share return an empty list.
     */
    List<Integer> blame(List<Ciphertext> cts, List<List<S>> sharesByMessage, StrongRandom random);

    /**
     * The bare native kernel that this variant's combine cannot avoid, run on prepared inputs:
     * the lower bound that {@code share_combine} is compared with.
     */
    void kernel(Ciphertext ct, List<S> shares);
  }
}
