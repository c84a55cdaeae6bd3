package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.Tpke;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * block_propose's ciphertext validity check, for every variant: shares of an invalid ciphertext
 * (a W that does not bind U and the payload) must never be combined, or a chosen-ciphertext
 * attacker gets decryptions of ciphertexts it did not create (Baek-Zheng's CCA argument).
 */
final class Validity {
  private Validity() {}

  /**
   * The invalid ciphertexts of a block, ascending: those of another secret group (no share of
   * this variant opens them) and those whose W fails. One weighted pairing product for the whole
   * block ({@link Tpke#areAllValid}); only when it fails is each ciphertext checked alone.
   *
   * @throws CryptoException when the batch fails but every ciphertext passes alone: that cannot
   *     happen with correct weights, so it is a bug to surface, not a reason to fall back forever
   */
  static List<Integer> invalid(
      List<Ciphertext> cts, SecretGroup group, Random random, Workers workers) {
    List<Integer> invalid = new ArrayList<>();
    List<Integer> candidates = new ArrayList<>();
    for (int j = 0; j < cts.size(); j++) {
      (cts.get(j).group() == group ? candidates : invalid).add(j);
    }
    List<Ciphertext> checked = candidates.stream().map(cts::get).toList();
    if (checked.isEmpty() || Tpke.areAllValid(checked, random)) {
      return invalid;
    }
    List<Boolean> valid = workers.map(checked.size(), i -> Tpke.isValid(checked.get(i)));
    int before = invalid.size();
    for (int i = 0; i < checked.size(); i++) {
      if (!valid.get(i)) {
        invalid.add(candidates.get(i));
      }
    }
    if (invalid.size() == before) {
      throw new CryptoException("ciphertext validity", "the batched check of " + checked.size()
          + " ciphertexts failed but each passed alone: the batch weights are inconsistent (a bug)");
    }
    invalid.sort(null);
    return invalid;
  }
}
