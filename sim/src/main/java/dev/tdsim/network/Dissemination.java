package dev.tdsim.network;

import java.util.SplittableRandom;

/**
 * How a message gets from its sender to every validator: sent directly to each ({@code direct})
 * or relayed over a peer-to-peer overlay ({@code gossip}). Both answer the same two questions in
 * delays (ns after the send, {@link QuorumArrival#NEVER} if a validator is never reached), so
 * proposal timing and {@link QuorumArrival} work the same for either.
 *
 * <p>Implementations are chosen by name in {@link Disseminations}.
 */
public interface Dissemination {

  /** The registry name, lower case. */
  String name();

  NetworkModel network();

  /**
   * The delay from {@code source} to every validator of one message of {@code bytes} (a proposal,
   * a block part), indexed by validator; {@code [source] = 0}.
   */
  long[] delaysFromNanos(int source, long bytes, SplittableRandom rng);

  /**
   * The delay to {@code receiver} from every validator, of one message of {@code bytes} each of
   * them sends to all (a vote, a decryption share), indexed by sender; {@code [receiver] = 0}.
   */
  long[] delaysToNanos(int receiver, long bytes, SplittableRandom rng);

  /**
   * Like {@link #delaysFromNanos(int, long, SplittableRandom)} for a message handed to the
   * network at {@code atNanos}, through the senders' {@link PeerSendLoops}: a message waits for
   * the send loop of each link it crosses. Messages of one sender must be handed over in time
   * order.
   */
  long[] sendNanos(int source, long bytes, long atNanos, SplittableRandom rng);

  /**
   * When one message of {@code bytes} that each validator s hands to the network at
   * {@code sendTimesNanos[s]} ({@link QuorumArrival#NEVER}: none) reaches {@code receiver},
   * indexed by sender ({@code [receiver]} = its own send time): all validators' votes of one step
   * as one receiver gets them. Default: send time + {@link #delaysToNanos}; a dissemination with
   * per-peer send loops adds each link's wait for its loop and flush, in the stateless form
   * ({@link PeerSendLoops#nextLookNanos}, {@link PeerSendLoops#idleDepartureNanos}) since the
   * sends are computed ahead of time.
   */
  default long[] receiveNanos(int receiver, long bytes, long[] sendTimesNanos,
      SplittableRandom rng) {
    long[] out = delaysToNanos(receiver, bytes, rng);
    for (int s = 0; s < out.length; s++) {
      long send = sendTimesNanos[s];
      out[s] = send == QuorumArrival.NEVER || out[s] == QuorumArrival.NEVER ? QuorumArrival.NEVER
          : send + out[s];
    }
    return out;
  }

  /** The peer graph messages are relayed over, if any ({@code gossip}'s overlay). */
  default java.util.Optional<GossipOverlay> peerOverlay() {
    return java.util.Optional.empty();
  }

  /**
   * The nodes' uplinks as this dissemination queues bulk data on them, for other traffic that
   * shares them (mempool gossip); a fresh set when this dissemination queues nothing.
   */
  default Uplinks uplinks() {
    return new Uplinks(network().validators());
  }
}
