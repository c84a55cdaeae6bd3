package dev.tdsim.bench.mpc;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.signing.RoundSchedule;
import dev.tdsim.signing.RoundSchedule.Round;
import dev.tdsim.signing.SigningCommittee;
import dev.tdsim.signing.SigningSchemes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bouncycastle.math.ec.rfc8032.Ed25519;

/**
 * The FROST(Ed25519, SHA-512) signing rows (issue 24 C): the {@code frost-ed25519} signing
 * scheme's real run (dev.tdsim.signing.FrostSigning: nonce commitments to the coordinator, the
 * signing package out, shares back, aggregation and BouncyCastle's verification, each party's
 * step timed) put on the MPC table's network, every round on the message's path. The note gives
 * BouncyCastle's single-key Ed25519 sign and verify from the same run.
 */
final class FrostRows {
  private FrostRows() {}

  private static final String PROTOCOL = "frost-ed25519";

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
    SigningCommittee keys = SigningSchemes.byName(PROTOCOL).committee(t, n, random);
    long[] latency = new long[reps];
    long[] compute = new long[reps];
    long bytes = 0;
    for (int rep = 0; rep < reps; rep++) {
      // Every round on the message's path: commitments are made when the message is known.
      List<Round> rounds = keys.sign(message(rep), random).allRounds();
      RoundSchedule.Result r = RoundSchedule.run(n, rounds, network);
      latency[rep] = r.latencyNanos();
      compute[rep] = RoundSchedule.run(n, rounds, MpcTable.IDEAL).latencyNanos();
      bytes = r.bytes();
    }
    return MpcTable.row(MpcFunction.FROST_SIGN, PROTOCOL, t, n, n, 2, latency, compute,
        SigningSchemes.byName(PROTOCOL).signatureBytes(), bytes, -1,
        PaperFigures.frostSign(t, n), note);
  }
}
