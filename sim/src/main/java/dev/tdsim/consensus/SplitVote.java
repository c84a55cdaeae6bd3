package dev.tdsim.consensus;

import java.util.Arrays;

/**
 * One split-vote attack as the protocol sees it: a coalition of Byzantine validators that acts
 * together, and the two sides it splits the honest validators into. The coalition sends side A
 * one block and its votes for it, side B a conflicting block and its votes for that; with more
 * than a third of the stake each side can see +2/3 for its own block and commit it (a fork).
 * Immutable; built by the fault models ({@code dev.tdsim.faults}).
 */
public final class SplitVote {
  private static final byte COALITION = 0;
  private static final byte SIDE_A = 1;
  private static final byte SIDE_B = 2;

  /** Per validator: {@link #COALITION}, {@link #SIDE_A} or {@link #SIDE_B}. */
  private final byte[] role;

  /**
   * @param validators the committee size
   * @param coalition the Byzantine validators
   * @param sideB the honest validators of side B (every other honest validator is on side A)
   */
  public SplitVote(int validators, int[] coalition, int[] sideB) {
    role = new byte[validators];
    Arrays.fill(role, SIDE_A);
    for (int v : sideB) {
      role[v] = SIDE_B;
    }
    for (int v : coalition) {
      role[v] = COALITION;
    }
  }

  /** Whether {@code validator} is one of the coalition. */
  public boolean inCoalition(int validator) {
    return role[validator] == COALITION;
  }

  /**
   * Whether {@code receiver} gets side A's version of a split message: side A and the coalition
   * itself (whose own state machines follow side A).
   */
  public boolean getsSideA(int receiver) {
    return role[receiver] != SIDE_B;
  }
}
