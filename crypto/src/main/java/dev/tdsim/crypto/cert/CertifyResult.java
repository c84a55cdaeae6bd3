package dev.tdsim.crypto.cert;

import java.util.List;
import java.util.Optional;

/**
 * What combining votes gave: a verified certificate, or none when too few good votes remained, and
 * the validators whose votes were wrong or malformed (ascending).
 */
public record CertifyResult(Optional<Certificate> certificate, List<Integer> blamed) {
  public CertifyResult {
    blamed = List.copyOf(blamed);
  }
}
