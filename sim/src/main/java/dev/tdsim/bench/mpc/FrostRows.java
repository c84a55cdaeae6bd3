package dev.tdsim.bench.mpc;

import dev.tdsim.bench.mpc.RoundSchedule.Message;
import dev.tdsim.bench.mpc.RoundSchedule.Round;
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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * The FROST(Ed25519, SHA-512) signing rows (issue 24 C; {@code crypto.frost}, RFC 9591): the
 * signing set is t parties, party 0 the coordinator and a signer. Round 1: each signer commits
 * (two fixed-base multiplications) and sends its 96-byte commitments to the coordinator, which
 * decodes them (subgroup checks). Round 2: the coordinator sends the signing package (the
 * commitment list and the message) to each signer, who decodes it (2t subgroup checks), computes
 * binding factors, the group commitment (one t-point multi-scalar multiplication), the challenge,
 * its Lagrange coefficient and its share, and sends the 64-byte share back. The coordinator
 * decodes the shares, aggregates and verifies the signature with BouncyCastle's Ed25519 verifier
 * (RFC 9591 section 5.3's optimistic path: shares are checked one by one only if that fails).
 * Every step is measured as the party's own thread CPU; keys come from the trusted dealer
 * (untimed). The n - t parties outside the signing set take no part.
 */
final class FrostRows {
  private FrostRows() {}

  /** The extended rows' party counts, t = ceil(2n/3). */
  static final int[] EXTENDED_PARTIES = {21, 50, 100};

  static int extendedThreshold(int n) {
    return (2 * n + 2) / 3;
  }

  /** Row labels in table order. */
  static List<String> planned(MpcSettings s) {
    List<String> rows = new ArrayList<>();
    for (int[] r : PaperFigures.FROST_SIGN_ROWS) {
      rows.add("(" + r[0] + ", " + r[1] + ")");
    }
    if (s.extended()) {
      for (int n : EXTENDED_PARTIES) {
        rows.add("(" + extendedThreshold(n) + ", " + n + ")");
      }
    }
    return rows;
  }

  /** Measures every row through {@code measure} (which writes each to the CSV as it comes). */
  static List<MpcRow> all(MpcSettings s, StrongRandom random,
      Function<Supplier<MpcRow>, MpcRow> measure) {
    String note = "coordinator = signer 0; t signers; " + singleKeyEd25519(random.split());
    // Warm-up, not reported: 40 sessions, so that the JIT has compiled the hashing and BigInteger
    // paths as well as the field arithmetic before the first (smallest) row is timed.
    row(7, 10, 40, s.network(), random.split(), note);
    List<MpcRow> rows = new ArrayList<>();
    for (int[] r : PaperFigures.FROST_SIGN_ROWS) {
      rows.add(measure.apply(() -> row(r[0], r[1], s.reps(), s.network(), random.split(), note)));
    }
    if (s.extended()) {
      for (int n : EXTENDED_PARTIES) {
        int t = extendedThreshold(n);
        rows.add(measure.apply(() -> row(t, n, s.reps(), s.network(), random.split(), note)));
      }
    }
    return rows;
  }

  /**
   * The single-key comparison: BouncyCastle's Ed25519 sign and verify of the same message size,
   * medians of 201 calls each (thread CPU), as the note's text.
   */
  static String singleKeyEd25519(StrongRandom random) {
    byte[] sk = random.nextBytes(Ed25519.SECRET_KEY_SIZE);
    byte[] pk = new byte[Ed25519.PUBLIC_KEY_SIZE];
    Ed25519.generatePublicKey(sk, 0, pk, 0);
    byte[] message = message(0);
    byte[] sig = new byte[Ed25519.SIGNATURE_SIZE];
    int calls = 201;
    long[] sign = new long[calls];
    long[] verify = new long[calls];
    for (int i = -20; i < calls; i++) {
      long c0 = Workers.callerCpuNanos();
      Ed25519.sign(sk, 0, message, 0, message.length, sig, 0);
      long c1 = Workers.callerCpuNanos();
      if (!Ed25519.verify(sig, 0, pk, 0, message, 0, message.length)) {
        throw new IllegalStateException("BouncyCastle's Ed25519 did not verify its signature");
      }
      long c2 = Workers.callerCpuNanos();
      if (i >= 0) {
        sign[i] = c1 - c0;
        verify[i] = c2 - c1;
      }
    }
    Arrays.sort(sign);
    Arrays.sort(verify);
    return String.format(Locale.ROOT, "single-key Ed25519 (BouncyCastle) same run: sign %.3f ms,"
        + " verify %.3f ms (median of %d, thread CPU)", sign[calls / 2] / 1e6,
        verify[calls / 2] / 1e6, calls);
  }

  private static byte[] message(int rep) {
    return ("tdsim mpc bench, block " + rep).getBytes(StandardCharsets.UTF_8);
  }

  /** One (t, n) row: {@code reps} signing sessions, the median latency. */
  static MpcRow row(int t, int n, int reps, MpcNetwork network, StrongRandom random,
      String note) {
    TrustedDealer.Dealt keys = TrustedDealer.deal(t, n, random);
    FrostCoordinator coordinator = new FrostCoordinator(keys.publicKeys());
    long[] latency = new long[reps];
    long[] compute = new long[reps];
    long bytes = 0;
    for (int rep = 0; rep < reps; rep++) {
      List<Round> rounds = session(keys, coordinator, t, message(rep), random);
      RoundSchedule.Result r = RoundSchedule.run(t, rounds, network);
      latency[rep] = r.latencyNanos();
      compute[rep] = RoundSchedule.run(t, rounds, MpcTable.IDEAL).latencyNanos();
      bytes = r.bytes();
    }
    return MpcTable.row(MpcFunction.FROST_SIGN, "frost-ed25519", t, n, n, 2, latency, compute,
        FrostSignature.ENCODED_BYTES, bytes, -1, PaperFigures.frostSign(t, n), note);
  }

  /** One signing session by signers 1..t, measured, as the schedule's four steps. */
  private static List<Round> session(TrustedDealer.Dealt keys, FrostCoordinator coordinator,
      int t, byte[] message, StrongRandom random) {
    List<FrostSigner> signers = new ArrayList<>();
    long[] commit = new long[t];
    List<byte[]> commitWire = new ArrayList<>();
    for (int p = 0; p < t; p++) {
      FrostSigner s = new FrostSigner(keys.keyPackages().get(p));
      StrongRandom own = random.split();
      long c0 = Workers.callerCpuNanos();
      byte[] wire = s.commit(own).encode();
      commit[p] = Workers.callerCpuNanos() - c0;
      signers.add(s);
      commitWire.add(wire);
    }
    List<SigningCommitments> received = new ArrayList<>();
    List<Message> toCoordinator = new ArrayList<>();
    received.add(SigningCommitments.decode(commitWire.get(0)));
    for (int p = 1; p < t; p++) {
      long c0 = Workers.callerCpuNanos();
      received.add(SigningCommitments.decode(commitWire.get(p)));
      long decode = Workers.callerCpuNanos() - c0;
      toCoordinator.add(new Message(p, 0, commitWire.get(p).length, decode, 1));
    }
    long c0 = Workers.callerCpuNanos();
    SigningPackage pkg = coordinator.signingPackage(received, message);
    byte[] pkgWire = pkg.encode();
    long[] prepare = new long[t];
    prepare[0] = Workers.callerCpuNanos() - c0;
    List<Message> packages = new ArrayList<>();
    List<SigningPackage> decodedPkg = new ArrayList<>();
    decodedPkg.add(pkg); // the coordinator's own signer uses the package it built
    for (int p = 1; p < t; p++) {
      long d0 = Workers.callerCpuNanos();
      decodedPkg.add(SigningPackage.decode(pkgWire));
      long decode = Workers.callerCpuNanos() - d0;
      packages.add(new Message(0, p, pkgWire.length, decode, 1));
    }
    long[] sign = new long[t];
    List<byte[]> shareWire = new ArrayList<>();
    for (int p = 0; p < t; p++) {
      long s0 = Workers.callerCpuNanos();
      shareWire.add(signers.get(p).sign(decodedPkg.get(p)).encode());
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
    long a0 = Workers.callerCpuNanos();
    AggregateResult result = coordinator.aggregate(pkg, shares);
    long[] aggregate = new long[t];
    aggregate[0] = Workers.callerCpuNanos() - a0;
    if (!result.signed()) {
      throw new IllegalStateException("honest FROST shares did not aggregate; bad signers "
          + result.badSigners());
    }
    byte[] sig = result.signature().get().encode();
    if (!Ed25519.verify(sig, 0, keys.publicKeys().groupPublicKey().encode(), 0, message, 0,
        message.length)) {
      throw new IllegalStateException("the aggregate is not an Ed25519 signature");
    }
    return List.of(Round.of(commit, toCoordinator), Round.of(prepare, packages),
        Round.of(sign, toAggregate), Round.of(aggregate, List.of()));
  }
}
