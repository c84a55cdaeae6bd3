package dev.tdsim.crypto.cggmp21;

import dev.tdsim.crypto.cggmp21.PresignMessages.Round1;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round2;
import dev.tdsim.crypto.cggmp21.PresignMessages.Round3;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.random.SeededDrbg;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

/** Runs key generation and presigning among parties in one JVM, with optional tampering. */
final class PresignHarness {
  private PresignHarness() {}

  private static final Map<String, List<KeyShare>> KEYS = new ConcurrentHashMap<>();

  /** Verified t-of-n key shares on the fixture's Paillier keys (cached per (t, n)). */
  static List<KeyShare> keys(int t, int n) {
    return KEYS.computeIfAbsent(t + "," + n, key -> {
      List<PaillierSecretKey> paillier = IntStream.range(0, n).mapToObj(Cggmp21Fixture::key)
          .toList();
      return KeyGen.run(n, t, SecurityParams.TEST, bytes("keygen " + key), paillier, true,
          SeededDrbg.of(24, "cggmp21.test.keygen", n));
    });
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Per-round tampering of messages in flight (identity for an honest run). */
  record Tamper(UnaryOperator<Round1> r1, UnaryOperator<Round2> r2, UnaryOperator<Round3> r3) {
    static final Tamper NONE = new Tamper(m -> m, m -> m, m -> m);
  }

  /** Every signer's presignature, by party. */
  static Map<Integer, Presignature> presign(List<KeyShare> keys, int[] signers, String session,
      Tamper tamper) {
    return presign(keys, signers, session, parties -> tamper);
  }

  /**
   * As above, with the tampering made from the parties themselves (a malicious party reads its
   * own state, e.g. its γ, to make a proof whose equations hold).
   */
  static Map<Integer, Presignature> presign(List<KeyShare> keys, int[] signers, String session,
      Function<Map<Integer, PresignParty>, Tamper> tamperOf) {
    return presign(keys, signers, session, "presign " + session, tamperOf);
  }

  /** As above, with the parties' randomness labelled apart from the session id. */
  static Map<Integer, Presignature> presign(List<KeyShare> keys, int[] signers, String session,
      String randomness, Function<Map<Integer, PresignParty>, Tamper> tamperOf) {
    Map<Integer, PresignParty> parties = new TreeMap<>();
    for (int p : signers) {
      parties.put(p, new PresignParty(keys.get(p), signers, bytes(session),
          SeededDrbg.of(p, randomness, 0)));
    }
    Tamper tamper = tamperOf.apply(parties);
    List<Round1> r1 = deliver(parties, PresignParty::round1, tamper.r1());
    List<Round2> r2 = deliverEach(parties, r1, Round1::to, PresignParty::round2, tamper.r2());
    List<Round3> r3 = deliverEach(parties, r2, Round2::to, PresignParty::round3, tamper.r3());
    Map<Integer, Presignature> out = new TreeMap<>();
    for (var e : parties.entrySet()) {
      out.put(e.getKey(), e.getValue().finish(r3.stream().filter(m -> m.to() == e.getKey())
          .toList()));
    }
    return out;
  }

  private static <M> List<M> deliver(Map<Integer, PresignParty> parties,
      Function<PresignParty, List<M>> round, UnaryOperator<M> tamper) {
    List<M> out = new ArrayList<>();
    parties.values().forEach(p -> round.apply(p).forEach(m -> out.add(tamper.apply(m))));
    return out;
  }

  private static <I, M> List<M> deliverEach(Map<Integer, PresignParty> parties, List<I> in,
      java.util.function.ToIntFunction<I> to,
      java.util.function.BiFunction<PresignParty, List<I>, List<M>> round,
      UnaryOperator<M> tamper) {
    List<M> out = new ArrayList<>();
    for (var e : parties.entrySet()) {
      List<I> mine = in.stream().filter(m -> to.applyAsInt(m) == e.getKey()).toList();
      round.apply(e.getValue(), mine).forEach(m -> out.add(tamper.apply(m)));
    }
    return out;
  }
}
