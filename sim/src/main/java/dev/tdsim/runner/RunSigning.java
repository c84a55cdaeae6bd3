package dev.tdsim.runner;

import dev.tdsim.network.NetworkModel;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.random.RandomStreams;
import dev.tdsim.scenario.Scenario;
import dev.tdsim.scenario.SigningConfig;
import dev.tdsim.signing.Links;
import dev.tdsim.signing.RoundSchedule;
import dev.tdsim.signing.RoundSchedule.Message;
import dev.tdsim.signing.RoundSchedule.Round;
import dev.tdsim.signing.SigningCommittee;
import dev.tdsim.signing.SigningRun;
import dev.tdsim.signing.SigningScheme;
import dev.tdsim.signing.SigningSchemes;
import dev.tdsim.signing.SigningStart;
import dev.tdsim.timing.Hardware;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A run's signing committee (scenario section {@code signing}; issue 24 D): the keys dealt once,
 * then for every committed height the scheme's real protocol on that block, its rounds put on the
 * run's network between the committee's validators, and the signature's time after the commit
 * set on the height's record ({@link HeightRecord#committeeSignNanos}). Without the section every
 * method leaves the records as they are.
 *
 * <p>What the committee's time rests on: each party computes for the CPU time its real
 * computation took here (the calls are serial, so divided by the validator's {@code speed}, not
 * spread over its cores); each message takes a jittered propagation delay between the two
 * validators' regions (the run's latency and jitter models, from a seeded stream per height) and
 * its serialization at the validator's uplink rate. What it leaves out: the committee's CPU work
 * does not queue behind the validators' consensus and decryption work (each party is taken to
 * have a core for it), and its messages do not share the links with consensus traffic; a late
 * signature does not hold back the next proposal (the judged time counts it, the simulated chain
 * does not wait for it).
 */
final class RunSigning {
  private final SigningConfig config;
  private final SigningScheme scheme;
  private final SigningCommittee keys;
  /** The validator of each party. */
  private final int[] members;
  private final NetworkModel network;
  private final Hardware[] hardware;
  private final RandomStreams streams;
  /** Each signed height's signature time after its commit. */
  private final Map<Integer, Long> signed = new HashMap<>();
  private long bytes;

  private RunSigning(SigningConfig config, SigningScheme scheme, SigningCommittee keys,
      int[] members, NetworkModel network, Hardware[] hardware, RandomStreams streams) {
    this.config = config;
    this.scheme = scheme;
    this.keys = keys;
    this.members = members;
    this.network = network;
    this.hardware = hardware;
    this.streams = streams;
  }

  /** The scenario's committee with its keys dealt, or one that changes nothing without one. */
  static RunSigning of(Scenario s, Machines machines, RandomStreams streams,
      Consumer<String> progress) {
    if (s.signing().isEmpty()) {
      return new RunSigning(null, null, null, null, null, null, null);
    }
    SigningConfig c = s.signing().get();
    SigningScheme scheme = SigningSchemes.byName(c.scheme());
    progress.accept("dealing the signing committee's keys: " + c.scheme() + ", "
        + c.threshold() + " of " + c.parties());
    SigningCommittee keys = scheme.committee(c.threshold(), c.parties(),
        streams.strong("signing-keys", 0));
    NetworkModel network = NetworkModel.create(s.network(), RunNetwork.regions(s));
    return new RunSigning(c, scheme, keys, members(c.parties(), s.validators().count()),
        network, machines.hardware(), streams);
  }

  /**
   * The first {@code parties} validators: validators take the scenario's regions in turn, so
   * these are spread over the regions as evenly as the committee's size allows (evenly spaced
   * indices would not be: with seven regions, validators 0, 7 and 14 share one).
   */
  static int[] members(int parties, int validators) {
    if (parties > validators) {
      throw new IllegalArgumentException(parties + " parties among " + validators
          + " validators");
    }
    int[] out = new int[parties];
    for (int k = 0; k < parties; k++) {
      out[k] = k;
    }
    return out;
  }

  /**
   * The record with the committee's signature time after the commit (the same record without a
   * committee, or for a height that never committed); each height is signed once, however often
   * it is asked for.
   */
  HeightRecord apply(HeightRecord h) {
    if (config == null || h.decidedNanos() < 0) {
      return h;
    }
    return h.withCommitteeSign(signed.computeIfAbsent(h.height(), k -> sign(h)));
  }

  private long sign(HeightRecord h) {
    byte[] message = ("tdsim block " + h.height()).getBytes(StandardCharsets.UTF_8);
    SigningRun run = keys.sign(message, streams.strong("signing", h.height()));
    SigningStart start = config.when();
    List<Round> rounds = start.presignsAhead() ? run.online() : run.allRounds();
    RoundSchedule.Result r = RoundSchedule.run(members.length, onHardware(rounds),
        links(streams.stream("signing-links", h.height())));
    bytes += r.bytes();
    long from = start.startsAtProposal() ? h.proposeNanos() : h.decidedNanos();
    long ready = from + r.endNanos()[run.coordinator()];
    return Math.max(0, ready - h.decidedNanos());
  }

  /** The rounds with each party's CPU times on its own validator's speed. */
  private List<Round> onHardware(List<Round> rounds) {
    List<Round> out = new ArrayList<>(rounds.size());
    for (Round r : rounds) {
      long[] compute = new long[members.length];
      for (int p = 0; p < compute.length; p++) {
        compute[p] = onSpeed(r.computeNanos()[p], p);
      }
      List<Message> messages = new ArrayList<>(r.messages().size());
      for (Message m : r.messages()) {
        messages.add(new Message(m.from(), m.to(), m.bytes(), onSpeed(m.receiveNanos(), m.to()),
            m.weight()));
      }
      out.add(new Round(compute, messages, r.quorumWeight(), r.silenceBytes()));
    }
    return out;
  }

  private long onSpeed(long cpuNanos, int party) {
    return Math.round(cpuNanos / hardware[members[party]].speed());
  }

  private Links links(SplittableRandom rng) {
    return new Links() {
      @Override
      public long oneWayNanos(int from, int to) {
        return network.propagationNanos(members[from], members[to], rng);
      }

      @Override
      public long transmissionNanos(long messageBytes) {
        return network.serializationNanos(messageBytes);
      }
    };
  }

  /** What the report says about the committee (nothing without one). */
  void addNotes(List<String> notes) {
    if (config == null) {
      return;
    }
    notes.add("signing committee: " + scheme.description() + "; " + config.threshold() + " of "
        + config.parties() + " validators (" + java.util.Arrays.toString(members) + "), start "
        + config.start() + " (" + config.when().description() + "); each height's block really"
        + " signed and verified, every party's computation timed here, its messages on the run's"
        + " network (" + bytes + " B in all); its CPU work does not queue behind consensus or"
        + " decryption, and a late signature does not hold back the next proposal");
  }
}
