package dev.tdsim.consensus.tendermint;

import java.util.function.IntPredicate;

/**
 * One broadcast of an equivocator that carries two conflicting messages: validators for which
 * {@code getsFirst} holds receive {@code first}, the others {@code second} (each side sees one
 * signed version). It travels like one message of {@code first}'s size.
 */
record Forked(TendermintMessage first, TendermintMessage second, IntPredicate getsFirst)
    implements TendermintMessage {
  /** Validators below {@code split} receive {@code first}, the others {@code second}. */
  Forked(TendermintMessage first, TendermintMessage second, int split) {
    this(first, second, receiver -> receiver < split);
  }

  @Override
  public int height() {
    return first.height();
  }

  @Override
  public int round() {
    return first.round();
  }

  @Override
  public long wireBytes() {
    return first.wireBytes();
  }

  /** What {@code receiver} gets. */
  TendermintMessage to(int receiver) {
    return getsFirst.test(receiver) ? first : second;
  }
}
