package dev.tdsim.crypto.design.batched;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.curve.Pairings;
import dev.tdsim.crypto.design.PhaseClock;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockProposer;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The batched design's combiner: decode the V key shares (malformed: named, dropped), settle the
 * signer set the shares were folded for (a signer lost: reshare, or {@link
 * BlockResult.Status#NEEDS_RESHARE}), verify all shares in one 2-pair product with random weights
 * (on failure: each validator's share against its folded G2 key, named and excluded), reconstruct
 * K = sk C' as the sum of the shares, check e(K, H) == e(C', [sk]_2), then decrypt every
 * transaction with one 2-pair product and one final exponentiation. Never opens a payload under an
 * unchecked key.
 */
final class BatchedCombiner {
  private static final int CACHED_SIGNER_SETS = 2;

  private final KeySet keys;
  private final BatchedSetup setup;
  private final Workers workers;
  /** Per signer set: each signer's folded G2 key F_i = sum_k lambda_k Z_k, in signer order. */
  private final Map<SignerSet, List<G2Point>> foldedKeys = Collections.synchronizedMap(
      new LinkedHashMap<>(4, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<SignerSet, List<G2Point>> e) {
          return size() > CACHED_SIGNER_SETS;
        }
      });

  BatchedCombiner(KeySet keys, BatchedSetup setup, Workers workers) {
    this.keys = keys;
    this.setup = setup;
    this.workers = workers;
  }

  /** The signers' folded G2 keys, computed once per signer set (V G2 MSMs over N points). */
  List<G2Point> foldedKeys(SignerSet signers) {
    List<G2Point> cached = foldedKeys.get(signers);
    if (cached != null) {
      return cached;
    }
    List<G2Point> shares = keys.keyShares();
    List<G2Point> out = workers.map(signers.size(), pos -> {
      int v = signers.validator(pos);
      int first = keys.committee().firstPointOf(v);
      return G2Point.msm(shares.subList(first, first + keys.committee().pointsOf(v)),
          List.of(signers.lambdasOf(v)));
    });
    foldedKeys.put(signers, out);
    return out;
  }

  boolean hasFoldedKeys(SignerSet signers) {
    return foldedKeys.containsKey(signers);
  }

  BlockResult propose(BatchedBlock block, Map<Integer, List<byte[]>> sharesByValidator,
      SignerSet foldedFor, BlockProposer.Reshare reshare, StrongRandom random) {
    PhaseClock clock = new PhaseClock(workers);
    Map<Integer, String> faulty = new TreeMap<>();
    Map<Integer, G1Point> decoded = decodeAll(sharesByValidator, faulty);
    clock.lap(PhaseClock.DECODE);
    // a sender outside the committee is named by decodeAll and holds no points
    List<Integer> senders = new ArrayList<>();
    for (int v : sharesByValidator.keySet()) {
      if (v >= 0 && v < keys.committee().validators()) {
        senders.add(v);
      }
    }
    SignerSet madeFor = foldedFor != null ? foldedFor
        : keys.committee().pointsOf(senders).length < keys.committee().threshold() ? null
            : SignerSet.of(keys.committee(), senders);
    G1Point point = block.digest().point();
    boolean ranPrepare = false;
    SignerSet signers;
    BlockResult.Status status = null;
    while (true) {
      signers = usable(madeFor != null ? madeFor.validators() : decoded.keySet(), decoded, faulty);
      if (signers == null) {
        status = BlockResult.Status.NOT_ENOUGH_HONEST_SHARES;
        break;
      }
      if (!signers.equals(madeFor)) {
        if (reshare == null) {
          status = BlockResult.Status.NEEDS_RESHARE;
          break;
        }
        madeFor = signers;
        decoded = decodeAll(reshare.sharesFor(signers), faulty);
        clock.lap(PhaseClock.DECODE);
        continue;
      }
      ranPrepare |= !hasFoldedKeys(signers);
      List<G2Point> folded = foldedKeys(signers);
      clock.lap(PhaseClock.PREPARE);
      List<G1Point> shares = column(signers, decoded);
      boolean ok = batchVerify(point, shares, folded, random);
      clock.lap(PhaseClock.VERIFY);
      if (ok) {
        break;
      }
      List<Integer> bad = blame(point, signers, shares, folded);
      bad.forEach(v -> faulty.put(v, "key share failed verification"));
      clock.lap(PhaseClock.BLAME);
      if (bad.isEmpty()) {
        status = BlockResult.Status.UNATTRIBUTED; // cannot happen for a sound check
        break;
      }
    }
    int n = block.batchedTxs().size();
    List<Optional<byte[]>> plaintexts =
        new ArrayList<>(Collections.nCopies(n, Optional.<byte[]>empty()));
    if (status == null) {
      G1Point key = G1Point.sum(column(signers, decoded));
      clock.lap(PhaseClock.COMBINE);
      boolean keyOk = checkKey(point, key);
      clock.lap(PhaseClock.CHECK);
      if (keyOk) {
        List<Optional<byte[]>> opened = decryptAll(block, key);
        for (int j = 0; j < n; j++) {
          plaintexts.set(j, opened.get(j));
        }
        status = BlockResult.Status.DECRYPTED;
      } else {
        status = BlockResult.Status.UNATTRIBUTED;
      }
      clock.lap(PhaseClock.DECRYPT);
    }
    Map<Integer, G1Point> finalShares = decoded;
    int points = keys.committee().pointsOf(finalShares.keySet().stream()
        .filter(v -> !faulty.containsKey(v)).toList()).length;
    return new BlockResult(plaintexts, faulty, block.invalid(),
        status == BlockResult.Status.NOT_ENOUGH_HONEST_SHARES ? null : signers, ranPrepare,
        clock.wall(), clock.cpu(), status, points);
  }

  /** e(K, H) == e(C', [sk]_2): K is sk C', whatever the shares were. */
  boolean checkKey(G1Point point, G1Point key) {
    return key.isInSubgroup() && Pairings.productIsOne(List.of(key, point.negate()),
        List.of(G2Point.generator(), setup.publicKeyG2()));
  }

  /**
   * e(sum_i w_i D_i, H) == e(C', sum_i w_i F_i), 64-bit weights from {@code random}: a wrong share
   * passes with probability at most 2^-64 (the shares are subgroup-checked at decoding).
   */
  boolean batchVerify(G1Point point, List<G1Point> shares, List<G2Point> folded,
      StrongRandom random) {
    long[] w = java.util.Arrays.stream(random.nextLongs(shares.size())).map(x -> x | 1L)
        .toArray(); // never zero
    G1Point lhs = G1Point.msmShort(shares, w);
    G2Point rhs = G2Point.msmShort(folded, w);
    return Pairings.productIsOne(List.of(lhs, point.negate()), List.of(G2Point.generator(), rhs));
  }

  /** Each signer's share on its own: e(D_i, H) == e(C', F_i); the ones failing, ascending. */
  List<Integer> blame(G1Point point, SignerSet signers, List<G1Point> shares,
      List<G2Point> folded) {
    G1Point negated = point.negate();
    List<Boolean> ok = workers.map(signers.size(), pos -> Pairings.productIsOne(
        List.of(shares.get(pos), negated), List.of(G2Point.generator(), folded.get(pos))));
    List<Integer> bad = new ArrayList<>();
    for (int pos = 0; pos < ok.size(); pos++) {
      if (!ok.get(pos)) {
        bad.add(signers.validator(pos));
      }
    }
    return bad;
  }

  /**
   * Every valid transaction: GT key = e(K, A_j) e(-pi_j, B_j) (2-pair Miller loop, one final
   * exponentiation), AEAD key from it and the tag, then open. In parallel over transactions.
   */
  List<Optional<byte[]>> decryptAll(BatchedBlock block, G1Point key) {
    List<BatchedTx> txs = block.batchedTxs();
    List<Integer> invalid = block.invalid();
    return workers.map(txs.size(), j -> {
      if (invalid.contains(j)) {
        return Optional.<byte[]>empty();
      }
      BatchedTx tx = txs.get(j);
      GtElement k = Pairings.millerLoop(List.of(key, block.negatedProofs()[j]),
          List.of(tx.a(), tx.b())).finalExponentiation();
      return Cipher.open(Cipher.kdf(k, block.tags()[j]), tx.header(), tx.bodyView());
    });
  }

  /**
   * The bare kernel of {@link #decryptAll}: the same products and final exponentiations; how many
   * of them are one (none for a real block and key: each is a transaction's GT key).
   */
  int pairingKernel(BatchedBlock block, G1Point key) {
    List<BatchedTx> txs = block.batchedTxs();
    List<Boolean> ones = workers.map(txs.size(), j -> Pairings.millerLoop(
        List.of(key, block.negatedProofs()[j]), List.of(txs.get(j).a(), txs.get(j).b()))
        .finalExponentiation().isOne());
    return (int) ones.stream().filter(b -> b).count();
  }

  private static List<G1Point> column(SignerSet signers, Map<Integer, G1Point> decoded) {
    List<G1Point> out = new ArrayList<>(signers.size());
    for (int pos = 0; pos < signers.size(); pos++) {
      out.add(decoded.get(signers.validator(pos)));
    }
    return out;
  }

  private SignerSet usable(Collection<Integer> candidates, Map<Integer, G1Point> decoded,
      Map<Integer, String> faulty) {
    List<Integer> keep = candidates.stream()
        .filter(v -> decoded.containsKey(v) && !faulty.containsKey(v)).toList();
    if (keys.committee().pointsOf(keep).length < keys.committee().threshold()) {
      return null;
    }
    return SignerSet.of(keys.committee(), keep);
  }

  /** One 96- or 48-byte G1 point per validator, subgroup-checked; anything else is named. */
  private Map<Integer, G1Point> decodeAll(Map<Integer, List<byte[]>> encoded,
      Map<Integer, String> faulty) {
    List<Integer> validators = new ArrayList<>(encoded.keySet());
    List<Object> results = workers.map(validators.size(), i -> {
      int v = validators.get(i);
      if (v < 0 || v >= keys.committee().validators()) {
        return "not a validator of the committee";
      }
      List<byte[]> shares = encoded.get(v);
      if (shares == null || shares.size() != 1) {
        return "sent " + (shares == null ? 0 : shares.size()) + " key shares for one block";
      }
      try {
        return G1Point.fromBytes(shares.get(0));
      } catch (CryptoException e) {
        return "malformed key share (" + e.getMessage() + ")";
      }
    });
    Map<Integer, G1Point> decoded = new LinkedHashMap<>();
    for (int i = 0; i < validators.size(); i++) {
      if (results.get(i) instanceof String reason) {
        faulty.put(validators.get(i), reason);
      } else {
        decoded.put(validators.get(i), (G1Point) results.get(i));
      }
    }
    return decoded;
  }
}
