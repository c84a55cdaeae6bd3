package dev.tdsim.crypto.cert;

import dev.tdsim.crypto.sig.AggregateSignatureScheme;
import dev.tdsim.crypto.sig.VoteKeyPair;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code bls-aggregate}: every validator signs with its own BLS key (the {@code bls} vote scheme:
 * keys in G1, 96-byte signatures in G2, CometBFT's tag); the certificate is the sum of the
 * signers' signatures plus the signer bitmap, checked by FastAggregateVerify (one pairing product
 * against the sum of the signers' keys). Sound against rogue keys only with proven possession of
 * each key (the dealer here generates them honestly; a chain would register proofs of
 * possession). When the aggregate fails, each vote is checked and the bad ones are left out.
 */
final class BlsAggregateCertificates implements CertificateScheme {
  static final String NAME = "bls-aggregate";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "one aggregate BLS signature (96 B, G2) plus the signer bitmap: one pairing check";
  }

  @Override
  public boolean aggregates() {
    return true;
  }

  @Override
  public CommitteeCertifier setUp(CertificateSetup setup) {
    AggregateSignatureScheme bls = (AggregateSignatureScheme) VoteSignatureSchemes.byName("bls");
    List<VoteKeyPair> keys = new ArrayList<>();
    for (int v = 0; v < setup.committee().validators(); v++) {
      keys.add(bls.keyPair(setup.random()));
    }
    return new Certifier(setup.committee(), bls, keys,
        bls.keySet(keys.stream().map(VoteKeyPair::publicKey).toList()));
  }

  /**
   * @param validated the committee's public keys, validated once at set-up (a chain registers
   *     them with their proofs of possession once per epoch), so a certificate's check adds up
   *     its signers' keys without decoding each again
   */
  private record Certifier(Committee committee, AggregateSignatureScheme bls,
      List<VoteKeyPair> keys, AggregateSignatureScheme.KeySet validated)
      implements CommitteeCertifier {
    @Override
    public String scheme() {
      return NAME;
    }

    @Override
    public byte[] sign(int validator, byte[] message) {
      return bls.sign(keys.get(validator).secretKey(), message);
    }

    @Override
    public Optional<String> partsSignedAs() {
      return Optional.of(bls.name());
    }

    @Override
    public boolean verifyVote(int validator, byte[] message, byte[] vote) {
      return validator >= 0 && validator < keys.size()
          && bls.verify(keys.get(validator).publicKey(), message, vote);
    }

    @Override
    public boolean verifyVotes(byte[] message, Map<Integer, byte[]> votes) {
      return aggregate(message, new TreeMap<>(votes)).isPresent();
    }

    @Override
    public int voteBytes(int validator) {
      return bls.signatureBytes();
    }

    @Override
    public CertifyResult combine(byte[] message, Map<Integer, byte[]> votes) {
      TreeMap<Integer, byte[]> sorted = new TreeMap<>(votes);
      List<Integer> blamed = new ArrayList<>();
      Optional<Certificate> c = aggregate(message, sorted);
      if (c.isEmpty()) {
        // Find the bad votes one by one, then aggregate the rest.
        sorted.entrySet().removeIf(e -> {
          boolean bad = !verifyVote(e.getKey(), message, e.getValue());
          if (bad) {
            blamed.add(e.getKey());
          }
          return bad;
        });
        c = aggregate(message, sorted);
      }
      return new CertifyResult(c, blamed);
    }

    private Optional<Certificate> aggregate(byte[] message, TreeMap<Integer, byte[]> votes) {
      if (votes.isEmpty() || votes.keySet().stream().anyMatch(v -> v < 0 || v >= keys.size())) {
        return Optional.empty();
      }
      byte[] sum;
      try {
        sum = bls.aggregate(List.copyOf(votes.values()));
      } catch (IllegalArgumentException malformed) {
        return Optional.empty();
      }
      Certificate c = new Certificate(NAME, sum, List.copyOf(votes.keySet()),
          sum.length + Certificate.bitmapBytes(committee.validators()));
      return verify(message, c) ? Optional.of(c) : Optional.empty();
    }

    @Override
    public boolean verify(byte[] message, Certificate c) {
      List<Integer> signers = c.signers();
      if (!NAME.equals(c.scheme()) || signers.isEmpty()) {
        return false;
      }
      for (int i = 0; i < signers.size(); i++) {
        int v = signers.get(i);
        if (v < 0 || v >= keys.size() || (i > 0 && v <= signers.get(i - 1))) {
          return false;
        }
      }
      return bls.verifyAggregate(validated, signers, message, c.signature());
    }
  }
}
