package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * block_propose as benchmarked, but honest: decode every share, (batch variant) check ciphertext
 * validity, batch-verify the shares and honour the result, prepare_combine (cached per signer
 * set), share_combine every message, and decrypt every payload. A payload that fails to open
 * leads to blame: the faulty validators are named, dropped, and the message is combined again
 * from the remaining shares (asking the honest validators for new shares when the variant folds
 * the signer set into them). Never returns a wrong plaintext.
 *
 * @param <S> the variant's decoded share
 */
public final class BlockProposer<S> {
  /** Source of fresh shares for a new signer set (variants whose shares depend on signers). */
  @FunctionalInterface
  public interface Reshare {
    Map<Integer, List<byte[]>> sharesFor(SignerSet signers);
  }

  /** How many signer sets' prepare_combine results are kept. */
  public static final int PREPARED_SIGNER_SETS = 2;

  private final CombineVariant<S> variant;
  private final KeySet keys;
  private final Workers workers;
  private final Workers combineWorkers;
  /** prepare_combine results, for the few most recent signer sets (they hold ~3 MB each). */
  private final Map<SignerSet, CombineVariant.Combiner<S>> prepared =
      com.google.common.cache.CacheBuilder.newBuilder().maximumSize(PREPARED_SIGNER_SETS)
          .<SignerSet, CombineVariant.Combiner<S>>build().asMap();

  public BlockProposer(CombineVariant<S> variant, KeySet keys, Workers workers) {
    this.variant = variant;
    this.keys = keys;
    this.workers = workers;
    this.combineWorkers = variant.parallel() ? workers : Workers.of(1);
  }

  public static BlockProposer<?> forVariant(String name, KeySet keys, Workers workers) {
    return new BlockProposer<>(Variants.byName(name), keys, workers);
  }

  public CombineVariant<S> variant() {
    return variant;
  }

  private final java.util.concurrent.atomic.AtomicInteger prepareCount =
      new java.util.concurrent.atomic.AtomicInteger();

  /** prepare_combine for a signer set, computed once and cached. */
  public CombineVariant.Combiner<S> combinerFor(SignerSet signers) {
    return prepared.computeIfAbsent(signers, s -> {
      prepareCount.incrementAndGet();
      return variant.prepare(keys, s, workers);
    });
  }

  /**
   * @param cts the block's ciphertexts
   * @param sharesByValidator each signing validator's encoded shares, one per ciphertext
   * @param reshare where to get new shares if a faulty validator must be dropped and the
   *     variant's shares depend on the signer set (may be null: such messages stay unopened)
   * @param random source of the verification weights
   * @throws CryptoException when fewer than the threshold of key shares are honest
   */
  /** CPU time so far of this thread and of the pools this proposer's work runs on. */
  private long cpuNanos() {
    long c = Workers.callerCpuNanos() + workers.poolCpuNanos();
    return combineWorkers == workers ? c : c + combineWorkers.poolCpuNanos();
  }

  public BlockResult propose(
      List<Ciphertext> cts,
      Map<Integer, List<byte[]>> sharesByValidator,
      Reshare reshare,
      StrongRandom random) {
    Map<Integer, String> faulty = new TreeMap<>();
    long t0 = System.nanoTime();
    long c0 = cpuNanos();
    SignerSet requested =
        SignerSet.of(keys.committee(), new ArrayList<>(sharesByValidator.keySet()));
    Map<Integer, List<S>> decoded = decodeAll(cts.size(), sharesByValidator, faulty);
    long t1 = System.nanoTime();
    long c1 = cpuNanos();

    List<Integer> invalid = new ArrayList<>();
    if (variant.checksCiphertextValidity() && !Tpke.areAllValid(cts, random)) {
      List<Boolean> valid = combineWorkers.map(cts.size(), j -> Tpke.isValid(cts.get(j)));
      for (int j = 0; j < cts.size(); j++) {
        if (!valid.get(j)) {
          invalid.add(j);
        }
      }
    }
    long t2 = System.nanoTime();
    long c2 = cpuNanos();

    SignerSet signers = honestSigners(requested, faulty);
    int preparedBefore = prepareCount.get();
    if (!signers.equals(requested) && variant.sharesDependOnSigners()) {
      decoded = reshared(signers, reshare, cts.size(), faulty, decoded);
      signers = honestSigners(signers, faulty);
    }
    CombineVariant.Combiner<S> combiner = combinerFor(signers);
    long t3 = System.nanoTime();
    long c3 = cpuNanos();
    long prepareNanos = t3 - t2;
    long prepareCpu = c3 - c2;
    if (combiner.verifiesShares()) {
      List<Integer> bad = combiner.verify(cts, byMessage(signers, decoded, cts.size()), random);
      for (int v : bad) {
        faulty.put(v, "decryption share failed verification");
      }
    }
    long t4 = System.nanoTime();
    long c4 = cpuNanos();
    long verifyNanos = t4 - t3;
    long verifyCpu = c4 - c3;
    if (!faulty.isEmpty()) {
      SignerSet honest = honestSigners(signers, faulty);
      if (!honest.equals(signers)) {
        signers = honest;
        if (variant.sharesDependOnSigners()) {
          decoded = reshared(signers, reshare, cts.size(), faulty, decoded);
          signers = honestSigners(signers, faulty);
        }
        combiner = combinerFor(signers);
      }
    }
    long t5 = System.nanoTime();
    long c5 = cpuNanos();
    prepareNanos += t5 - t4;
    prepareCpu += c5 - c4;

    List<List<S>> byMessage = byMessage(signers, decoded, cts.size());
    CombineVariant.Combiner<S> finalCombiner = combiner;
    List<byte[]> secrets = combineWorkers.map(cts.size(),
        j -> invalid.contains(j) ? null : finalCombiner.combine(cts.get(j), byMessage.get(j)));
    long t6 = System.nanoTime();
    long c6 = cpuNanos();
    List<Optional<byte[]>> plaintexts = new ArrayList<>(combineWorkers.map(cts.size(),
        j -> secrets.get(j) == null ? Optional.<byte[]>empty() : Tpke.open(cts.get(j), secrets.get(j))));
    long t7 = System.nanoTime();
    long c7 = cpuNanos();

    List<Integer> failed = new ArrayList<>();
    for (int j = 0; j < cts.size(); j++) {
      if (plaintexts.get(j).isEmpty() && !invalid.contains(j)) {
        failed.add(j);
      }
    }
    if (!failed.isEmpty()) {
      signers = blameAndRetry(signers, combiner, cts, failed, decoded, plaintexts, faulty,
          reshare, random);
    }
    long t8 = System.nanoTime();
    long c8 = cpuNanos();
    return new BlockResult(plaintexts, faulty, invalid, signers, prepareCount.get() > preparedBefore,
        new BlockResult.PhaseTimings(t1 - t0, t2 - t1, verifyNanos, prepareNanos, t6 - t5,
            t7 - t6, t8 - t7),
        new BlockResult.PhaseTimings(c1 - c0, c2 - c1, verifyCpu, prepareCpu, c6 - c5,
            c7 - c6, c8 - c7));
  }

