package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.KeySet;
import dev.tdsim.crypto.tpke.SecretGroup;
import dev.tdsim.crypto.tpke.SignerSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A real variant with hooks for tests of {@link BlockProposer}'s bookkeeping: it records the
 * threads its combine ran on, and can make prepare_combine (for chosen signer sets) and blame
 * take at least a given time, so that a test can tell which phase that work was charged to.
 * Results are the real variant's.
 */
final class Instrumented<S> implements CombineVariant<S> {
  private final CombineVariant<S> real;
  private final Predicate<SignerSet> slowPrepare;
  private final long prepareSleepMillis;
  private final long blameSleepMillis;
  final Set<Thread> combineThreads = ConcurrentHashMap.newKeySet();

  Instrumented(CombineVariant<S> real, Predicate<SignerSet> slowPrepare, long prepareSleepMillis,
      long blameSleepMillis) {
    this.real = real;
    this.slowPrepare = slowPrepare;
    this.prepareSleepMillis = prepareSleepMillis;
    this.blameSleepMillis = blameSleepMillis;
  }

  /** The registered variant of that name, instrumented. */
  @SuppressWarnings("unchecked")
  static Instrumented<?> of(String name, Predicate<SignerSet> slowPrepare,
      long prepareSleepMillis, long blameSleepMillis) {
    return new Instrumented<>((CombineVariant<Object>) Variants.byName(name), slowPrepare,
        prepareSleepMillis, blameSleepMillis);
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Override
  public String name() {
    return real.name();
  }

  @Override
  public String description() {
    return real.description();
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
  public ShareWork shareWork() {
    return real.shareWork();
  }

  @Override
  public long shareWireBytes(Committee committee, int validator) {
    return real.shareWireBytes(committee, validator);
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
    Combiner<S> c = real.prepare(keys, signers, workers);
    if (slowPrepare.test(signers)) {
      sleep(prepareSleepMillis);
    }
    return new Combiner<>() {
      @Override
      public SignerSet signers() {
        return c.signers();
      }

      @Override
      public byte[] combine(Ciphertext ct, List<S> shares) {
        combineThreads.add(Thread.currentThread());
        return c.combine(ct, shares);
      }

      @Override
      public List<Integer> verify(
          List<Ciphertext> cts, List<List<S>> sharesByMessage, StrongRandom random) {
        return c.verify(cts, sharesByMessage, random);
      }

      @Override
      public boolean verifiesShares() {
        return c.verifiesShares();
      }

      @Override
      public List<Integer> blame(
          List<Ciphertext> cts, List<List<S>> sharesByMessage, StrongRandom random) {
        sleep(blameSleepMillis);
        return c.blame(cts, sharesByMessage, random);
      }

      @Override
      public void kernel(Ciphertext ct, List<S> shares) {
        c.kernel(ct, shares);
      }
    };
  }
}
