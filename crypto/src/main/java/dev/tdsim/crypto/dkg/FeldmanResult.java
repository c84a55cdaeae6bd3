package dev.tdsim.crypto.dkg;

import dev.tdsim.crypto.curve.G1Point;
import dev.tdsim.crypto.curve.G2Point;
import dev.tdsim.crypto.field.Fr;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/**
 * One party's view at the end of the DKG.
 *
 * @param party this party
 * @param qualified QUAL, the dealers whose sharings count (same at every honest party)
 * @param disqualified the dealers left out, with the reason
 * @param publicKey Y = sum over QUAL of C_{d,0} = [f(0)]G, f = sum of the QUAL polynomials
 * @param commitments the group's commitments sum over QUAL of C_{d,j}: anyone derives a point's
 *     public verification key [f(x)]G from them
 * @param shares this party's final shares f(omega^k) at its points (secret)
 * @param blinding this party's own blinding scalar b (secret)
 * @param blindingKeys P_i = [b_i]H of every party that dealt (public)
 */
public record FeldmanResult(
    int party,
    SortedSet<Integer> qualified,
    Map<Integer, String> disqualified,
    G1Point publicKey,
    List<G1Point> commitments,
    List<Fr> shares,
    Fr blinding,
    Map<Integer, G2Point> blindingKeys) {
  public FeldmanResult {
    qualified = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(qualified));
    disqualified = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(disqualified));
    commitments = List.copyOf(commitments);
    shares = List.copyOf(shares);
    blindingKeys = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(blindingKeys));
  }

  @Override
  public String toString() {
    return "FeldmanResult[party=" + party + ", qualified=" + qualified + ", disqualified="
        + disqualified + ", publicKey=" + publicKey + "]";
  }
}
