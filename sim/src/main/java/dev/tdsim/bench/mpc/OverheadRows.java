package dev.tdsim.bench.mpc;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.signing.RoundSchedule;
import dev.tdsim.signing.RoundSchedule.Round;
import dev.tdsim.signing.SigningCommittee;
import dev.tdsim.signing.SigningRun;
import dev.tdsim.signing.SigningScheme;
import dev.tdsim.signing.SigningSchemes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The paper's overhead table (issue 24 C): for every signing scheme, its single-key signature
 * (BLS, Ed25519, ECDSA: the scheme's {@link SigningScheme#singleKey}, median thread CPU of {@value
 * #SINGLE_CALLS} calls after a warm-up) against its threshold signing at the row the paper
 * compares ((4, 5) for BLS, (3, 5) otherwise), the real protocol on the bench's network; the
 * overhead is the one over the other, as the paper divides them.
 */
final class OverheadRows {
  private OverheadRows() {}

  static final int SINGLE_CALLS = 201;
  /** Enough calls for the JIT's optimising compiler to have compiled the signer's paths. */
  static final int WARM_UP_CALLS = 3000;

  /** Row labels in table order: one per registered scheme. */
  static List<String> planned() {
    List<String> rows = new ArrayList<>();
    for (String name : SigningSchemes.names()) {
      int[] tn = compared(name);
      rows.add(name + " (" + tn[0] + ", " + tn[1] + ")");
    }
    return rows;
  }

  static List<MpcRow> all(MpcSettings s, StrongRandom random,
      Function<Supplier<MpcRow>, MpcRow> measure) {
    List<MpcRow> rows = new ArrayList<>();
    for (String name : SigningSchemes.names()) {
      rows.add(measure.apply(() -> row(name, s.reps(), s.network(), random.split())));
    }
    return rows;
  }

  /** The (t, n) the paper compares a scheme's single-key signature with; (3, 5) if untabled. */
  private static int[] compared(String scheme) {
    return PaperFigures.overhead(scheme).map(o -> new int[] {o.threshold(), o.parties()})
        .orElse(new int[] {3, 5});
  }

  static MpcRow row(String name, int reps, MpcNetwork network, StrongRandom random) {
    SigningScheme scheme = SigningSchemes.byName(name);
    Optional<PaperFigures.Overhead> paper = PaperFigures.overhead(name);
    int[] tn = compared(name);
    SigningScheme.SingleKeySigner alone = scheme.singleKey(random.split());
    long single = singleKeyNanos(alone);
    SigningCommittee keys = scheme.committee(tn[0], tn[1], random.split());
    // warm-up, not reported: 40 sessions or 2 s, whichever comes first (the JIT compiles the
    // hashing and arithmetic paths; a CGGMP21 presigning takes long enough on its own)
    long warmEnd = System.nanoTime() + 2_000_000_000L;
    for (int i = 0; i < 40 && System.nanoTime() < warmEnd; i++) {
      keys.sign(message(-1 - i), random.split());
    }
    long[] latency = new long[reps];
    long[] compute = new long[reps];
    long[] online = new long[reps];
    long bytes = 0;
    int rounds = 0;
    for (int rep = 0; rep < reps; rep++) {
      SigningRun run = keys.sign(message(rep), random.split());
      List<Round> all = run.allRounds();
      RoundSchedule.Result r = RoundSchedule.run(tn[1], all, network);
      latency[rep] = r.endNanos()[run.coordinator()];
      compute[rep] = RoundSchedule.run(tn[1], all, MpcTable.IDEAL).endNanos()[run.coordinator()];
      online[rep] = RoundSchedule.run(tn[1], run.online(), network).endNanos()[run.coordinator()];
      bytes = r.bytes();
      rounds = (int) all.stream().filter(x -> !x.messages().isEmpty()).count();
    }
    return MpcTable.row(MpcFunction.SIGN_OVERHEAD, name, tn[0], tn[1], tn[1], rounds, latency,
        compute, scheme.signatureBytes(), bytes, -1,
        paper.map(o -> new PaperFigures.Figure(o.mpcMillis(), scheme.signatureBytes(), 0)),
        paper.map(o -> String.format(Locale.ROOT, "single-key %s: paper %.0f us, overhead %.0fx",
            o.singleKey(), o.singleKeyMicros(), o.factor())).orElse("not in the paper's table"))
        .withSingleKey("; tdsim's single-key " + alone.name() + onlineWords(online, single),
            single);
  }

  /** The latency with the message-independent rounds done ahead, and its overhead. */
  private static String onlineWords(long[] online, long single) {
    long[] sorted = online.clone();
    Arrays.sort(sorted);
    long median = sorted[sorted.length / 2];
    return String.format(Locale.ROOT, "; with its message-independent rounds done ahead (start:"
        + " presigned): %s, %.1fx", MpcTable.time(median), (double) median / single);
  }

  private static long singleKeyNanos(SigningScheme.SingleKeySigner signer) {
    byte[] message = message(0);
    for (int i = 0; i < WARM_UP_CALLS; i++) {
      signer.sign(message);
    }
    long[] took = new long[SINGLE_CALLS];
    for (int i = 0; i < SINGLE_CALLS; i++) {
      long c0 = Workers.callerCpuNanos();
      signer.sign(message);
      took[i] = Workers.callerCpuNanos() - c0;
    }
    Arrays.sort(took);
    return took[SINGLE_CALLS / 2];
  }

  private static byte[] message(int rep) {
    return ("tdsim mpc bench, block " + rep).getBytes(StandardCharsets.UTF_8);
  }
}
