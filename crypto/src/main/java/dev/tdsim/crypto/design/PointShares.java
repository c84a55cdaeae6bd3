package dev.tdsim.crypto.design;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tbls.CombineResult;
import dev.tdsim.crypto.tbls.PartialSignature;
import dev.tdsim.crypto.tbls.ThresholdBls;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Key shares in the unfolded, per-point form (FPTX's and Shutter's): validator i sends one G1
 * element [f(omega^k)] X for each key-share point k it holds, X the block's base point
 * (block-key: H1(id); batched: C' = C + Q_b), whatever the signer set. The key [f(0)] X is a
 * threshold BLS signature on X, so this reuses {@link ThresholdBls} (its message hash is not
 * used: X is given): decode, batch-verify every point with random 64-bit weights against the
 * key shares Z_k, name and drop the wrong validators (each checked alone), interpolate t points
 * of the honest ones at 0 (fast Lagrange, one G1 MSM), check the key against the public key,
 * and only then decrypt. Thread-safe.
 *
 * <p>The key set's [f(0)]H and Z_k are public for these designs (block-key's Y2, batched's
 * [sk]_2), so {@link ThresholdBls}'s warning about the GT-family key sets does not apply.
 */
public final class PointShares {
  private final KeySet keys;
  private final ThresholdBls bls;
  private final Workers workers;

  public PointShares(KeySet keys, Workers workers) {
    this.keys = keys;
    this.bls = ThresholdBls.of(keys, workers);
    this.workers = workers;
  }

  /** Validator {@code validator}'s one message: its points' shares, 96 B uncompressed each. */
  public byte[] create(int validator, G1Point base) {
    return share(validator, base).encodeUncompressed();
  }

  /** share_create: [f(omega^k)] X for each of the validator's points (one G1 mult each). */
  public PartialSignature share(int validator, G1Point base) {
    return bls.sign(validator, base);
  }

  /**
   * share_verify: every point of every message at once, random 64-bit weights per point:
   * e(sum [w_k] S_k, H) == e(X, sum [w_k] Z_k) (a G1 and a G2 short MSM side by side, one
   * 2-pair product).
   */
  public boolean verifyAll(G1Point base, List<PartialSignature> partials, StrongRandom random) {
    return bls.verifyAll(base, partials, random);
  }

  /**
   * reconstruct: the first t points of the (verified) partials, Lagrange coefficients at 0 by
   * the fast method, one G1 MSM, then the key check (subgroup and one 2-pair product against
   * [f(0)]H); on a failed check the partials are blamed one by one and combined again.
   */
  public CombineResult combine(G1Point base, List<PartialSignature> partials,
      StrongRandom random) {
    return bls.combine(base, partials, random);
  }

  /**
   * Wire bytes of validator {@code validator}'s message: 96 B per point (uncompressed: decoding
   * costs ~0.4 us a point instead of ~18 us for a square root, 150 ms per block at N = 8192).
   */
  public static long wireBytes(Committee committee, int validator) {
    return PartialSignature.uncompressedBytes(committee, validator);
  }

  /** What the design's decryption made of the block with the checked key. */
  public record Decrypted(List<Optional<byte[]>> plaintexts, List<Integer> invalid) {}