  private Map<Integer, List<S>> decodeAll(
      int messages,
      Map<Integer, List<byte[]>> encoded,
      Map<Integer, String> faulty) {
    List<Integer> validators = new ArrayList<>(encoded.keySet());
    List<Object> results = workers.map(validators.size(), i -> {
      List<byte[]> shares = encoded.get(validators.get(i));
      if (shares == null || shares.size() != messages) {
        return "sent " + (shares == null ? 0 : shares.size()) + " shares for " + messages
            + " ciphertexts";
      }
      List<S> out = new ArrayList<>(messages);
      try {
        for (byte[] share : shares) {
          out.add(variant.decodeShare(share));
        }
      } catch (CryptoException e) {
        return "malformed share (" + e.getMessage() + ")";
      }
      return out;
    });
    Map<Integer, List<S>> decoded = new LinkedHashMap<>();
    for (int i = 0; i < validators.size(); i++) {
      Object r = results.get(i);
      if (r instanceof String reason) {
        faulty.put(validators.get(i), reason);
      } else {
        @SuppressWarnings("unchecked")
        List<S> shares = (List<S>) r;
        decoded.put(validators.get(i), shares);
      }
    }
    return decoded;
  }

  private SignerSet honestSigners(SignerSet signers, Map<Integer, String> faulty) {
    List<Integer> drop = signers.validators().stream().filter(faulty::containsKey).toList();
    if (drop.isEmpty()) {
      return signers;
    }
    try {
      return signers.without(drop);
    } catch (CryptoException e) {
      throw new CryptoException("block_propose",
          "not enough honest shares after dropping faulty validators " + faulty + ": "
              + e.getMessage());
    }
  }

  private List<List<S>> byMessage(SignerSet signers, Map<Integer, List<S>> decoded, int messages) {
    List<List<S>> out = new ArrayList<>(messages);
    for (int j = 0; j < messages; j++) {
      List<S> row = new ArrayList<>(signers.size());
      for (int pos = 0; pos < signers.size(); pos++) {
        row.add(decoded.get(signers.validator(pos)).get(j));
      }
      out.add(row);
    }
    return out;
  }

  private Map<Integer, List<S>> reshared(
      SignerSet signers,
      Reshare reshare,
      int messages,
      Map<Integer, String> faulty,
      Map<Integer, List<S>> fallback) {
    if (reshare == null) {
      return fallback;
    }
    return decodeAll(messages, reshare.sharesFor(signers), faulty);
  }

  private SignerSet blameAndRetry(
      SignerSet signers,
      CombineVariant.Combiner<S> combiner,
      List<Ciphertext> cts,
      List<Integer> failed,
      Map<Integer, List<S>> decoded,
      List<Optional<byte[]>> plaintexts,
      Map<Integer, String> faulty,
      Reshare reshare,
      StrongRandom random) {
    List<Ciphertext> failedCts = failed.stream().map(cts::get).toList();
    List<List<S>> all = byMessage(signers, decoded, cts.size());
    List<List<S>> failedShares = failed.stream().map(all::get).toList();
    List<Integer> bad = combiner.blame(failedCts, failedShares, random);
    if (bad.isEmpty()) {
      return signers; // nothing attributable: those payloads stay unopened, never wrong
    }
    for (int v : bad) {
      faulty.put(v, "decryption share did not match its verification key");
    }
    SignerSet honest = honestSigners(signers, faulty);
    Map<Integer, List<S>> shares = decoded;
    if (variant.sharesDependOnSigners()) {
      if (reshare == null) {
        return honest;
      }
      shares = reshared(honest, reshare, cts.size(), faulty, decoded);
      honest = honestSigners(honest, faulty);
    }
    CombineVariant.Combiner<S> retry = combinerFor(honest);
    List<List<S>> rows = byMessage(honest, shares, cts.size());
    combineWorkers.forEach(failed.size(), i -> {
      int j = failed.get(i);
      plaintexts.set(j, Tpke.open(cts.get(j), retry.combine(cts.get(j), rows.get(j))));
    });
    return honest;
  }
}
