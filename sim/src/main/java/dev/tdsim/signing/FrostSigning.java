package dev.tdsim.signing;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.frost.AggregateResult;
import dev.tdsim.crypto.frost.FrostCoordinator;
import dev.tdsim.crypto.frost.FrostSignature;
import dev.tdsim.crypto.frost.FrostSigner;
import dev.tdsim.crypto.frost.SignatureShare;
import dev.tdsim.crypto.frost.SigningCommitments;
import dev.tdsim.crypto.frost.SigningPackage;
import dev.tdsim.crypto.frost.TrustedDealer;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.signing.RoundSchedule.Message;
import dev.tdsim.signing.RoundSchedule.Round;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * FROST(Ed25519, SHA-512) ({@code dev.tdsim.crypto.frost}, RFC 9591, issue 24) as rounds: the
 * first t parties sign, party 0 is the coordinator and one of them; the n - t others take no part.
 *
 * <p>Presigning (message-independent, RFC 9591 section 5.1): each signer commits (two fixed-base
 * multiplications) and sends its 96-byte commitments to the coordinator, which decodes them as
 * they arrive (two subgroup checks each). Online: the coordinator builds the signing package (the
 * commitment list and the message) and sends it to each signer, who decodes it (2t subgroup
 * checks); each signer signs (binding factors, one t-point multi-scalar multiplication for the
 * group commitment, the challenge, its Lagrange coefficient; section 5.2) and sends its 64-byte
 * share; the coordinator decodes the shares, aggregates and verifies the result with
 * BouncyCastle's Ed25519 verifier (section 5.3; shares are checked one by one only when that
 * fails). Every step is timed as the party's own thread CPU; keys come from RFC 9591's trusted
 * dealer (Appendix C).
 */
final class FrostSigning implements SigningScheme {
  @Override
  public String name() {
    return "frost-ed25519";
  }

  @Override
  public String description() {
    return "FROST(Ed25519, SHA-512), RFC 9591: nonce commitments (presignable), then the"
        + " commitment list out and shares back to a coordinator; 64 B Ed25519 signatures";
  }

  /**
   * Each of the t signers decodes the 2t points of the signing package (about 0.1 ms each, their
   * subgroup checks) and computes a t-point multiplication: about 0.2 ms x t^2 in all.
   */
  @Override
  public double estimatedSignCpuSeconds(int threshold, int parties) {
    return 0.2e-3 * threshold * threshold + 1e-3;
  }

  @Override
  public double estimatedSetupCpuSeconds(int threshold, int parties) {
    return 1e-4 * parties;
  }

  @Override
  public int signatureBytes() {
    return FrostSignature.ENCODED_BYTES;
  }

  /** RFC 9591 section 5 and Appendix C: MIN_PARTICIPANTS is at least 2. */
  @Override
  public int minThreshold() {
    return 2;
  }

  /** @throws IllegalArgumentException unless 2 <= t <= n (RFC 9591 signs with t >= 2) */
  @Override
  public SigningCommittee committee(int threshold, int parties, StrongRandom random) {
    try {
      return new Keys(TrustedDealer.deal(threshold, parties, random), parties);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("frost-ed25519: " + e.getMessage(), e);
    }
  }

  /** A plain Ed25519 signature (RFC 8032, BouncyCastle) with one key. */
  @Override
  public SingleKeySigner singleKey(StrongRandom random) {
    byte[] secret = random.nextBytes(Ed25519.SECRET_KEY_SIZE);
    return new SingleKeySigner() {
      @Override
      public String name() {
        return "Ed25519";
      }

      @Override
      public byte[] sign(byte[] message) {
        byte[] sig = new byte[Ed25519.SIGNATURE_SIZE];
        Ed25519.sign(secret, 0, message, 0, message.length, sig, 0);
        return sig;
      }
    };
  }

  private record Keys(TrustedDealer.Dealt dealt, int parties) implements SigningCommittee {
    @Override
    public int threshold() {
      return dealt.publicKeys().minSigners();
    }