  /**
   * Opens a block: decode (a wrong count or encoding: named), batch-verify (on failure each
   * validator alone, wrong ones named), interpolate t honest points and check the key, then
   * {@code decrypt}. Fewer than t honest points: {@link
   * BlockResult.Status#NOT_ENOUGH_HONEST_SHARES} (wait for more shares); never a reshare.
   *
   * @param base the block's base point X
   * @param blockSize the number of transactions (slots left empty unless decrypted)
   */
  public BlockResult open(G1Point base, Map<Integer, List<byte[]>> sharesByValidator,
      int blockSize, List<Integer> invalid, Function<G1Point, Decrypted> decrypt,
      StrongRandom random) {
    PhaseClock clock = new PhaseClock(workers);
    Map<Integer, String> faulty = new TreeMap<>();
    List<PartialSignature> partials = decodeAll(sharesByValidator, faulty);
    clock.lap(PhaseClock.DECODE);
    if (points(partials) >= keys.committee().threshold()
        && !verifyAll(base, partials, random)) {
      clock.lap(PhaseClock.VERIFY);
      List<Integer> bad = bls.faulty(base, partials, random);
      if (bad.isEmpty()) {
        throw new CryptoException("per-point shares", "the batch check failed but every"
            + " validator's own check passed: inconsistent weights");
      }
      bad.forEach(v -> faulty.put(v, "key share failed verification"));
      partials = partials.stream().filter(p -> !faulty.containsKey(p.validator())).toList();
      clock.lap(PhaseClock.BLAME);
    } else {
      clock.lap(PhaseClock.VERIFY);
    }
    List<Optional<byte[]>> plaintexts =
        new ArrayList<>(Collections.nCopies(blockSize, Optional.<byte[]>empty()));
    List<Integer> refused = invalid;
    SignerSet used = null;
    BlockResult.Status status = BlockResult.Status.NOT_ENOUGH_HONEST_SHARES;
    if (points(partials) >= keys.committee().threshold()) {
      CombineResult combined = combine(base, partials, random);
      combined.blamed().forEach(v -> faulty.put(v, "key share outside the prime-order subgroup"));
      clock.lap(combined.combinations() > 1 ? PhaseClock.BLAME : PhaseClock.COMBINE);
      if (combined.signed()) {
        used = SignerSet.of(keys.committee(), combined.signers());
        Decrypted d = decrypt.apply(combined.signature().get());
        plaintexts = d.plaintexts();
        refused = d.invalid();
        status = BlockResult.Status.DECRYPTED;
        clock.lap(PhaseClock.DECRYPT);
      } else if (combined.blamed().isEmpty()) {
        used = SignerSet.of(keys.committee(),
            partials.stream().map(PartialSignature::validator).toList());
        status = BlockResult.Status.UNATTRIBUTED;
      }
    }
    int available = points(partials.stream()
        .filter(p -> !faulty.containsKey(p.validator())).toList());
    return new BlockResult(plaintexts, faulty, refused, used, false, clock.wall(),
        clock.cpu(), status, available);
  }

  private List<PartialSignature> decodeAll(Map<Integer, List<byte[]>> encoded,
      Map<Integer, String> faulty) {
    return new ArrayList<>(decodeEach(new TreeMap<>(encoded), keys.committee(), workers,
        (v, bytes) -> PartialSignature.decodeOnCurve(keys.committee(), v, bytes), "key share",
        faulty).values());
  }

  /**
   * Each sender's one message decoded by {@code decode} on the workers, in {@code encoded}'s
   * order; a sender outside the committee, a wrong count of messages or a decoding failure is
   * put in {@code faulty} ("not a validator of the committee", "sent n {what}s for a block
   * (expected 1)", "malformed {what} (...)") and left out.
   */
  public static <T> Map<Integer, T> decodeEach(Map<Integer, List<byte[]>> encoded,
      Committee committee, Workers workers, BiFunction<Integer, byte[], T> decode,
      String what, Map<Integer, String> faulty) {
    List<Integer> validators = new ArrayList<>(encoded.keySet());
    List<Object> results = workers.map(validators.size(), i -> {
      int v = validators.get(i);
      List<byte[]> shares = encoded.get(v);
      if (v < 0 || v >= committee.validators()) {
        return new String[] {"not a validator of the committee"};
      }
      if (shares == null || shares.size() != 1) {
        return new String[] {"sent " + (shares == null ? 0 : shares.size()) + " " + what
            + "s for a block (expected 1)"};
      }
      try {
        return decode.apply(v, shares.get(0));
      } catch (CryptoException e) {
        return new String[] {"malformed " + what + " (" + e.getMessage() + ")"};
      }
    });
    Map<Integer, T> decoded = new LinkedHashMap<>();
    for (int i = 0; i < validators.size(); i++) {
      if (results.get(i) instanceof String[] reason) {
        faulty.put(validators.get(i), reason[0]);
      } else {
        @SuppressWarnings("unchecked")
        T t = (T) results.get(i);
        decoded.put(validators.get(i), t);
      }
    }
    return decoded;
  }

  private static int points(List<PartialSignature> partials) {
    return partials.stream().mapToInt(p -> p.points().size()).sum();
  }
}
