package dev.tdsim.consensus;

/**
 * What a block costs the chain's consensus in time, the fact a protocol declares so that a
 * budget B ("one block every B") can be judged: how often can this protocol order a block?
 */
public enum BlockPace {
  /**
   * A height's consensus ends (its commit) before the next height is proposed (Tendermint): a
   * chain tuned to B pauses B minus that height's consensus time, so a block needs its whole
   * consensus time, proposal to commit.
   */
  SEQUENTIAL("consensus time (proposal to commit)"),
  /**
   * One block per round and the rounds overlap the commits (pipelined HotStuff: a block is
   * ordered rounds after it is proposed, while later blocks are proposed): a block needs only
   * the time from its proposal to the next one, its round.
   */
  PIPELINED("round time (proposal to the next proposal)");

  private final String perBlock;

  BlockPace(String perBlock) {
    this.perBlock = perBlock;
  }

  /** What the chain spends per block, in words, for reports. */
  public String perBlock() {
    return perBlock;
  }
}
