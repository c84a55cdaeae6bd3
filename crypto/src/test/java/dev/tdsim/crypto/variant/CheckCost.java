package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.tpke.Tpke;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Not a test (surefire does not pick it up): what the validity check, the combined-result check,
 * and blame with reshare cost, as fractions of block_propose measured in the same run. Prints a
 * Markdown table of medians of CPU time summed over the threads each phase ran on (steadier than
 * wall time on a shared machine). From the worktree root:
 *
 * <pre>
 *   mvn -B -q -o -pl crypto test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 *   java -cp crypto/target/classes:crypto/target/test-classes:$(cat /tmp/cp.txt) \
 *       dev.tdsim.crypto.variant.CheckCost [validators] [shares] [messages] [reps] [threads] [variants]
 * </pre>
 *
 * Defaults: 16 validators, 512 shares, 64 messages of 256 B, 3 reps, 2 threads, every variant.
 * Each rep runs block_propose on a fresh proposer (prepare_combine included, as {@code tdsim
 * bench} does): once with honest shares, once with one well-formed wrong share (validator 5
 * sends validator 6's shares, so every message fails its check; reshared shares are made before
 * the call so that their creation, the validators' work, is not timed), and once with validator
 * 5's share of message 0 alone wrong (its share of message 1), so that one message fails. The
 * last columns say how the faulty blocks ended (status, validators named); for the GT family
 * that is each validator's own check against its blinded share ({@link GtShare#check}).
 */
public final class CheckCost {
  private CheckCost() {}

  public static void main(String[] args) {
    int validators = args.length > 0 ? Integer.parseInt(args[0]) : 16;
    int shares = args.length > 1 ? Integer.parseInt(args[1]) : 512;
    int messages = args.length > 2 ? Integer.parseInt(args[2]) : 64;
    int reps = args.length > 3 ? Integer.parseInt(args[3]) : 3;
    int threads = args.length > 4 ? Integer.parseInt(args[4]) : 2;
    List<String> names = args.length > 5 ? List.of(args[5].split(",")) : Variants.names();
    Workers workers = Workers.of(threads);
    KeySet keys = KeySet.deal(Committee.equal(shares, Committee.defaultThreshold(shares),
        validators), SeededDrbg.of(1, "test", 0), workers);
    System.out.printf(Locale.ROOT, "V=%d N=%d t=%d m=%d reps=%d threads=%d%n", validators, shares,
        keys.committee().threshold(), messages, reps, threads);
    System.out.println("| variant | block_propose CPU ms | validity | check | check+validity"
        + " | one bad share: block_propose CPU ms | ratio to honest | blame phase"
        + " | bad in one message: ratio | blame phase | outcome |");
    System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
    for (String name : names) {
      measure(Variants.byName(name), keys, messages, reps, workers);
    }
  }

  private static <S> void measure(
      CombineVariant<S> v, KeySet keys, int messages, int reps, Workers workers) {
    StrongRandom random = SeededDrbg.of(7, "test", 0);
    variantTables(v, keys);
    List<Ciphertext> cts = new ArrayList<>();
    for (int j = 0; j < messages; j++) {
      byte[] msg = new byte[256];
      random.nextBytes(msg);
      cts.add(Tpke.encrypt(keys.publicKey(), msg, v.secretGroup(), random));
    }
    SignerSet all = SignerSet.all(keys.committee());
    Map<Integer, List<byte[]>> honest = shares(v, keys, all, cts, workers);
    Map<Integer, List<byte[]>> bad = new LinkedHashMap<>(honest);
    bad.put(5, honest.get(6));
    Map<Integer, List<byte[]>> badOne = new LinkedHashMap<>(honest);
    List<byte[]> fiveOne = new ArrayList<>(honest.get(5));
    fiveOne.set(0, honest.get(5).get(1));
    badOne.put(5, fiveOne);
    Map<SignerSet, Map<Integer, List<byte[]>>> reshared = new HashMap<>();
    if (v.sharesDependOnSigners()) {
      SignerSet without5 = all.without(List.of(5));
      reshared.put(without5, shares(v, keys, without5, cts, workers));
    }
    BlockProposer.Reshare reshare = s -> reshared.get(s);

    new BlockProposer<>(v, keys, workers).propose(cts, honest, all, reshare, random); // warm-up
    long[] total = new long[reps];
    long[] validity = new long[reps];
    long[] check = new long[reps];
    long[] faultyTotal = new long[reps];
    long[] blame = new long[reps];
    long[] oneTotal = new long[reps];
    long[] oneBlame = new long[reps];
    String outcome = "";
    for (int r = 0; r < reps; r++) {
      BlockResult ok = new BlockProposer<>(v, keys, workers)
          .propose(cts, honest, all, reshare, random);
      require(ok.openedCount() == messages && ok.faultyValidators().isEmpty(), v, ok);
      total[r] = ok.cpu().totalNanos();
      validity[r] = ok.cpu().validityNanos();
      check[r] = ok.cpu().checkNanos();
      BlockResult withBad = new BlockProposer<>(v, keys, workers)
          .propose(cts, bad, all, reshare, random);
      faultyTotal[r] = withBad.cpu().totalNanos();
      blame[r] = withBad.cpu().blameNanos();
      BlockResult withOne = new BlockProposer<>(v, keys, workers)
          .propose(cts, badOne, all, reshare, random);
      oneTotal[r] = withOne.cpu().totalNanos();
      oneBlame[r] = withOne.cpu().blameNanos();
      outcome = withBad.status() + " " + withBad.faultyValidators().keySet() + " "
          + withBad.openedCount() + "/" + messages + "; " + withOne.status() + " "
          + withOne.faultyValidators().keySet() + " " + withOne.openedCount() + "/" + messages;
    }
    double t = median(total);
    System.out.printf(Locale.ROOT,
        "| %s | %.1f | %.4f | %.4f | %.4f | %.1f | %.2f | %.4f | %.2f | %.4f | %s |%n",
        v.name(), t / 1e6, median(validity) / t, median(check) / t,
        (median(validity) + median(check)) / t, median(faultyTotal) / 1e6,
        median(faultyTotal) / t, median(blame) / t, median(oneTotal) / t, median(oneBlame) / t,
        outcome);
  }

  private static void variantTables(CombineVariant<?> v, KeySet keys) {
    v.prepareKeyTables(keys);
  }

  private static void require(boolean ok, CombineVariant<?> v, BlockResult r) {
    if (!ok) {
      throw new IllegalStateException(v.name() + ": honest block did not open: " + r);
    }
  }

  private static Map<Integer, List<byte[]>> shares(CombineVariant<?> v, KeySet keys,
      SignerSet signers, List<Ciphertext> cts, Workers workers) {
    List<List<byte[]>> made = workers.map(signers.size(), pos -> {
      CombineVariant.ShareMaker maker = v.shareMaker(keys, signers.validator(pos), signers);
      return cts.stream().map(maker::create).toList();
    });
    Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
    for (int pos = 0; pos < signers.size(); pos++) {
      out.put(signers.validator(pos), made.get(pos));
    }
    return out;
  }

  private static double median(long[] xs) {
    long[] s = xs.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }
}
