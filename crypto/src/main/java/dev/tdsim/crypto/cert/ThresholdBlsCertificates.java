package dev.tdsim.crypto.cert;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tbls.CombineResult;
import dev.tdsim.crypto.tbls.PartialSignature;
import dev.tdsim.crypto.tbls.ThresholdBls;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code threshold-bls}: a key set dealt for signing only (never the decryption key set, see
 * {@link ThresholdBls}); each vote carries the validator's per-point partial, uncompressed (96 B
 * per point: a combiner decodes 150 votes in ~4 ms instead of ~150 ms compressed, for twice the
 * bytes; the combination's own check makes per-point subgroup checks unnecessary); the
 * certificate is the 48-byte threshold signature, checked by one pairing product against the
 * group key, whoever signed (no bitmap needed). Combining needs t points.
 */
final class ThresholdBlsCertificates implements CertificateScheme {
  static final String NAME = "threshold-bls";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "one 48 B threshold BLS signature (G1) from t of N weighted points: one pairing check";
  }

  @Override
  public boolean aggregates() {
    return true;
  }

  @Override
  public boolean checksPartialsAlone() {
    return true;
  }

  @Override
  public boolean signsWithKeyPoints() {
    return true;
  }

  @Override
  public CommitteeCertifier setUp(CertificateSetup setup) {
    KeySet keys = KeySet.deal(setup.committee(), setup.random(), setup.workers());
    return new Certifier(ThresholdBls.of(keys), setup.random().split());
  }

  private static final class Certifier implements CommitteeCertifier {
    private final ThresholdBls tbls;
    private final SeededDrbg weights;

    Certifier(ThresholdBls tbls, SeededDrbg weights) {
      this.tbls = tbls;
      this.weights = weights;
    }

    @Override
    public String scheme() {
      return NAME;
    }

    @Override
    public Committee committee() {
      return tbls.committee();
    }

    @Override
    public int pointsNeeded() {
      return tbls.committee().threshold();
    }

    /** The threshold BLS view, for callers that work with decoded partials. */
    ThresholdBls thresholdBls() {
      return tbls;
    }

    @Override
    public byte[] sign(int validator, byte[] message) {
      return tbls.sign(validator, tbls.hash(message)).encodeUncompressed();
    }

    @Override
    public boolean verifyVote(int validator, byte[] message, byte[] vote) {
      PartialSignature p;
      try {
        p = PartialSignature.decode(committee(), validator, vote);
      } catch (CryptoException malformed) {
        return false;
      }
      synchronized (weights) {
        return tbls.verifyPartial(tbls.hash(message), p, weights);
      }
    }

    @Override
    public boolean verifyVotes(byte[] message, Map<Integer, byte[]> votes) {
      List<PartialSignature> partials = new ArrayList<>();
      try {
        for (Map.Entry<Integer, byte[]> e : new TreeMap<>(votes).entrySet()) {
          partials.add(PartialSignature.decode(committee(), e.getKey(), e.getValue()));
        }
      } catch (CryptoException malformed) {
        return false;
      }
      synchronized (weights) {
        return !partials.isEmpty() && tbls.verifyAll(tbls.hash(message), partials, weights);
      }
    }

    @Override
    public int voteBytes(int validator) {
      return PartialSignature.uncompressedBytes(committee(), validator);
    }

    @Override
    public CertifyResult combine(byte[] message, Map<Integer, byte[]> votes) {
      List<PartialSignature> partials = new ArrayList<>();
      List<Integer> blamed = new ArrayList<>();
      new TreeMap<>(votes).forEach((v, bytes) -> {
        try {
          partials.add(PartialSignature.decodeOnCurve(committee(), v, bytes));
        } catch (CryptoException malformed) {
          blamed.add(v);
        }
      });
      CombineResult r;
      synchronized (weights) {
        r = tbls.combine(message, partials, weights);
      }
      blamed.addAll(r.blamed());
      blamed.sort(null);
      return new CertifyResult(r.signature().map(s -> new Certificate(NAME, s.toCompressed(),
          r.signers(), ThresholdBls.SIGNATURE_BYTES)), blamed);
    }

    @Override
    public boolean verify(byte[] message, Certificate c) {
      return NAME.equals(c.scheme()) && tbls.verify(message, c.signature());
    }
  }
}
