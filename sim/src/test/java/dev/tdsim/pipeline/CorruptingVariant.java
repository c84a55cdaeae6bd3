package dev.tdsim.pipeline;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.CombineVariant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;

/**
 * A real variant whose combiner gets some shared secrets wrong (one bit flipped), as a buggy
 * combine would: those payloads fail to open, and nothing can be blamed (every share is honest),
 * so block_propose returns them unopened. Which combine calls go wrong is chosen by their index
 * (0, 1, 2, ... in call order; the fixture runs the crypto on one thread, so the order is the
 * block's message order).
 */
final class CorruptingVariant<S> implements CombineVariant<S> {
  private final CombineVariant<S> real;
  private final LongPredicate corruptCall;
  private final AtomicLong calls = new AtomicLong();

  /** Wraps {@code real}; combine call number {@code i} goes wrong when the predicate holds. */
  static <S> CorruptingVariant<S> of(CombineVariant<S> real, LongPredicate corruptCall) {
    return new CorruptingVariant<>(real, corruptCall);
  }

  private CorruptingVariant(CombineVariant<S> real, LongPredicate corruptCall) {
    this.real = real;
    this.corruptCall = corruptCall;
  }

  @Override
  public String name() {
    return real.name();
  }

  @Override
  public dev.tdsim.crypto.variant.ShareWork shareWork() {
    return real.shareWork();
  }

  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return real.shareWireBytes(committee, validator);
  }

  @Override
  public String prepareKeyTables(KeySet keys) {
    return real.prepareKeyTables(keys);
  }

  @Override
  public String description() {
    return "corrupting " + real.description();
  }

  @Override
  public SecretGroup secretGroup() {
    return real.secretGroup();
  }

  @Override
  public boolean sharesDependOnSigners() {
    return real.sharesDependOnSigners();
  }

  @Override
  public boolean parallel() {
    return real.parallel();
  }

  @Override
  public ShareMaker shareMaker(KeySet keys, int validator, SignerSet signers) {
    return real.shareMaker(keys, validator, signers);
  }

  @Override
  public S decodeShare(byte[] encoded) {
    return real.decodeShare(encoded);
  }

  @Override
  public S decodeShare(byte[] encoded, Committee committee, int validator) {
    return real.decodeShare(encoded, committee, validator);
  }

  @Override
  public Combiner<S> prepare(KeySet keys, SignerSet signers, Workers workers) {
    Combiner<S> combiner = real.prepare(keys, signers, workers);
    return new Combiner<>() {
      @Override
      public SignerSet signers() {
        return combiner.signers();
      }

      @Override
      public byte[] combine(Ciphertext ct, List<S> shares) {
        byte[] secret = combiner.combine(ct, shares);
        if (corruptCall.test(calls.getAndIncrement())) {
          secret = secret.clone();
          secret[secret.length - 1] ^= 1;
        }
        return secret;
      }

      @Override
      public List<Integer> verify(List<Ciphertext> cts, List<List<S>> sharesByMessage,
          StrongRandom random) {
        return combiner.verify(cts, sharesByMessage, random);
      }

      @Override
      public boolean verifiesShares() {
        return combiner.verifiesShares();
      }

      @Override
      public List<Integer> blame(List<Ciphertext> cts, List<List<S>> sharesByMessage,
          StrongRandom random) {
        return combiner.blame(cts, sharesByMessage, random);
      }

      @Override
      public void kernel(Ciphertext ct, List<S> shares) {
        combiner.kernel(ct, shares);
      }
    };
  }

  long combineCalls() {
    return calls.get();
  }
}
