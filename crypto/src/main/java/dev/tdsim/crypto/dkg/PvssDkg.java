package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The aggregatable PVSS DKG for weighted shares, run in memory (tests and benchmarks): every
 * listed dealer deals a {@link PvssTranscript}; each transcript is verified publicly ({@link
 * PvssVerifier}) and the valid ones are aggregated; the aggregate is verified once more (what a
 * validator joining later checks); each validator checks its private evaluations and the result is
 * a TPKE {@link KeySet}.
 *
 * <p>Deviation from Gurkan et al. and Ferveo, and why: there a validator's key share is the group
 * element [f(omega^k)]H = [1/dk] Y^_k, decrypted from the aggregate; tdsim's key sets hold scalar
 * shares f(omega^k) (its folded G1 variant and its share makers need them). So each dealer also
 * sends each validator its evaluations privately (encrypted on the wire, 32 bytes per point); the
 * validator checks their sum against the aggregate's commitments with one short MSM ([sum rho_k
 * s_k]G == sum rho_k A_k), and only if that fails checks dealer by dealer. A dealer caught that way
 * is left out of the aggregate (in a deployment the validator's complaint would be settled as in
 * Feldman's DKG: the dealer reveals those evaluations, checked against its A_k). The decryption
 * keys dk_i double as the TPKE blinding scalars ({@link PvssKeys}).
 */
public final class PvssDkg {
  private PvssDkg() {}

  /**
   * @param keySet the TPKE key set of the aggregate
   * @param aggregate the aggregated, verified transcript
   * @param rejected dealers left out, with the reason
   */
  public record Result(KeySet keySet, PvssTranscript aggregate, Map<Integer, String> rejected) {}

  /**
   * @param dealers the validators that deal (the others only receive)
   * @param tamper for tests: rewrites a dealer's output before it is published (null: none)
   */
  public static Result run(Committee committee, List<PvssKeys> keys, List<Integer> dealers,
      Map<Integer, UnaryOperator<PvssDealer.Dealt>> tamper, long session, StrongRandom random,
      Workers workers) {
    List<G2Point> eks = keys.stream().map(PvssKeys::encryptionKey).toList();
    Map<Integer, PvssDealer.Dealt> dealt = new TreeMap<>();
    for (int d : dealers) {
      PvssDealer.Dealt out = PvssDealer.deal(committee, eks, d, session, random.split(), workers);
      if (tamper != null && tamper.containsKey(d)) {
        out = tamper.get(d).apply(out);
      }
      dealt.put(d, out);
    }
    Map<Integer, String> rejected = new TreeMap<>();
    List<Integer> good = new ArrayList<>();
    for (var e : dealt.entrySet()) {
      // e.getKey() published e.getValue(): the transcript counts for it alone
      PvssVerifier.Verdict v = PvssVerifier.verifyPublished(e.getValue().transcript(),
          e.getKey(), committee, eks, session, random, workers);
      if (v.valid()) {
        good.add(e.getKey());
      } else {
        rejected.put(e.getKey(), v.problem());
      }
    }
    while (true) {
      if (good.isEmpty()) {
        throw new CryptoException("PVSS DKG", "no valid transcript; rejected: " + rejected);
      }
      PvssTranscript agg = PvssTranscript.aggregate(
          good.stream().map(d -> dealt.get(d).transcript()).toList(), workers);
      PvssVerifier.requireValid(agg, committee, eks, session, random, workers);
      Fr[] shares = new Fr[committee.shares()];
      List<Integer> badDealers = new ArrayList<>();
      for (int v = 0; v < committee.validators(); v++) {
        int first = committee.firstPointOf(v);
        int count = committee.pointsOf(v);
        Fr[] sum = new Fr[count];
        java.util.Arrays.fill(sum, Fr.zero());
        for (int d : good) {
          List<Fr> s = dealt.get(d).privateSharesOf(committee, v);
          for (int j = 0; j < count; j++) {
            sum[j] = sum[j].add(s.get(j));
          }
        }
        if (matches(agg.commitments().subList(first, first + count), List.of(sum), random)) {
          System.arraycopy(sum, 0, shares, first, count);
          continue;
        }
        for (int d : good) {
          if (!matches(dealt.get(d).transcript().commitments().subList(first, first + count),
              dealt.get(d).privateSharesOf(committee, v), random)) {
            badDealers.add(d);
            rejected.put(d, "private shares to validator " + v + " do not match its commitments");
          }
        }
      }
      if (badDealers.isEmpty()) {
        Fr[] dks = keys.stream().map(PvssKeys::decryptionKey).toArray(Fr[]::new);
        KeySet keySet = KeySet.fromDkg(committee, shares, dks, workers);
        if (!keySet.publicKey().equals(agg.publicKey())) {
          throw new CryptoException("PVSS DKG", "shares do not match the aggregate's public key");
        }
        return new Result(keySet, agg, rejected);
      }
      good.removeAll(badDealers);
    }
  }

  /** Whether [s_k]G == A_k for all k, by one random-weighted short MSM. */
  public static boolean matches(List<G1Point> commitments, List<Fr> shares, StrongRandom random) {
    long[] rho = random.nextLongs(shares.size());
    Fr lhs = Fr.zero();
    for (int k = 0; k < rho.length; k++) {
      rho[k] &= Long.MAX_VALUE;
      lhs = lhs.add(Fr.of(rho[k]).mul(shares.get(k)));
    }
    return G1Point.msmShort(commitments, rho).equals(G1Point.generator().multiply(lhs));
  }

  /** Validator v's G2 key shares [f(omega^k)]H, decrypted from the transcript with dk_v. */
  public static List<G2Point> decryptShares(
      PvssTranscript t, Committee committee, PvssKeys validatorKeys) {
    Fr inv = validatorKeys.decryptionKey().inverse();
    int first = committee.firstPointOf(validatorKeys.validator());
    int count = committee.pointsOf(validatorKeys.validator());
    return t.encryptedShares().subList(first, first + count).stream()
        .map(y -> y.multiply(inv)).toList();
  }
}
