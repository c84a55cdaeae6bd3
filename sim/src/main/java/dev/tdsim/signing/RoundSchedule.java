package dev.tdsim.signing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The latency of a protocol that is a fixed sequence of rounds, on {@link Links}: an exact
 * calculation, not an event simulation. It is exact because every message of an honest run is
 * known before the timing starts (the real protocol ran first and recorded them), so the times
 * follow from one pass per round: there is no decision that depends on the simulated clock except
 * "which messages arrived first", which the pass sorts.
 *
 * <p>Per party p and round r: p starts the round at {@code start[p]} (0 for round 1), computes for
 * {@code computeNanos[p]} on its own timeline, then puts its messages on its uplink in list order
 * (one at a time, each for its transmission time). A message's last bit reaches its receiver
 * {@link Links#oneWayNanos} after it left, or later if the receiver's downlink is still carrying
 * an earlier message (the downlink also serves one at a time, in order of availability). The
 * receiver then spends the message's {@code receiveNanos} on its CPU, after its own round
 * computation and earlier arrivals (one CPU queue per party). p starts the next round when it has
 * processed every message sent to it in the round (or, with a quorum, enough of them: {@link
 * Round#quorumWeight}), and, in a round whose messages are only sent on faults (complaints), not
 * before the latest moment such a message could have arrived: the last party's end of round plus
 * the latency and the transmission of {@link Round#silenceBytes} (the synchronous model's round
 * bound, at its smallest).
 *
 * <p>Messages of a later round are scheduled after every message of the round before on the same
 * link; in the protocols tabled here (one message-bearing round that matters, or rounds whose
 * messages never overlap) that changes nothing.
 */
public final class RoundSchedule {
  private RoundSchedule() {}

  /**
   * One message: bytes on the wire, the receiver's CPU time to take it in, and its weight toward a
   * quorum (points of a partial signature; 1 otherwise).
   */
  public record Message(int from, int to, long bytes, long receiveNanos, long weight) {
    public Message {
      if (from == to || from < 0 || to < 0 || bytes < 0 || receiveNanos < 0 || weight < 0) {
        throw new IllegalArgumentException("bad message " + from + "->" + to + ", " + bytes
            + " bytes, " + receiveNanos + " ns, weight " + weight);
      }
    }
  }

  /**
   * One round.
   *
   * @param computeNanos each party's computation before it sends, nanoseconds
   * @param messages every message sent in the round, each sender's in its sending order
   * @param quorumWeight per party: the weight of processed messages after which it moves on, or
   *     null (or a negative entry) for "all messages sent to it"
   * @param silenceBytes when at least 0: the round's messages are only sent on faults, and a party
   *     waits until one of this size could have arrived from the slowest party; -1: no such wait
   */
  public record Round(long[] computeNanos, List<Message> messages, long[] quorumWeight,
      long silenceBytes) {
    public Round {
      computeNanos = computeNanos.clone();
      messages = List.copyOf(messages);
      quorumWeight = quorumWeight == null ? null : quorumWeight.clone();
      for (long c : computeNanos) {
        if (c < 0) {
          throw new IllegalArgumentException("compute time must be >= 0, got " + c);
        }
      }
    }

    /** A round where everyone waits for all messages sent to it. */
    public static Round of(long[] computeNanos, List<Message> messages) {
      return new Round(computeNanos, messages, null, -1);
    }
  }

  /**
   * @param endNanos each party's end of the last round (its finish time)
   * @param latencyNanos the last party's finish time
   * @param bytes every byte sent, all rounds, all messages
   */
  public record Result(long[] endNanos, long latencyNanos, long bytes) {}

  /** The schedule of {@code rounds} over {@code parties} parties on {@code network}. */
  public static Result run(int parties, List<Round> rounds, Links network) {
    Objects.requireNonNull(network, "network");
    long[] start = new long[parties];
    long[] upFree = new long[parties];
    long[] downFree = new long[parties];
    long[] end = new long[parties];
    long bytes = 0;
    for (Round round : rounds) {
      if (round.computeNanos().length != parties) {
        throw new IllegalArgumentException("round has " + round.computeNanos().length
            + " compute times for " + parties + " parties");
      }
      if (round.quorumWeight() != null && round.quorumWeight().length != parties) {
        throw new IllegalArgumentException("round has " + round.quorumWeight().length
            + " quorum weights for " + parties + " parties");
      }
      for (int p = 0; p < parties; p++) {
        end[p] = start[p] + round.computeNanos()[p];
      }
      List<Timed> timed = new ArrayList<>(round.messages().size());
      for (Message m : round.messages()) {
        if (m.from() >= parties || m.to() >= parties) {
          throw new IllegalArgumentException("message " + m.from() + "->" + m.to()
              + " outside " + parties + " parties");
        }
        long tx = network.transmissionNanos(m.bytes());
        long left = Math.max(end[m.from()], upFree[m.from()]) + tx;
        upFree[m.from()] = left;
        timed.add(new Timed(m, left + network.oneWayNanos(m.from(), m.to()), tx));
        bytes += m.bytes();
      }
      timed.sort(Comparator.comparingLong(Timed::availableNanos)
          .thenComparingInt(t -> t.message().from()).thenComparingInt(t -> t.message().to()));
      long[] cpuFree = end.clone();
      long[] processed = new long[parties];
      long[] ready = end.clone();
      long[] quorum = quorums(round, parties);
      boolean[] done = new boolean[parties];
      for (int p = 0; p < parties; p++) {
        done[p] = quorum[p] == 0;
      }
      for (Timed t : timed) {
        int to = t.message().to();
        long arrived = Math.max(t.availableNanos(), downFree[to] + t.txNanos());
        downFree[to] = arrived;
        if (done[to]) {
          continue; // arrives after the receiver moved on: costs link time, no CPU
        }
        long took = Math.max(arrived, cpuFree[to]) + t.message().receiveNanos();
        cpuFree[to] = took;
        ready[to] = took;
        processed[to] += t.message().weight();
        done[to] = quorum[to] > 0 && processed[to] >= quorum[to];
      }
      long silence = Long.MIN_VALUE;
      if (round.silenceBytes() >= 0) {
        // the latest a complaint could arrive: from the slowest party over its slowest link
        for (int from = 0; from < parties; from++) {
          for (int to = 0; to < parties; to++) {
            if (to != from) {
              silence = Math.max(silence, end[from] + network.oneWayNanos(from, to));
            }
          }
        }
        silence = parties < 2 ? Long.MIN_VALUE
            : silence + network.transmissionNanos(round.silenceBytes());
      }
      for (int p = 0; p < parties; p++) {
        start[p] = Math.max(ready[p], silence);
      }
    }
    long latency = Arrays.stream(start).max().orElse(0);
    return new Result(start.clone(), latency, bytes);
  }

  /** Per party: 0 nothing to wait for, -1 all messages sent to it, else the weight needed. */
  private static long[] quorums(Round round, int parties) {
    boolean[] receives = new boolean[parties];
    for (Message m : round.messages()) {
      receives[m.to()] = true;
    }
    long[] q = new long[parties];
    for (int p = 0; p < parties; p++) {
      long given = round.quorumWeight() == null ? -1 : round.quorumWeight()[p];
      q[p] = given >= 0 ? given : receives[p] ? -1 : 0;
    }
    return q;
  }

  private record Timed(Message message, long availableNanos, long txNanos) {}
}
