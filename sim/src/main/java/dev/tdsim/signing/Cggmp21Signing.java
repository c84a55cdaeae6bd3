package dev.tdsim.signing;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.cggmp21.EcdsaSignature;
import dev.tdsim.crypto.cggmp21.KeyGen;
import dev.tdsim.crypto.cggmp21.KeyShare;
import dev.tdsim.crypto.cggmp21.PresignMessages;
import dev.tdsim.crypto.cggmp21.PresignParty;
import dev.tdsim.crypto.cggmp21.Presignature;
import dev.tdsim.crypto.cggmp21.Secp256k1;
import dev.tdsim.crypto.cggmp21.SecurityParams;
import dev.tdsim.crypto.cggmp21.Signing;
import dev.tdsim.crypto.cggmp21.Signing.SignatureShare;
import dev.tdsim.crypto.cggmp21.paillier.PaillierSecretKey;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.signing.RoundSchedule.Message;
import dev.tdsim.signing.RoundSchedule.Round;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.crypto.digests.SHA256Digest;

/**
 * CGGMP21 threshold ECDSA on secp256k1 ({@code crypto.cggmp21}; docs/CRYPTO.md "CGGMP21") as a
 * signing scheme: the first t parties presign in three all-to-all rounds (every Pi-enc, Pi-aff-g
 * and Pi-log* proof made and checked, round 1 echoed in round 2) and finish their
 * presignatures, which needs no message; then each signs its sigma share of SHA-256(message) and
 * sends it to party 0, which combines and verifies the 65-byte signature. Each party's thread CPU
 * per step is measured; a step includes checking the messages of the round before, so a message
 * costs its receiver nothing more. Keys: the t-of-n key generation with each party's Paillier
 * key ({@link SecurityParams#PAPER}: 2048-bit moduli), its aux-info proofs not checked (setup).
 */
