package dev.tdsim.crypto.cert;

import dev.tdsim.crypto.sig.VoteKeyPair;
import dev.tdsim.crypto.sig.VoteSignatureScheme;
import dev.tdsim.crypto.tpke.Committee;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code votes}: the certificate is the quorum's own vote signatures (CometBFT's Commit, one
 * signature per signer in the vote scheme, {@code consensus.vote_signature}); verifying it checks
 * every signature. Wire: signers x signature bytes plus a signer bitmap.
 */
final class VotesCertificates implements CertificateScheme {
  static final String NAME = "votes";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "the quorum's individual vote signatures (CometBFT's Commit): one check per signer";
  }

  @Override
  public boolean aggregates() {
    return false;
  }

  @Override
  public CommitteeCertifier setUp(CertificateSetup setup) {
    VoteSignatureScheme scheme = setup.voteSignature();
    List<VoteKeyPair> keys = new ArrayList<>();
    for (int v = 0; v < setup.committee().validators(); v++) {
      keys.add(scheme.keyPair(setup.random()));
    }
    return new Certifier(setup.committee(), scheme, keys);
  }

  private record Certifier(Committee committee, VoteSignatureScheme voteScheme, List<VoteKeyPair> keys)
      implements CommitteeCertifier {
    @Override
    public String scheme() {
      return NAME;
    }

    @Override
    public byte[] sign(int validator, byte[] message) {
      return voteScheme.sign(keys.get(validator).secretKey(), message);
    }

    @Override
    public boolean verifyVote(int validator, byte[] message, byte[] vote) {
      return validator >= 0 && validator < keys.size()
          && voteScheme.verify(keys.get(validator).publicKey(), message, vote);
    }

    @Override
    public int voteBytes(int validator) {
      return voteScheme.signatureBytes();
    }

    @Override
    public CertifyResult combine(byte[] message, Map<Integer, byte[]> votes) {
      TreeMap<Integer, byte[]> good = new TreeMap<>();
      List<Integer> blamed = new ArrayList<>();
      new TreeMap<>(votes).forEach((v, sig) -> {
        if (verifyVote(v, message, sig)) {
          good.put(v, sig);
        } else {
          blamed.add(v);
        }
      });
      if (good.isEmpty()) {
        return new CertifyResult(Optional.empty(), blamed);
      }
      int size = voteScheme.signatureBytes();
      byte[] all = new byte[size * good.size()];
      int i = 0;
      for (byte[] sig : good.values()) {
        System.arraycopy(sig, 0, all, size * i++, size);
      }
      return new CertifyResult(Optional.of(new Certificate(NAME, all, List.copyOf(good.keySet()),
          all.length + Certificate.bitmapBytes(committee.validators()))), blamed);
    }

    @Override
    public boolean verify(byte[] message, Certificate c) {
      byte[] all = c.signature();
      int size = voteScheme.signatureBytes();
      List<Integer> signers = c.signers();
      if (!NAME.equals(c.scheme()) || signers.isEmpty() || all.length != size * signers.size()) {
        return false;
      }
      for (int i = 0; i < signers.size(); i++) {
        if (i > 0 && signers.get(i) <= signers.get(i - 1)) {
          return false;
        }
        byte[] sig = java.util.Arrays.copyOfRange(all, size * i, size * (i + 1));
        if (!verifyVote(signers.get(i), message, sig)) {
          return false;
        }
      }
      return true;
    }
  }
}
