package dev.tdsim.crypto.cggmp21;

import dev.tdsim.crypto.cggmp21.paillier.PaillierPublicKey;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.cggmp21.zk.RingPedersen;
import java.math.BigInteger;
import java.util.List;
import org.bouncycastle.math.ec.ECPoint;

/**
 * One party's output of {@link KeyGen}: its Shamir share x_i of the key x (evaluation point i +
 * 1), everyone's public shares X_j = x_j·G, the public key X, its own Paillier key and
 * ring-Pedersen parameters, and everyone's verified Paillier keys and parameters. Secrets are not
 * printed.
 */
public record KeyShare(int party, int threshold, SecurityParams params, BigInteger secretShare,
    ECPoint publicKey, List<ECPoint> publicShares, PaillierSecretKey paillier,
    RingPedersen ownPedersen, List<PaillierPublicKey> paillierKeys,
    List<RingPedersen> pedersenParams) {

  public KeyShare {
    publicShares = List.copyOf(publicShares);
    paillierKeys = List.copyOf(paillierKeys);
    pedersenParams = List.copyOf(pedersenParams);
  }

  public int parties() {
    return publicShares.size();
  }

  @Override
  public String toString() {
    return "KeyShare(party " + party + ", " + threshold + " of " + parties() + ", secret hidden)";
  }
}
