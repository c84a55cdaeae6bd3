package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.ValidityBatch;
import java.util.ArrayList;
import java.util.List;

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
   * block, split over {@code workers}; only when it fails does the search of {@link
   * ValidityBatch#invalid} name the bad ones.
   */
  static List<Integer> invalid(
      List<Ciphertext> cts, SecretGroup group, StrongRandom random, Workers workers) {
    List<Integer> invalid = new ArrayList<>();
    List<Integer> candidates = new ArrayList<>();
    for (int j = 0; j < cts.size(); j++) {
      (cts.get(j).group() == group ? candidates : invalid).add(j);
    }
    List<Ciphertext> checked = candidates.stream().map(cts::get).toList();
    for (int i : ValidityBatch.invalid(checked, random, workers)) {
      invalid.add(candidates.get(i));
    }
    invalid.sort(null);
    return invalid;
  }
}
