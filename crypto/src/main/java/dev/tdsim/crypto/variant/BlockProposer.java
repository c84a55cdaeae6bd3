package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import dev.tdsim.crypto.variant.PhaseClock.Phase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * block_propose as benchmarked, but honest. In order: decode every share (malformed or missing:
 * validator named, dropped); check every ciphertext's validity (invalid ones are never combined);
 * pick the signers whose shares can be combined (for variants that fold the signer set into
 * their shares: exactly the set the shares were made for, asking for new shares when a signer
 * dropped out); prepare_combine (cached per signer set); verify the shares (variants that can)
 * and honour the result; share_combine every message; check every combined secret against the
 * public key (variants whose shares are not verified, {@link CombinedCheck}); open only payloads
 * whose secret is proven right. A failed check leads to blame against the signer set the shares
 * were made for (each variant's per-validator check: only a validator whose own share is
 * proven wrong is named), and the failed messages are combined again from the remaining shares.
 * Never returns a wrong plaintext, even for a payload built to open under two keys ({@link dev.tdsim.crypto.tpke.KeyCollision}). Too few honest or spare points are not
 * exceptions but {@link BlockResult.Status statuses} of the result, for the caller to act on.
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
  private final CombinedCheck<?> check;
  /** prepare_combine results, for the few most recent signer sets (they hold ~3 MB each). */
  private final Map<SignerSet, CombineVariant.Combiner<S>> prepared =
      com.google.common.cache.CacheBuilder.newBuilder().maximumSize(PREPARED_SIGNER_SETS)
          .<SignerSet, CombineVariant.Combiner<S>>build().asMap();
  private final AtomicInteger prepareCount = new AtomicInteger();

  public BlockProposer(CombineVariant<S> variant, KeySet keys, Workers workers) {
    this.variant = variant;
    this.keys = keys;
    this.workers = workers;
    this.combineWorkers = variant.parallel() ? workers : Workers.of(1);
    this.check = CombinedCheck.of(variant.secretGroup(), keys, combineWorkers);
  }

  public static BlockProposer<?> forVariant(String name, KeySet keys, Workers workers) {
    return new BlockProposer<>(Variants.byName(name), keys, workers);
  }

  public CombineVariant<S> variant() {
    return variant;
  }

  /** prepare_combine for a signer set, computed once and cached. */
  public CombineVariant.Combiner<S> combinerFor(SignerSet signers) {
    return prepared.computeIfAbsent(signers, s -> {
      prepareCount.incrementAndGet();
      return variant.prepare(keys, s, workers);
    });
  }

  /** CPU time so far of this thread and of the pools this proposer's work runs on. */
  private long cpuNanos() {
    long c = Workers.callerCpuNanos() + workers.poolCpuNanos();
    return combineWorkers == workers ? c : c + combineWorkers.poolCpuNanos();
  }

  /**
   * block_propose when the shares were made for exactly the validators that sent them (see the
   * five-argument form when some signer of the shares' set may be missing).
   */
  public BlockResult propose(
      List<Ciphertext> cts,
      Map<Integer, List<byte[]>> sharesByValidator,
      Reshare reshare,
      StrongRandom random) {
    return propose(cts, sharesByValidator, null, reshare, random);
  }

  /**
   * @param cts the block's ciphertexts
   * @param sharesByValidator each validator's encoded shares, one per ciphertext
   * @param foldedFor the signer set the shares were made for (in consensus: the commit's
   *     signers); it matters for variants whose shares depend on the signers: their shares can
   *     only be combined, and blamed, for that set. Null: the validators that sent shares.
   * @param reshare where to get new shares when the variant's shares depend on the signer set and
   *     a signer of {@code foldedFor} is missing or faulty (null: those messages stay unopened)
   * @param random source of the verification and check weights
   * @return the result; fewer than the threshold of honest points, or too few to attribute a bad
   *     share, are statuses of the result ({@link BlockResult.Status}), not exceptions
   */
  public BlockResult propose(
      List<Ciphertext> cts,
      Map<Integer, List<byte[]>> sharesByValidator,
      SignerSet foldedFor,
      Reshare reshare,
      StrongRandom random) {
    PhaseClock clock = new PhaseClock(this::cpuNanos);
    Map<Integer, String> faulty = new TreeMap<>();
    int messages = cts.size();
    int committeeSize = keys.committee().validators();
    List<Integer> senders = sharesByValidator.keySet().stream()
        .filter(v -> v >= 0 && v < committeeSize).toList();
    // Null when the senders hold fewer than t points (settle then finds them not enough).
    SignerSet madeFor = foldedFor != null ? foldedFor
        : keys.committee().pointsOf(senders).length < keys.committee().threshold() ? null
            : SignerSet.of(keys.committee(), senders);
    Map<Integer, List<S>> decoded = decodeAll(messages, sharesByValidator, faulty);
    clock.lap(Phase.DECODE);

    List<Integer> invalid = Validity.invalid(cts, variant.secretGroup(), random, combineWorkers);
    List<Integer> valid = new ArrayList<>();
    for (int j = 0; j < messages; j++) {
      if (!invalid.contains(j)) {
        valid.add(j);
      }
    }
    clock.lap(Phase.VALIDITY);

    int preparedBefore = prepareCount.get();
    ShareSet<S> set = settle(madeFor, decoded, faulty, reshare, messages);
    CombineVariant.Combiner<S> combiner = set.combinable() ? combinerFor(set.signers()) : null;
    clock.lap(Phase.PREPARE);
    if (combiner != null && combiner.verifiesShares() && !valid.isEmpty()) {
      List<Integer> bad = combiner.verify(select(cts, valid), rows(set, valid), random);
      clock.lap(Phase.VERIFY);
      if (!bad.isEmpty()) {
        bad.forEach(v -> faulty.put(v, "decryption share failed verification"));
        set = settle(set.madeFor(), set.shares(), faulty, reshare, messages);
        combiner = set.combinable() ? combinerFor(set.signers()) : null;
        clock.lap(Phase.PREPARE);
      }
    }

    List<Optional<byte[]>> plaintexts =
        new ArrayList<>(Collections.nCopies(messages, Optional.<byte[]>empty()));
    List<Integer> pending = valid;
    BlockResult.Status unresolved = null; // why failed messages stay unopened, if any
    for (int round = 0; combiner != null && !pending.isEmpty(); round++) {
      boolean first = round == 0;
      List<Integer> todo = pending;
      CombineVariant.Combiner<S> c = combiner;
      List<List<S>> rows = rows(set, todo);
      List<byte[]> secrets =
          combineWorkers.map(todo.size(), i -> c.combine(cts.get(todo.get(i)), rows.get(i)));
      clock.lap(first ? Phase.COMBINE : Phase.BLAME);
      // Verified shares fix the combination (CombineVariant.Combiner#verifiesShares).
      List<Integer> failing =
          c.verifiesShares() ? List.of() : check.failing(cts, todo, secrets, random);
      clock.lap(first ? Phase.CHECK : Phase.BLAME);
      combineWorkers.forEach(todo.size(), i -> {
        int j = todo.get(i);
        if (!failing.contains(j)) {
          plaintexts.set(j, Tpke.open(cts.get(j), secrets.get(i)));
        }
      });
      clock.lap(first ? Phase.DECRYPT : Phase.BLAME);
      if (failing.isEmpty()) {
        break;
      }
      // Blame against the set the shares were made for (the combiner's own signer set), on
      // positive evidence only: each validator's own check, never exclusion, which a crafted
      // error can steer onto an honest validator (docs/CRYPTO.md, attacks on blame).
      List<Integer> bad = c.blame(select(cts, failing), rows(set, failing), random);
      if (bad.isEmpty()) {
        unresolved = BlockResult.Status.UNATTRIBUTED;
        break; // nothing attributable: those payloads stay unopened, never wrong
      }
      unresolved = null;
      bad.forEach(v -> faulty.put(v, "decryption share did not match its verification key"));
      set = settle(set.madeFor(), set.shares(), faulty, reshare, messages);
      combiner = set.combinable() ? combinerFor(set.signers()) : null;
      pending = failing;
      clock.lap(Phase.BLAME);
    }
    clock.lap(Phase.BLAME);
    BlockResult.Status status;
    if (set.signers() == null) {
      status = BlockResult.Status.NOT_ENOUGH_HONEST_SHARES;
    } else if (!set.combinable() && !pending.isEmpty()) {
      status = BlockResult.Status.NEEDS_RESHARE;
    } else if (unresolved != null) {
      status = unresolved;
    } else {
      status = BlockResult.Status.DECRYPTED;
    }
    int points = keys.committee().pointsOf(set.shares().keySet().stream()
        .filter(v -> !faulty.containsKey(v)).toList()).length;
    return new BlockResult(plaintexts, faulty, invalid, set.signers(),
        prepareCount.get() > preparedBefore, clock.wall(), clock.cpu(), status, points);
  }

  /**
   * Decoded shares, the signer set they were made for, and the signers whose shares are used
   * (null when fewer than the threshold of points are usable). Not combinable when the variant
   * folds the signer set into its shares, a signer of {@code madeFor} is missing or faulty, and
   * no new shares could be had, or when the signers are null.
   */
  private record ShareSet<S>(
      SignerSet madeFor, Map<Integer, List<S>> shares, SignerSet signers, boolean combinable) {}

  /** The shares to combine after dropping the faulty: resharing when the set they fold shrank. */
  private ShareSet<S> settle(
      SignerSet madeFor,
      Map<Integer, List<S>> decoded,
      Map<Integer, String> faulty,
      Reshare reshare,
      int messages) {
    boolean folds = variant.sharesDependOnSigners();
    while (true) {
      SignerSet usable =
          usable(folds && madeFor != null ? madeFor.validators() : decoded.keySet(), decoded, faulty);
      if (usable == null) {
        return new ShareSet<>(madeFor, decoded, null, false);
      }
      if (!folds) {
        return new ShareSet<>(usable, decoded, usable, true);
      }
      if (usable.equals(madeFor)) {
        return new ShareSet<>(madeFor, decoded, usable, true);
      }
      if (reshare == null) {
        return new ShareSet<>(madeFor, decoded, usable, false);
      }
      madeFor = usable;
      decoded = decodeAll(messages, reshare.sharesFor(usable), faulty);
    }
  }

  /** The candidates that sent decodable shares and are not faulty; null below the threshold. */
  private SignerSet usable(
      java.util.Collection<Integer> candidates,
      Map<Integer, List<S>> decoded,
      Map<Integer, String> faulty) {
    List<Integer> keep = candidates.stream()
        .filter(v -> decoded.containsKey(v) && !faulty.containsKey(v)).toList();
    if (keys.committee().pointsOf(keep).length < keys.committee().threshold()) {
      return null;
    }
    return SignerSet.of(keys.committee(), keep);
  }

  private Map<Integer, List<S>> decodeAll(
      int messages,
      Map<Integer, List<byte[]>> encoded,
      Map<Integer, String> faulty) {
    List<Integer> validators = new ArrayList<>(encoded.keySet());
    int committeeSize = keys.committee().validators();
    List<Object> results = workers.map(validators.size(), i -> {
      int validator = validators.get(i);
      if (validator < 0 || validator >= committeeSize) {
        // Claiming an index it does not hold is itself evidence against the sender.
        return "share from validator " + validator + ", which is not in the committee of "
            + committeeSize + " validators";
      }
      List<byte[]> shares = encoded.get(validator);
      if (shares == null || shares.size() != messages) {
        return "sent " + (shares == null ? 0 : shares.size()) + " shares for " + messages
            + " ciphertexts";
      }
      List<S> out = new ArrayList<>(messages);
      try {
        for (byte[] share : shares) {
          out.add(variant.decodeShare(share, keys.committee(), validator));
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

  /** The signers' shares of the given messages, one row per message in signer order. */
  private static <S> List<List<S>> rows(ShareSet<S> set, List<Integer> messages) {
    SignerSet signers = set.signers();
    List<List<S>> out = new ArrayList<>(messages.size());
    for (int j : messages) {
      List<S> row = new ArrayList<>(signers.size());
      for (int pos = 0; pos < signers.size(); pos++) {
        row.add(set.shares().get(signers.validator(pos)).get(j));
      }
      out.add(row);
    }
    return out;
  }

  private static List<Ciphertext> select(List<Ciphertext> cts, List<Integer> indices) {
    return indices.stream().map(cts::get).toList();
  }
}
