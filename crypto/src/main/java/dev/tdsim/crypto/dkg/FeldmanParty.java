package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.dkg.FeldmanMessage.Complaint;
import dev.tdsim.crypto.dkg.FeldmanMessage.Dealing;
import dev.tdsim.crypto.dkg.FeldmanMessage.Justification;
import dev.tdsim.crypto.dkg.FeldmanMessage.PrivateShares;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One party of Pedersen's DKG (joint Feldman VSS; Pedersen, Eurocrypt 1991; the complaint
 * rounds as in Gennaro-Jarecki-Krawczyk-Rabin, J. Cryptology 2007, figure 1 steps 1-4), as a
 * state machine driven by its caller, round by round:
 *
 * <ol>
 *   <li>{@link #deal()}: draw f of degree t - 1 and the blinding scalar b; broadcast the Feldman
 *       commitments and P = [b]H, send each party its evaluations privately.
 *   <li>{@link #complain()} (at the end of round 1): check every received share against its
 *       dealer's commitments in one batched MSM; complain about each dealer whose shares are
 *       missing or wrong.
 *   <li>{@link #justify()} (at the end of round 2): answer every complaint against this party by
 *       broadcasting the complainer's shares.
 *   <li>{@link #finish()} (at the end of round 3): QUAL = the dealers that dealt and whose every
 *       complaint got a justification matching their commitments; take justified shares in place
 *       of bad ones; sum the QUAL sharings.
 * </ol>
 *
 * Messages arrive through {@link #receive} in any order within a round; a message that arrives
 * after its round was closed counts as missing. Not thread-safe (one party, one thread).
 */
public final class FeldmanParty {
  private final ShareLayout layout;
  private final int me;
  private final StrongRandom random;
  private final FeldmanFault fault;
  private final Fr[] myXs;

  private Fr[] coefficients;
  private Fr blinding;
  private final Map<Integer, Dealing> dealings = new TreeMap<>();
  private final Map<Integer, List<Fr>> received = new TreeMap<>();
  private final Map<Integer, TreeSet<Integer>> complaints = new TreeMap<>();
  private final Map<Integer, Map<Integer, List<Fr>>> justifications = new TreeMap<>();
  private final Map<Integer, String> disqualified = new TreeMap<>();
  private int round;

  public FeldmanParty(ShareLayout layout, int party, StrongRandom random, FeldmanFault fault) {
    if (party < 0 || party >= layout.parties()) {
      throw new CryptoException("DKG party", "index " + party + " not in [0, "
          + layout.parties() + ")");
    }
    this.layout = layout;
    this.me = party;
    this.random = random;
    this.fault = fault;
    this.myXs = layout.abscissae(party);
  }

  public int index() {
    return me;
  }

  /** Round 1: this party's broadcast dealing first, then one private message per other party. */
  public List<FeldmanMessage> deal() {
    requireRound(0, "deal");
    round = 1;
    int t = layout.threshold();
    coefficients = new Fr[t];
    for (int j = 0; j < t; j++) {
      coefficients[j] = Fr.random(random);
    }
    do {
      blinding = Fr.random(random);
    } while (blinding.isZero());
    if (fault.kind() == FeldmanFault.Kind.NO_DEALING) {
      return List.of();
    }
    List<G1Point> commitments = FeldmanVss.commit(coefficients);
    if (fault.kind() == FeldmanFault.Kind.BAD_COMMITMENT) {
      commitments = new ArrayList<>(commitments);
      int j = t > 1 ? 1 : 0;
      commitments.set(j, commitments.get(j).add(G1Point.generator()));
    }
    List<FeldmanMessage> out = new ArrayList<>();
    Dealing dealing = new Dealing(me, commitments, G2Point.generator().multiply(blinding));
    out.add(dealing);
    receive(me, dealing);
    for (int p = 0; p < layout.parties(); p++) {
      PrivateShares s = new PrivateShares(me, p, sharesFor(p, fault.badShareTo(p)));
      if (p == me) {
        receive(me, s);
      } else {
        out.add(s);
      }
    }
    return out;
  }

  private List<Fr> sharesFor(int party, boolean corrupt) {
    List<Fr> shares = new ArrayList<>();
    for (Fr x : layout.abscissae(party)) {
      shares.add(FeldmanVss.evaluate(coefficients, x));
    }
    if (corrupt) {
      shares.set(0, shares.get(0).add(Fr.one()));
    }
    return shares;
  }

  /**
   * Takes one message of the current round (messages of a closed round are ignored: too late).
   *
   * @param from the party the authenticated channel says sent it: a message is taken only from
   *     the party it names as its sender (dealer or complainer), so no party can answer a
   *     complaint, deal or complain in another's name (a forged justification once got an honest
   *     dealer disqualified)
   * @throws CryptoException naming the dealer when a message is malformed for this DKG (wrong
   *     number of commitments or shares, a share addressed to another party, an unknown party)
   *     or comes from another party than its sender
   */
  public void receive(int from, FeldmanMessage m) {
    requireParty(m.sender(), m);
    if (from != m.sender()) {
      throw new CryptoException("DKG message from party " + from,
          "it names party " + m.sender() + " as its sender");
    }
    if (m instanceof Complaint c) {
      requireParty(c.dealer(), m);
    } else if (m instanceof Justification j) {
      requireParty(j.complainer(), m);
    }
    if (m instanceof Dealing d) {
        if (round > 1) {
          return;
        }
        if (d.commitments().size() != layout.threshold()) {
          throw new CryptoException("DKG dealing of dealer " + d.dealer(), "expected "
              + layout.threshold() + " commitments, got " + d.commitments().size());
        }
        dealings.putIfAbsent(d.dealer(), d);
    } else if (m instanceof PrivateShares s) {
        if (round > 1) {
          return;
        }
        if (s.recipient() != me || s.shares().size() != myXs.length) {
          throw new CryptoException("DKG private shares of dealer " + s.dealer(), "expected "
              + myXs.length + " shares for party " + me + ", got " + s.shares().size()
              + " for party " + s.recipient());
        }
        received.putIfAbsent(s.dealer(), s.shares());
    } else if (m instanceof Complaint c) {
        if (round > 2) {
          return;
        }
        complaints.computeIfAbsent(c.dealer(), k -> new TreeSet<>()).add(c.complainer());
    } else if (m instanceof Justification j) {
        if (round > 3) {
          return;
        }
        if (j.shares().size() != layout.pointCount(j.complainer())) {
          throw new CryptoException("DKG justification of dealer " + j.dealer(), "expected "
              + layout.pointCount(j.complainer()) + " shares, got " + j.shares().size());
        }
        justifications.computeIfAbsent(j.dealer(), k -> new TreeMap<>())
            .putIfAbsent(j.complainer(), j.shares());
    }
  }

  /** Round 2: verify the shares received; one complaint per dealer whose shares are bad or missing. */
  public List<FeldmanMessage> complain() {
    requireRound(1, "complain");
    round = 2;
    List<FeldmanVss.Claim> claims = new ArrayList<>();
    List<FeldmanMessage> out = new ArrayList<>();
    for (Dealing d : dealings.values()) {
      List<Fr> s = received.get(d.dealer());
      if (s == null) {
        out.add(new Complaint(me, d.dealer()));
      } else {
        claims.add(new FeldmanVss.Claim(d.dealer(), d.commitments(), myXs, s));
      }
    }
    for (int bad : FeldmanVss.invalidDealers(claims, random)) {
      received.remove(bad);
      out.add(new Complaint(me, bad));
    }
    out.sort(java.util.Comparator.comparingInt(c -> ((Complaint) c).dealer()));
    out.forEach(c -> receive(me, c));
    return out;
  }

  /** Round 3: this party's answers to the complaints against it (its dealing's shares in clear). */
  public List<FeldmanMessage> justify() {
    requireRound(2, "justify");
    round = 3;
    List<FeldmanMessage> out = new ArrayList<>();
    if (fault.kind() == FeldmanFault.Kind.NO_DEALING
        || fault.kind() == FeldmanFault.Kind.BAD_SHARE_SILENT_ON_COMPLAINT) {
      return out;
    }
    for (int complainer : complaints.getOrDefault(me, new TreeSet<>())) {
      boolean corrupt = fault.kind() == FeldmanFault.Kind.BAD_SHARE_REPEATED_ON_COMPLAINT
          && fault.badShareTo(complainer);
      Justification j = new Justification(me, complainer, sharesFor(complainer, corrupt));
      out.add(j);
      receive(me, j);
    }
    return out;
  }

  /** End of round 3: QUAL, the public key and this party's final shares. */
  public FeldmanResult finish() {
    requireRound(3, "finish");
    round = 4;
    SortedSet<Integer> qual = new TreeSet<>();
    for (Dealing d : dealings.values()) {
      String why = unresolved(d);
      if (why == null) {
        qual.add(d.dealer());
      } else {
        disqualified.put(d.dealer(), why);
      }
    }
    for (int p = 0; p < layout.parties(); p++) {
      if (!dealings.containsKey(p)) {
        disqualified.put(p, "no dealing");
      }
    }
    Fr[] mine = new Fr[myXs.length];
    java.util.Arrays.fill(mine, Fr.zero());
    Map<Integer, G2Point> blindingKeys = new TreeMap<>();
    for (int d : qual) {
      List<Fr> s = received.containsKey(d) ? received.get(d)
          : justifications.get(d).get(me);
      for (int k = 0; k < mine.length; k++) {
        mine[k] = mine[k].add(s.get(k));
      }
    }
    // The group's commitments: per coefficient, one batch-affine sum over the QUAL dealers.
    List<G1Point> group = new ArrayList<>(layout.threshold());
    for (int j = 0; j < layout.threshold(); j++) {
      List<G1Point> terms = new ArrayList<>(qual.size());
      for (int d : qual) {
        terms.add(dealings.get(d).commitments().get(j));
      }
      group.add(G1Point.sum(terms));
    }
    for (Dealing d : dealings.values()) {
      blindingKeys.put(d.dealer(), d.blindingKey());
    }
    if (qual.isEmpty()) {
      throw new CryptoException("DKG of party " + me, "no qualified dealer");
    }
    return new FeldmanResult(me, qual, disqualified, group.get(0), group, List.of(mine),
        blinding, blindingKeys);
  }

  /** Null when every complaint against the dealer was answered with shares that verify. */
  private String unresolved(Dealing d) {
    TreeSet<Integer> against = complaints.getOrDefault(d.dealer(), new TreeSet<>());
    if (against.isEmpty()) {
      return null;
    }
    Map<Integer, List<Fr>> answers = justifications.getOrDefault(d.dealer(), Map.of());
    List<FeldmanVss.Claim> claims = new ArrayList<>();
    for (int c : against) {
      List<Fr> s = answers.get(c);
      if (s == null) {
        return "no answer to the complaint of party " + c;
      }
      claims.add(new FeldmanVss.Claim(d.dealer(), d.commitments(), layout.abscissae(c), s));
    }
    if (!FeldmanVss.allValid(claims, random)) {
      return "answered a complaint with a share that does not match its commitments";
    }
    return null;
  }

  private void requireParty(int index, FeldmanMessage m) {
    if (index < 0 || index >= layout.parties()) {
      throw new CryptoException("DKG message from party " + m.sender(),
          "names party " + index + ", not in [0, " + layout.parties() + ")");
    }
  }

  private void requireRound(int expected, String step) {
    if (round != expected) {
      throw new IllegalStateException("DKG party " + me + ": " + step + " in round " + round);
    }
  }
}
