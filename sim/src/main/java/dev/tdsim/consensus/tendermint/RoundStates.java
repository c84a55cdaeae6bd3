package dev.tdsim.consensus.tendermint;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * One validator's vote and block state per (height, round) of its current and future heights.
 * The last (height, round) looked up is cached: most messages of a burst are for the same one.
 */
final class RoundStates {
  /** A round of a height in which +2/3 of the stake precommitted one block. */
  record Decision(int round, int fork) {}

  private final Map<Long, RoundState> rounds = new HashMap<>();
  /** Validators whose votes each round tracks one by one (faulty runs), or 0 for none. */
  private final int trackedVoters;
  private long lastKey = -1;
  private RoundState lastState;

  RoundStates(int trackedVoters) {
    this.trackedVoters = trackedVoters;
  }

  /** The state of (h, r), made empty the first time it is asked for. */
  RoundState of(int h, int r) {
    long key = Rotation.key(h, r);
    if (key == lastKey && lastState != null) {
      return lastState;
    }
    RoundState rs = rounds.get(key);
    if (rs == null) {
      rs = new RoundState();
      if (trackedVoters > 0) {
        rs.trackVoters(trackedVoters);
      }
      rounds.put(key, rs);
    }
    lastKey = key;
    lastState = rs;
    return rs;
  }

  /** The state of (h, r) if anything of it has been seen, else null. */
  RoundState existing(int h, int r) {
    long key = Rotation.key(h, r);
    return key == lastKey && lastState != null ? lastState : rounds.get(key);
  }

  /** Forgets everything (a validator back from a crash starts empty). */
  void clear() {
    rounds.clear();
    lastState = null;
    lastKey = -1;
  }

  /** Whether the block {@code fork} of height {@code h} (of any round) is here. */
  boolean hasBlock(int h, int fork) {
    for (Map.Entry<Long, RoundState> e : rounds.entrySet()) {
      if ((int) (e.getKey() >>> 32) == h && e.getValue().hasBlock(fork)) {
        return true;
      }
    }
    return false;
  }

  /** The first round of height h found with +2/3 precommits for one block, or null. */
  Decision decided(int h, long quorumStake) {
    for (Map.Entry<Long, RoundState> e : rounds.entrySet()) {
      if ((int) (e.getKey() >>> 32) == h) {
        int fork = e.getValue().precommitQuorumFork(quorumStake);
        if (fork >= 0) {
          return new Decision((int) (long) e.getKey(), fork);
        }
      }
    }
    return null;
  }

  /**
   * After height h committed in {@code round}: drops every round of heights up to h and keeps
   * that round's state (its precommits are the LastCommit of the next height).
   */
  void committed(int h, int round, RoundState decided) {
    for (Iterator<Long> it = rounds.keySet().iterator(); it.hasNext(); ) {
      if ((int) (it.next() >>> 32) <= h) {
        it.remove();
      }
    }
    lastState = null;
    rounds.put(Rotation.key(h, round), decided);
  }
}
