package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs every party of Pedersen's DKG in memory, round by round (for tests and benchmarks; the
 * simulator drives {@link FeldmanParty} itself over its network), and records what a network
 * simulation needs: each round's messages (sender, receivers, bytes) and each party's compute
 * time per round (CPU time of the calling thread, nanoseconds).
 */
public final class FeldmanDkg {
  /** The rounds: 1 deal, 2 complain, 3 justify, 4 finish (local computation only). */
  public static final int ROUNDS = 4;

  private FeldmanDkg() {}

  /** One message on the wire: broadcast (to all others) or to one recipient. */
  public record Sent(int round, FeldmanMessage message) {}

  /**
   * @param results each party's result (null for a party that crashed)
   * @param sent every message, in the order sent
   * @param computeNanos computeNanos[party][round - 1]: CPU nanoseconds of the party's own work in
   *     that round (its sending step, then receiving the round's messages)
   */
  public record Run(List<FeldmanResult> results, List<Sent> sent, long[][] computeNanos) {
    /** Bytes sent in one round, counting a broadcast once per receiver. */
    public long bytesInRound(int round, int parties) {
      long sum = 0;
      for (Sent s : sent) {
        if (s.round() == round) {
          sum += (long) s.message().wireBytes() * (s.message().broadcast() ? parties - 1 : 1);
        }
      }
      return sum;
    }

    /** The largest compute time of any party in a round (nanoseconds). */
    public long maxComputeNanos(int round) {
      long max = 0;
      for (long[] p : computeNanos) {
        max = Math.max(max, p[round - 1]);
      }
      return max;
    }
  }

  /**
   * Runs the DKG; {@code faults} gives the parties that deviate (others are honest). Each party's
   * randomness is split from {@code random} in party order, so a run is reproducible from a
   * seeded stream.
   */
  public static Run run(ShareLayout layout, Map<Integer, FeldmanFault> faults, StrongRandom random) {
    int n = layout.parties();
    FeldmanParty[] parties = new FeldmanParty[n];
    for (int i = 0; i < n; i++) {
      parties[i] = new FeldmanParty(layout, i, random.split(),
          faults.getOrDefault(i, FeldmanFault.HONEST));
    }
    long[][] cpu = new long[n][ROUNDS];
    List<Sent> sent = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      List<List<FeldmanMessage>> outs = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        long t0 = cpuNanos();
        List<FeldmanMessage> out = switch (round) {
          case 1 -> parties[i].deal();
          case 2 -> parties[i].complain();
          default -> parties[i].justify();
        };
        cpu[i][round - 1] += cpuNanos() - t0;
        outs.add(out);
        for (FeldmanMessage m : out) {
          sent.add(new Sent(round, m));
        }
      }
      for (int i = 0; i < n; i++) {
        for (FeldmanMessage m : outs.get(i)) {
          for (int r = 0; r < n; r++) {
            if (r == i || (!m.broadcast() && ((FeldmanMessage.PrivateShares) m).recipient() != r)) {
              continue;
            }
            long t0 = cpuNanos();
            parties[r].receive(i, m);
            cpu[r][round - 1] += cpuNanos() - t0;
          }
        }
      }
    }
    List<FeldmanResult> results = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long t0 = cpuNanos();
      results.add(parties[i].finish());
      cpu[i][ROUNDS - 1] += cpuNanos() - t0;
    }
    return new Run(results, sent, cpu);
  }

  /**
   * The TPKE key set of a finished DKG over a covering layout: every party's final shares and
   * blinding scalar, checked to agree on QUAL and the public key.
   *
   * @throws CryptoException if the layout does not cover the domain, a party has no result, or
   *     the parties disagree
   */
  public static KeySet keySet(ShareLayout layout, List<FeldmanResult> results, Workers workers) {
    Committee committee = layout.committee();
    if (committee == null) {
      throw new CryptoException("key set from DKG",
          "the parties' points do not cover the domain (unweighted n not a power of two)");
    }
    Fr[] shares = new Fr[committee.shares()];
    Fr[] blinding = new Fr[committee.validators()];
    FeldmanResult first = results.get(0);
    for (int i = 0; i < results.size(); i++) {
      FeldmanResult r = results.get(i);
      if (r == null) {
        throw new CryptoException("key set from DKG", "party " + i + " has no result");
      }
      if (!r.qualified().equals(first.qualified()) || !r.publicKey().equals(first.publicKey())) {
        throw new CryptoException("key set from DKG", "party " + i + " disagrees on QUAL or key");
      }
      int[] pts = layout.pointsOf(i);
      for (int j = 0; j < pts.length; j++) {
        shares[pts[j]] = r.shares().get(j);
      }
      blinding[i] = r.blinding();
    }
    KeySet keys = KeySet.fromDkg(committee, shares, blinding, workers);
    if (!keys.publicKey().equals(first.publicKey())) {
      throw new CryptoException("key set from DKG", "shares do not match the public key");
    }
    return keys;
  }

  private static long cpuNanos() {
    return Workers.callerCpuNanos();
  }

  /** The disqualified dealers as every party saw them (for reports). */
  public static Map<Integer, String> disqualified(List<FeldmanResult> results) {
    Map<Integer, String> out = new TreeMap<>();
    for (FeldmanResult r : results) {
      if (r != null) {
        out.putAll(r.disqualified());
      }
    }
    return out;
  }
}