    @Override
    public SigningRun sign(byte[] message, StrongRandom random) {
      int t = threshold();
      FrostCoordinator coordinator = new FrostCoordinator(dealt.publicKeys());
      // Presigning: commitments to the coordinator, decoded there as they arrive.
      List<FrostSigner> signers = new ArrayList<>();
      long[] commit = new long[parties];
      List<byte[]> commitWire = new ArrayList<>();
      for (int p = 0; p < t; p++) {
        FrostSigner s = new FrostSigner(dealt.keyPackages().get(p));
        StrongRandom own = random.split();
        long c0 = Workers.callerCpuNanos();
        commitWire.add(s.commit(own).encode());
        commit[p] = Workers.callerCpuNanos() - c0;
        signers.add(s);
      }
      List<SigningCommitments> received = new ArrayList<>();
      List<Message> toCoordinator = new ArrayList<>();
      received.add(SigningCommitments.decode(commitWire.get(0))); // its own: no wire, untimed
      for (int p = 1; p < t; p++) {
        long c0 = Workers.callerCpuNanos();
        received.add(SigningCommitments.decode(commitWire.get(p)));
        toCoordinator.add(new Message(p, 0, commitWire.get(p).length,
            Workers.callerCpuNanos() - c0, 1));
      }
      // Online 1: the signing package out, decoded by each signer.
      long[] prepare = new long[parties];
      long c0 = Workers.callerCpuNanos();
      SigningPackage pkg = coordinator.signingPackage(received, message);
      byte[] pkgWire = pkg.encode();
      prepare[0] = Workers.callerCpuNanos() - c0;
      List<SigningPackage> decoded = new ArrayList<>();
      decoded.add(pkg); // the coordinator's own signer uses the package it built
      List<Message> packages = new ArrayList<>();
      for (int p = 1; p < t; p++) {
        long d0 = Workers.callerCpuNanos();
        decoded.add(SigningPackage.decode(pkgWire));
        packages.add(new Message(0, p, pkgWire.length, Workers.callerCpuNanos() - d0, 1));
      }
      // Online 2: shares back, decoded by the coordinator.
      long[] sign = new long[parties];
      List<byte[]> shareWire = new ArrayList<>();
      for (int p = 0; p < t; p++) {
        long s0 = Workers.callerCpuNanos();
        shareWire.add(signers.get(p).sign(decoded.get(p)).encode());
        sign[p] = Workers.callerCpuNanos() - s0;
      }
      List<SignatureShare> shares = new ArrayList<>();
      List<Message> toAggregate = new ArrayList<>();
      shares.add(SignatureShare.decode(shareWire.get(0)));
      for (int p = 1; p < t; p++) {
        long d0 = Workers.callerCpuNanos();
        shares.add(SignatureShare.decode(shareWire.get(p)));
        toAggregate.add(new Message(p, 0, shareWire.get(p).length,
            Workers.callerCpuNanos() - d0, 1));
      }
      // Online 3: aggregation and BouncyCastle's verification at the coordinator.
      long[] aggregate = new long[parties];
      long a0 = Workers.callerCpuNanos();
      AggregateResult result = coordinator.aggregate(pkg, shares);
      aggregate[0] = Workers.callerCpuNanos() - a0;
      if (!result.signed()) {
        throw new IllegalStateException("honest FROST shares did not aggregate; bad signers "
            + result.badSigners());
      }
      byte[] signature = result.signature().get().encode();
      if (!Ed25519.verify(signature, 0, dealt.publicKeys().groupPublicKey().encode(), 0, message,
          0, message.length)) {
        throw new IllegalStateException("the FROST aggregate is not an Ed25519 signature");
      }
      return new SigningRun(List.of(Round.of(commit, toCoordinator)),
          List.of(Round.of(prepare, packages), Round.of(sign, toAggregate),
              Round.of(aggregate, List.of())), 0, signature);
    }
  }
}
