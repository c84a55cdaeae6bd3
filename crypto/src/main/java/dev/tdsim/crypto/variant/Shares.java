package dev.tdsim.crypto.variant;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.SignerSet;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/** Small helpers shared by the variants' verification code. */
final class Shares {
  private Shares() {}

  /**
   * Independent random non-zero 64-bit weights, weights[signer position][message], drawn from a
   * strong stream (one request per signer row) so that whoever makes a share cannot predict them.
   */
  static long[][] weights(int signers, int messages, StrongRandom random) {
    long[][] w = new long[signers][];
    for (int i = 0; i < signers; i++) {
      w[i] = random.nextNonZeroLongs(messages);
    }
    return w;
  }

  static Fr unsigned(long x) {
    return x >= 0 ? Fr.of(x) : Fr.of(BigInteger.valueOf(x).add(BigInteger.ONE.shiftLeft(64)));
  }

  /** The shares of one signer across all messages. */
  static <S> List<S> column(List<List<S>> sharesByMessage, int position) {
    List<S> col = new ArrayList<>(sharesByMessage.size());
    for (List<S> row : sharesByMessage) {
      col.add(row.get(position));
    }
    return col;
  }

  /** Offset of each signer's first coefficient in {@link SignerSet#lambdas()}. */
  static int[] lambdaOffsets(SignerSet signers) {
    int[] offsets = new int[signers.size()];
    int acc = 0;
    for (int pos = 0; pos < signers.size(); pos++) {
      offsets[pos] = acc;
      acc += signers.committee().pointsOf(signers.validator(pos));
    }
    return offsets;
  }

  /** The validators (ids) at the positions where {@code passes} is false, checked in parallel. */
  static List<Integer> faulty(SignerSet signers, Workers workers, IntPredicate passes) {
    List<Boolean> ok = workers.map(signers.size(), passes::test);
    List<Integer> bad = new ArrayList<>();
    for (int pos = 0; pos < ok.size(); pos++) {
      if (!ok.get(pos)) {
        bad.add(signers.validator(pos));
      }
    }
    return bad;
  }
}
