package dev.tdsim.crypto.cert;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.sig.VoteSignatureScheme;
import dev.tdsim.crypto.tpke.Committee;
import java.util.Objects;

/**
 * What a certificate scheme needs to deal its keys.
 *
 * @param committee the validators (and, for {@code threshold-bls}, their points and threshold t)
 * @param voteSignature the scheme of individual votes, used by {@code votes} only
 * @param random the key stream, also split for the random weights of batch checks
 * @param workers the pool for key dealing and batch checks
 */
public record CertificateSetup(
    Committee committee, VoteSignatureScheme voteSignature, StrongRandom random, Workers workers) {
  public CertificateSetup {
    Objects.requireNonNull(committee, "committee");
    Objects.requireNonNull(voteSignature, "voteSignature");
    Objects.requireNonNull(random, "random");
    Objects.requireNonNull(workers, "workers");
  }
}
