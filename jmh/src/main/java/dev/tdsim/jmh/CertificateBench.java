package dev.tdsim.jmh;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.cert.Certificate;
import dev.tdsim.crypto.cert.CertificateSchemes;
import dev.tdsim.crypto.cert.CertificateSetup;
import dev.tdsim.crypto.cert.CommitteeCertifier;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.sig.VoteSignatureSchemes;
import dev.tdsim.crypto.tpke.Committee;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Commit certificates through the simulator's seam ({@code dev.tdsim.crypto.cert}), per scheme:
 * one validator's vote signature, its check, the certificate from the first {@code signers}
 * validators' votes as bytes (decoding included), and the certificate's check. 8192 points over
 * {@code validators} (equal chunks), t = 5461; {@code votes} signs with Ed25519.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CertificateBench {
  @Param({"votes", "bls-aggregate", "threshold-bls"})
  public String scheme;

  @Param({"150"})
  public int validators;

  /** 101 of 150 validators hold 101 x 54.6 > 5461 points (and +2/3 of equal stake). */
  @Param({"101"})
  public int signers;

  @Param({"2"})
  public int threads;

  private static final byte[] MESSAGE = "precommit height 1 round 0".getBytes(
      StandardCharsets.UTF_8);

  private Workers workers;
  private CommitteeCertifier certifier;
  private Map<Integer, byte[]> votes;
  private Certificate certificate;

  @Setup(Level.Trial)
  public void setUp() {
    workers = Workers.of(threads);
    Committee committee = Committee.equal(8192, Committee.defaultThreshold(8192), validators);
    certifier = CertificateSchemes.byName(scheme).setUp(new CertificateSetup(committee,
        VoteSignatureSchemes.byName("ed25519"), SeededDrbg.of(1, "bench-cert", 0), workers));
    votes = new TreeMap<>();
    for (int v = 0; v < signers; v++) {
      votes.put(v, certifier.sign(v, MESSAGE));
    }
    certificate = certifier.combine(MESSAGE, votes).certificate().orElseThrow();
    if (!certifier.verify(MESSAGE, certificate)) {
      throw new IllegalStateException("certificate bench setup does not certify");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    workers.close();
  }

  @Benchmark
  public byte[] sign() {
    return certifier.sign(0, MESSAGE);
  }

  @Benchmark
  public boolean verifyVote() {
    return certifier.verifyVote(0, MESSAGE, votes.get(0));
  }

  @Benchmark
  public Certificate combine() {
    return certifier.combine(MESSAGE, votes).certificate().orElseThrow();
  }

  @Benchmark
  public boolean verifyCertificate() {
    return certifier.verify(MESSAGE, certificate);
  }
}
