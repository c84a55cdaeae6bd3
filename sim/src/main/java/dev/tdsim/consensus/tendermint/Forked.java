package dev.tdsim.consensus.tendermint;

/**
 * One broadcast of an equivocator that carries two conflicting messages: validators below
 * {@code split} receive {@code first}, the others {@code second} (each half sees one signed
 * version). It travels like one message of {@code first}'s size.
 */
record Forked(TendermintMessage first, TendermintMessage second, int split)
    implements TendermintMessage {
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
    return receiver < split ? first : second;
  }
}