final class Cggmp21Signing implements SigningScheme {
  static final String NAME = "cggmp21-ecdsa";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "CGGMP21 threshold ECDSA on secp256k1 (2048-bit Paillier): three presigning rounds"
        + " (presignable), then sigma shares to a combiner; 65 B signatures";
  }

  /**
   * Presigning: each of the t signers spends about 0.37 s per other signer (about 130 2048- and
   * 4096-bit exponentiations, docs/PERFORMANCE.md "CGGMP21 signing"), t (t - 1) x 0.37 s in all;
   * the online round is negligible beside it.
   */
  @Override
  public double estimatedSignCpuSeconds(int threshold, int parties) {
    return 0.37 * threshold * (threshold - 1);
  }

  /** A 2048-bit Paillier key per party, about 1.7 s each. */
  @Override
  public double estimatedSetupCpuSeconds(int threshold, int parties) {
    return 1.7 * parties;
  }

  @Override
  public int signatureBytes() {
    return EcdsaSignature.BYTES;
  }

  @Override
  public int minThreshold() {
    return 2;
  }

  @Override
  public SigningCommittee committee(int threshold, int parties, StrongRandom random) {
    List<PaillierSecretKey> keys = new ArrayList<>();
    for (int i = 0; i < parties; i++) {
      keys.add(PaillierSecretKey.generate(SecurityParams.PAPER.paillierBits(), random));
    }
    return committee(threshold, parties, SecurityParams.PAPER, keys, random);
  }

  /**
   * Keys for t of n from given Paillier keys (party i: {@code paillier.get(i)}), under {@code
   * params}: the bench shares one set of Paillier keys between its rows, tests use small ones.
   */
  static SigningCommittee committee(int threshold, int parties, SecurityParams params,
      List<PaillierSecretKey> paillier, StrongRandom random) {
    if (threshold < 2 || threshold > parties) {
      throw new IllegalArgumentException("cggmp21 needs 2 <= t <= n, got t = " + threshold
          + ", n = " + parties);
    }
    List<KeyShare> keys = KeyGen.run(parties, threshold, params,
        ("tdsim cggmp21 keygen " + threshold + "," + parties).getBytes(StandardCharsets.UTF_8),
        paillier, false, random.split());
    return new Keys(keys, threshold, parties);
  }

  /** A plain BouncyCastle ECDSA signature of SHA-256(message) (RFC 6979 nonces): r || s. */
  @Override
  public SingleKeySigner singleKey(StrongRandom random) {
    BigInteger d = new BigInteger(1, random.nextBytes(32)).mod(
        Secp256k1.Q.subtract(BigInteger.ONE)).add(BigInteger.ONE);
    ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
    signer.init(true, new ECPrivateKeyParameters(d, Secp256k1.DOMAIN));
    return new SingleKeySigner() {
      @Override
      public String name() {
        return "ECDSA secp256k1 (BouncyCastle)";
      }

      @Override
      public byte[] sign(byte[] message) {
        BigInteger[] rs = signer.generateSignature(sha256(message));
        byte[] out = new byte[2 * Secp256k1.SCALAR_BYTES];
        copyScalar(rs[0], out, 0);
        copyScalar(rs[1], out, Secp256k1.SCALAR_BYTES);
        return out;
      }
    };
  }

  private static void copyScalar(BigInteger v, byte[] out, int offset) {
    byte[] b = v.toByteArray();
    int from = Math.max(0, b.length - Secp256k1.SCALAR_BYTES);
    int len = b.length - from;
    System.arraycopy(b, from, out, offset + Secp256k1.SCALAR_BYTES - len, len);
  }

  static byte[] sha256(byte[] message) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(message);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }

  /** How a round's messages read: sender, receiver, bytes on the wire. */
  private record Wire<M>(ToIntFunction<M> from, ToIntFunction<M> to, ToLongFunction<M> bytes) {}

  private static final Wire<PresignMessages.Round1> ROUND1 = new Wire<>(
      PresignMessages.Round1::from, PresignMessages.Round1::to, PresignMessages.Round1::wireBytes);
  private static final Wire<PresignMessages.Round2> ROUND2 = new Wire<>(
      PresignMessages.Round2::from, PresignMessages.Round2::to, PresignMessages.Round2::wireBytes);
  private static final Wire<PresignMessages.Round3> ROUND3 = new Wire<>(
      PresignMessages.Round3::from, PresignMessages.Round3::to, PresignMessages.Round3::wireBytes);

  /**
   * The session id of the committee's {@code presigning}-th presigning (counted from 0), by
   * {@code signers}, for {@code message}. The count is what makes it unique: the message alone
   * repeats when the same message is signed twice (audit F6: a round-1 message replayed from the
   * earlier presigning then verified, and two honest signers blamed each other in round 3); every
   * signer counts the committee's presignings alike, so they agree on it without a message.
   */
  static byte[] presignSessionId(long presigning, int[] signers, byte[] message) {
    return ("tdsim cggmp21 presign #" + presigning + " signers " + java.util.Arrays.toString(
        signers) + " message " + java.util.HexFormat.of().formatHex(sha256(message)))
        .getBytes(StandardCharsets.UTF_8);
  }

  /** The committee's keys and its count of presignings (mutable: one sign after another). */
  static final class Keys implements SigningCommittee {
    private final List<KeyShare> keys;
    private final int threshold;
    private final int parties;
    private final java.util.concurrent.atomic.AtomicLong presignings =
        new java.util.concurrent.atomic.AtomicLong();

    Keys(List<KeyShare> keys, int threshold, int parties) {
      this.keys = List.copyOf(keys);
      this.threshold = threshold;
      this.parties = parties;
    }

    @Override
    public int threshold() {
      return threshold;
    }

    @Override
    public int parties() {
      return parties;
    }

    List<KeyShare> keys() {
      return keys;
    }

    /** The first t parties: the signing set of every signature here. */
    int[] signers() {
      int[] signers = new int[threshold];
      for (int i = 0; i < threshold; i++) {
        signers[i] = i;
      }
      return signers;
    }

    /** The session id of the next presigning: unique per presigning, not per message. */
    byte[] nextPresignSessionId(byte[] message) {
      return presignSessionId(presignings.getAndIncrement(), signers(), message);
    }

    @Override
    public SigningRun sign(byte[] message, StrongRandom random) {
      int t = threshold;
      int[] signers = signers();
      byte[] sid = nextPresignSessionId(message);
      List<PresignParty> ps = new ArrayList<>();
      for (int p : signers) {
        ps.add(new PresignParty(keys.get(p), signers, sid, random.split()));
      }
      List<Round> presign = new ArrayList<>();
      List<PresignMessages.Round1> r1 = step(ps, (p, in) -> p.round1(), List.of(),
          ROUND1.to(), ROUND1, presign);
      List<PresignMessages.Round2> r2 = step(ps, PresignParty::round2, r1, ROUND1.to(), ROUND2,
          presign);
      List<PresignMessages.Round3> r3 = step(ps, PresignParty::round3, r2, ROUND2.to(), ROUND3,
          presign);
      long[] finish = new long[parties];
      List<Presignature> pre = new ArrayList<>();
      for (int p = 0; p < t; p++) {
        int me = p;
        List<PresignMessages.Round3> mine = r3.stream().filter(m -> m.to() == me).toList();
        long c0 = Workers.callerCpuNanos();
        pre.add(ps.get(p).finish(mine));
        finish[p] = Workers.callerCpuNanos() - c0;
      }
      presign.add(Round.of(finish, List.of()));
      // online: sigma shares of the message's hash to party 0, combined and verified there
      byte[] hash = sha256(message);
      long[] shareCpu = new long[parties];
      List<SignatureShare> shares = new ArrayList<>();
      List<Message> messages = new ArrayList<>();
      for (int p = 0; p < t; p++) {
        long c0 = Workers.callerCpuNanos();
        shares.add(Signing.share(pre.get(p), hash));
        shareCpu[p] = Workers.callerCpuNanos() - c0;
        if (p != 0) {
          messages.add(new Message(p, 0, SignatureShare.WIRE_BYTES, 0, 1));
        }
      }
      long c0 = Workers.callerCpuNanos();
      EcdsaSignature sig = Signing.combine(pre.get(0), hash, shares);
      long[] last = new long[parties];
      last[0] = Workers.callerCpuNanos() - c0;
      if (!sig.verify(pre.get(0).publicKey(), hash)) {
        throw new IllegalStateException("the CGGMP21 signature does not verify");
      }
      return new SigningRun(presign, List.of(Round.of(shareCpu, messages),
          Round.of(last, List.of())), 0, sig.toBytes());
    }

    /** One presigning step of every signer: measured, its messages recorded as one round. */
    private <I, O> List<O> step(List<PresignParty> ps, BiFunction<PresignParty, List<I>, List<O>>
        stepOf, List<I> in, ToIntFunction<I> inTo, Wire<O> wire, List<Round> rounds) {
      long[] cpu = new long[parties];
      List<O> out = new ArrayList<>();
      for (int p = 0; p < ps.size(); p++) {
        int me = p;
        List<I> mine = in.stream().filter(m -> inTo.applyAsInt(m) == me).toList();
        long c0 = Workers.callerCpuNanos();
        List<O> sent = stepOf.apply(ps.get(p), mine);
        cpu[p] = Workers.callerCpuNanos() - c0;
        out.addAll(sent);
      }
      List<Message> messages = new ArrayList<>();
      for (O m : out) {
        messages.add(new Message(wire.from().applyAsInt(m), wire.to().applyAsInt(m),
            wire.bytes().applyAsLong(m), 0, 1));
      }
      rounds.add(Round.of(cpu, messages));
      return out;
    }
  }
}
