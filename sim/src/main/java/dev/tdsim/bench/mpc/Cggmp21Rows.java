package dev.tdsim.bench.mpc;

import dev.tdsim.signing.RoundSchedule;
import dev.tdsim.signing.RoundSchedule.Round;
import dev.tdsim.signing.SigningCommittee;
import dev.tdsim.signing.SigningRun;
import dev.tdsim.signing.SigningScheme;
import dev.tdsim.signing.SigningSchemes;
import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.cggmp21.EcdsaSignature;
import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.random.StrongRandom;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The CGGMP21 threshold ECDSA rows (issue 24 C): the real protocol ({@code crypto/cggmp21};
 * in the bench 2048-bit Paillier moduli and the paper's ℓ, ε, ℓ') among the t signers {0, ..., t - 1} of a t-of-n
 * key. Each signer's thread CPU per step is measured ({@link Workers#callerCpuNanos}); a step
 * includes checking the messages of the round before, so messages cost their receiver nothing
 * more. Presigning (3 rounds, all-to-all, every proof made and checked) and the online signing (σ
 * shares to the combiner, signer 0, which combines and verifies with BouncyCastle) are separate
 * rows; a third row is one plain single-key ECDSA signature with BouncyCastle in the same run.
 * Key generation runs first, unmeasured, without checking the Pi-mod/Pi-prm proofs (setup only).
 */
final class Cggmp21Rows {
  private Cggmp21Rows() {}

  /** The paper's rows (t signers of n). */
  static final int[][] PAPER_ROWS = {{2, 3}, {3, 5}, {7, 10}};
  /** The larger rows of "--mpc-rows all" (t = about 2n/3 signers, as the DKG's (15, 21)). */
  static final int[][] EXTENDED_ROWS = {{15, 21}};

  /** Paillier keys generated once per bench run and shared by its rows (party i: key i). */
  static final class KeyPool {
    private final List<PaillierSecretKey> keys = new ArrayList<>();
    private final SecurityParams params;
    private final StrongRandom random;

    /** Keys for {@code params}: the paper's in the bench, {@link SecurityParams#TEST} in tests. */
    KeyPool(SecurityParams params, StrongRandom random) {
      this.params = params;
      this.random = random;
    }

    List<PaillierSecretKey> first(int n) {
      while (keys.size() < n) {
        keys.add(PaillierSecretKey.generate(params.paillierBits(), random));
      }
      return List.copyOf(keys.subList(0, n));
    }
  }

  /** Presigning and signing rows of one (t, n): the {@code cggmp21-ecdsa} scheme's rounds. */
  static List<MpcRow> run(int t, int n, int reps, MpcNetwork network, KeyPool pool,
      StrongRandom random) {
    SigningCommittee keys = SigningSchemes.cggmp21(t, n, pool.params, pool.first(n),
        random.split());
    long[][] latency = new long[2][reps];
    long[][] compute = new long[2][reps];
    long[] bytes = new long[2];
    for (int rep = 0; rep < reps; rep++) {
      SigningRun run = keys.sign(("tdsim cggmp21 bench, block " + rep).getBytes(
          StandardCharsets.UTF_8), random.split());
      record(0, rep, n, run.presign(), network, latency, compute, bytes);
      record(1, rep, n, run.online(), network, latency, compute, bytes);
    }
    SecurityParams sp = pool.params;
    String note = "t-of-n key, signers 0..t-1; N of " + sp.paillierBits() + " bits, ℓ = "
        + sp.ell() + ", ε = " + sp.epsilon() + ", ℓ' = " + sp.ellPrime()
        + "; every proof made and checked; round 1 echoed in round 2";
    return List.of(
        MpcTable.row(MpcFunction.CGGMP21_SIGN, "cggmp21-presign", t, n, n, 3, latency[0],
            compute[0], EcdsaSignature.BYTES, bytes[0], -1, PaperFigures.cggmp21Sign(t, n),
            note),
        MpcTable.row(MpcFunction.CGGMP21_SIGN, "cggmp21-sign", t, n, n, 1, latency[1],
            compute[1], EcdsaSignature.BYTES, bytes[1], -1, PaperFigures.cggmp21Sign(t, n),
            "online signing from a presignature: σ shares to signer 0, which combines and"
                + " verifies (BouncyCastle)"));
  }

  private static void record(int row, int rep, int parties, List<Round> rounds,
      MpcNetwork network, long[][] latency, long[][] compute, long[] bytes) {
    RoundSchedule.Result r = RoundSchedule.run(parties, rounds, network);
    latency[row][rep] = r.latencyNanos();
    compute[row][rep] = RoundSchedule.run(parties, rounds, MpcTable.IDEAL).latencyNanos();
    bytes[row] = r.bytes();
  }

  /**
   * Plain single-key ECDSA signing with BouncyCastle (the {@code cggmp21-ecdsa} scheme's single
   * key: RFC 6979 nonces, SHA-256 of a short message), the paper's 18 µs reference: the median
   * thread CPU of {@code signatures} signatures, as a row.
   */
  static MpcRow plainEcdsa(int signatures, StrongRandom random) {
    SigningScheme.SingleKeySigner signer = SigningSchemes.byName("cggmp21-ecdsa")
        .singleKey(random);
    long[] cpu = new long[signatures];
    for (int i = 0; i < signatures; i++) {
      byte[] message = ("plain ecdsa " + i).getBytes(StandardCharsets.UTF_8);
      long c0 = Workers.callerCpuNanos();
      signer.sign(message);
      cpu[i] = Workers.callerCpuNanos() - c0;
    }
    return MpcTable.row(MpcFunction.CGGMP21_SIGN, "ecdsa-single-key", 1, 1, 1, 0, cpu, cpu, 64,
        0, -1, PaperFigures.cggmp21Sign(1, 1), "one BouncyCastle ECDSA signature (RFC 6979),"
            + " thread CPU, median of " + signatures + "; no network");
  }
}
