package dev.tdsim.pipeline;

import dev.tdsim.consensus.Block;
import dev.tdsim.consensus.BlockSource;
import dev.tdsim.consensus.ConsensusListener;
import dev.tdsim.consensus.ConsensusProtocol;
import dev.tdsim.consensus.ProcessingTime;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.crypto.variant.BlockResult;
import dev.tdsim.engine.Simulation;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.ShareFault;
import dev.tdsim.faults.ShareFaultType;
import dev.tdsim.crypto.tpke.KeyCollision;
import dev.tdsim.timing.CostCheck;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.ModelTiming;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import dev.tdsim.timing.TimingModel;
import dev.tdsim.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * The encrypted-mempool pipeline around consensus: blocks of really encrypted transactions, and
 * after each commit the real decryption: every validator creates its shares, the shares travel to
 * the combiner (the next height's proposer), which runs the variant's real block_propose and
 * checks every plaintext against what the clients sent. Durations come from the timing model.
 *
 * @param <S> the variant's decoded share type
 */
public final class DecryptionPipeline<S> implements ConsensusListener, BlockSource {
  /**
   * Everything the pipeline needs from the scenario.
   *
   * @param executionPerTxNanos executing one decrypted transaction (after decryption; the
   *     block's own execution and commit are consensus costs)
   */
  public record Settings(
      Schedule schedule,
      Hardware[] hardware,
      IntPredicate realCryptoAtHeight,
      int heights,
      long executionPerTxNanos,
      FaultPlan faults,
      long shareTimeoutNanos) {
    public Settings {
      java.util.Objects.requireNonNull(faults, "faults");
      if (shareTimeoutNanos <= 0) {
        throw new IllegalArgumentException("shareTimeoutNanos must be > 0");
      }
    }

    /** Without faults, with the default share timeout. */
    public Settings(Schedule schedule, Hardware[] hardware, IntPredicate realCryptoAtHeight,
        int heights, long executionPerTxNanos) {
      this(schedule, hardware, realCryptoAtHeight, heights, executionPerTxNanos, FaultPlan.NONE,
          DEFAULT_SHARE_TIMEOUT_NANOS);
    }
  }

  /**
   * How long a combiner of a variant that folds the signer set waits for the shares of the set it
   * announced before it reshares without the missing signers (scenario key {@code
   * crypto.share_timeout}; docs/SCENARIOS.md says why 1 s).
   */
  public static final long DEFAULT_SHARE_TIMEOUT_NANOS = 1_000_000_000L;

  private final Simulation sim;
  private final Messenger net;
  private final RealCrypto<S> crypto;
  private final TimingModel timing;
  private final ModelTiming fallback;
  private final Workload workload;
  private final Settings settings;
  private final StrongRandom random;
  private final Committee committee;
  private ConsensusProtocol consensus;
  private java.util.function.IntUnaryOperator combinerOf;
  private CostCheck costCheck;
  private Scaling.Split combineSplit = new Scaling.Split(0, 0, 0, Integer.MAX_VALUE);
  private int splitHeights;
  private java.util.function.IntConsumer onDecrypted = h -> { };
  private final Map<Integer, HeightState> heights = new HashMap<>();
  private final TreeMap<Integer, HeightRecord> records = new TreeMap<>();
  /** The signer sets each combiner has already run prepare_combine for. */
  private final Map<Integer, java.util.Set<List<Integer>>> preparedBy = new HashMap<>();
  private final long[] admissionCpuNanos = new long[1];
  private long encryptCpuNanos;
  private long mismatches;
  private long collidingOpenedShifted;
  private long shareFaultCpuNanos;

  public DecryptionPipeline(
      Simulation sim,
      Messenger net,
      RealCrypto<S> crypto,
      TimingModel timing,
      CostModel costs,
      Workload workload,
      Settings settings,
      StrongRandom random) {
    this.sim = sim;
    this.net = net;
    this.crypto = crypto;
    this.timing = timing;
    this.fallback = new ModelTiming(costs, crypto.variant().name());
    this.workload = workload;
    this.settings = settings;
    this.random = random;
    this.committee = crypto.keys().committee();
  }

  /**
   * Called with each height once its plaintexts are ready (and its record is available), inside
   * the event that finished it.
   */
  public void onDecrypted(java.util.function.IntConsumer listener) {
    this.onDecrypted = listener;
  }

  /**
   * Chooses the combiner of each height (default: the round-0 proposer of the next height); the
   * runner sets it when faults may keep that proposer from proposing (crashed, silent).
   */
  public void combinerRule(java.util.function.IntUnaryOperator combinerOfHeight) {
    this.combinerOf = combinerOfHeight;
  }

  /** Connects the consensus model (which also calls this pipeline back). */
  public void attach(ConsensusProtocol consensus) {
    this.consensus = consensus;
  }

  public List<HeightRecord> records() {
    return new ArrayList<>(records.values());
  }

  /** The record of {@code height}, or null while it is not decrypted. */
  public HeightRecord record(int height) {
    return records.get(height);
  }

  /** Heights whose plaintexts are ready so far. */
  public int decryptedHeights() {
    return records.size();
  }

  /**
   * Honest payloads whose plaintext differed from what the client sent, or did not open, and
   * key-colliding payloads that opened to anything but the honest plaintext: must stay 0 (a
   * colliding payload left unopened is not counted: refusing it is a correct outcome).
   */
  public long mismatches() {
    return mismatches;
  }

  /**
   * Real CPU nanoseconds (this machine) spent because of share faults: blame (failed
   * verifications, checks and blame), block_propose calls that ran out of honest shares, and
   * every reshare round's honest share creation and block_propose.
   */
  public long shareFaultCpuNanos() {
    return shareFaultCpuNanos;
  }

  /** Key-colliding payloads that opened to the attacker's second plaintext: must stay 0. */
  public long collidingOpenedShifted() {
    return collidingOpenedShifted;
  }

  public long encryptCpuNanos() {
    return encryptCpuNanos;
  }

  public long admissionCpuNanos() {
    return admissionCpuNanos[0];
  }

  /**
   * The validator that colludes with a client at {@code height} (its {@code colluding-encryptor}
   * fault is active when the block is made), or -1.
   */
  private int colluderAt(int height, long atNanos) {
    FaultPlan plan = settings.faults();
    if (!plan.hasShareFaults()) {
      return -1;
    }
    for (int v = 0; v < committee.validators(); v++) {
      Optional<ShareFault> f = plan.shareFault(v, height, atNanos);
      if (f.isPresent() && f.get().type() == ShareFaultType.COLLUDING_ENCRYPTOR) {
        return v;
      }
    }
    return -1;
  }

  private HeightState state(int height) {
    return heights.computeIfAbsent(height, HeightState::new);
  }

  private boolean real(int height) {
    return settings.realCryptoAtHeight().test(height);
  }

  /**
   * The simulated duration of one real call on a validator's hardware (the call splits into
   * {@link CryptoOp#parallelUnits} pieces); at heights where the real code ran, the call is also
   * checked against the cost model when {@code check} (each real call once).
   */
  private long charge(int height, CryptoOp op, OpSize size, long cpuNanos, Hardware hw,
      boolean check) {
    if (check && costCheck != null && real(height) && cpuNanos > 0) {
      costCheck.record(op, size, cpuNanos);
    }
    return timingAt(height).durationNanos(op, size, cpuNanos, op.parallelUnits(size), hw);
  }

  /**
   * What the combiner's block_propose and decryption cost per height, split into the part that
   * rests on measurements here and the part extrapolated to the validator's cores.
   */
  public Optional<Scaling.Split> meanCombineSplit() {
    if (splitHeights == 0) {
      return Optional.empty();
    }
    return Optional.of(new Scaling.Split(combineSplit.wallNanos() / splitHeights,
        combineSplit.measuredWallNanos() / splitHeights, combineSplit.usableCores(),
        combineSplit.measuredThreads()));
  }

  /** Checks each real call against the cost model from now on (timing: model). */
  public void checkCosts(CostCheck check) {
    this.costCheck = check;
  }

  private TimingModel timingAt(int height) {
    return real(height) ? timing : fallback;
  }

  // ---- consensus host: blocks and proposal gating ----

  @Override
  public void onRoundStart(int validator, int height, int round, long atNanos) {
    HeightState st = state(height);
    if (round == 0 && (st.roundZeroNanos < 0 || atNanos < st.roundZeroNanos)) {
      st.roundZeroNanos = atNanos;
    }
  }

  /**
   * When a height whose first proposal came in a later round could have had its round-0
   * proposal: when its first validator entered round 0, or, if proposals wait for the previous
   * height's plaintexts, when those were ready. The rounds lost to a crashed or silent proposer
   * (timeout_propose and the votes for nil) are part of the height's consensus time.
   */
  private long consensusStartNanos(int height) {
    HeightState st = state(height);
    if (st.roundZeroNanos < 0) {
      return sim.nowNanos();
    }
    long start = st.roundZeroNanos;
    HeightState previous = heights.get(height - 1);
    if (settings.schedule().holdsNextProposal() && previous != null && previous.readyNanos > start) {
      start = previous.readyNanos;
    }
    return Math.min(start, sim.nowNanos());
  }

  @Override
  public Block blockFor(int height, int round, int proposer) {
    HeightState st = state(height);
    if (st.payloads == null) {
      st.proposeNanos = round == 0 ? sim.nowNanos() : consensusStartNanos(height);
      st.payloads = workload.cutBlock(sim.nowNanos());
      st.pending = java.util.stream.IntStream.range(0, st.payloads.size()).boxed().toList();
      if (real(height)) {
        long admittedBefore = admissionCpuNanos[0];
        RealCrypto.Timed<List<Ciphertext>> enc =
            crypto.encryptAndAdmit(st.payloads, random, admissionCpuNanos);
        encryptCpuNanos += enc.cpuNanos();
        st.validityCpuNanos = admissionCpuNanos[0] - admittedBefore;
        if (costCheck != null && st.validityCpuNanos > 0) {
          costCheck.record(CryptoOp.ADMISSION_CHECK, new OpSize(st.payloads.size(), 1, 1,
              st.payloads.stream().mapToLong(pl -> pl.length).sum()), st.validityCpuNanos);
        }
        st.cts = new ArrayList<>(enc.value());
        int colluder = colluderAt(height, sim.nowNanos());
        if (colluder >= 0 && !st.payloads.isEmpty()) {
          // The client's payload 0 is replaced by a key-colliding one that opens to (its padded
          // form of) the same plaintext under the true key; it passes the admission check (run
          // by RealCrypto#colliding; its cost is taken as the replaced ciphertext's).
          RealCrypto.Timed<KeyCollision.Colliding> c = crypto.colliding(st.payloads.get(0), random);
          encryptCpuNanos += c.cpuNanos();
          st.colliding = c.value();
          st.colluder = colluder;
          st.cts.set(0, c.value().ciphertext());
          st.payloads = new ArrayList<>(st.payloads);
          st.payloads.set(0, c.value().honestPlaintext());
        }
        st.blockBytes = Block.HEADER_BYTES
            + st.cts.stream().mapToLong(Ciphertext::encodedBytes).sum();
      } else {
        st.blockBytes = Block.HEADER_BYTES
            + st.payloads.stream()
                .mapToLong(p -> p.length + (long) Ciphertext.OVERHEAD_BYTES).sum();
      }
    }
    return new Block(height, st.payloads.size(), st.blockBytes);
  }

  /**
   * Every validator checks each ciphertext of a proposed block (the CCA validity check) before it
   * prevotes: the real checks ran once when the block was made; each validator is charged their
   * CPU time on its own hardware.
   */
  @Override
  public long validationNanos(int height, int validator) {
    HeightState st = state(height);
    int m = st.payloads == null ? 0 : st.payloads.size();
    if (m == 0) {
      return 0;
    }
    return charge(height, CryptoOp.ADMISSION_CHECK,
        new OpSize(m, 1, committee.pointsOf(validator), payloadBytes(st)), st.validityCpuNanos,
        settings.hardware()[validator], false);
  }

  @Override
  public void whenMayPropose(int proposer, int height, Runnable propose) {
    HeightState previous = heights.get(height - 1);
    if (!settings.schedule().holdsNextProposal() || height == 1 || (previous != null && previous.readyNanos >= 0)) {
      propose.run();
    } else {
      long askedAt = sim.nowNanos();
      state(height - 1).onReady.add(() -> {
        HeightState st = state(height);
        if (st.proposalWaitNanos < 0) {
          st.proposalWaitNanos = sim.nowNanos() - askedAt;
        }
        propose.run();
      });
    }
  }

  // ---- after commit: shares, gossip, combine ----

  private boolean folding() {
    return crypto.variant().sharesDependOnSigners();
  }

  @Override
  public void onCommit(int validator, int height, int round, long atNanos, List<Integer> signers,
      ProcessingTime costs) {
    HeightState st = state(height);
    st.commitAt[validator] = atNanos;
    if (st.decidedNanos < 0) {
      st.decidedNanos = atNanos;
      st.decidedRound = round;
      st.processing = costs;
    }
    if (st.combiner < 0) {
      // The runner's rule when faults may keep the round-0 proposer from proposing; else the
      // designated combiner, or the next live one when it is crashed.
      st.combiner = combinerOf != null ? combinerOf.applyAsInt(height)
          : designatedCombiner(height, atNanos);
      // Asked of the rotation only for round 0 (always reached): asking a later round ahead of
      // time would shift the proposer rotation.
      st.designated = consensus.proposer(height + 1, 0);
      st.backup = (st.designated + 1) % committee.validators();
    }
    boolean folding = folding();
    if (!folding && st.signers == null) {
      st.signers = SignerSet.all(committee);
    }
    if (validator == st.combiner) {
      st.round = round;
      st.commitNanos = atNanos;
      if (folding) {
        // The combiner announces the signer set: validators fold it into their shares.
        announce(st, signerSetFrom(signers, st.excluded.keySet()));
        if (st.signers == null) {
          return;
        }
      } else {
        tryCombine(st);
      }
    }
    startShares(st, validator);
  }

  /**
   * The combiner of {@code height}: the proposer of height + 1 in round 0, or, when that one is
   * crashed at the first commit, the proposer of the first later round who is not (the one that
   * will propose height + 1).
   */
  private int designatedCombiner(int height, long atNanos) {
    FaultPlan plan = settings.faults();
    if (plan.isEmpty()) {
      return consensus.proposer(height + 1, 0);
    }
    for (int r = 0; r < committee.validators(); r++) {
      int p = consensus.proposer(height + 1, r);
      if (!plan.isCrashed(p, height + 1, atNanos)) {
        return p;
      }
    }
    return consensus.proposer(height + 1, 0);
  }

  /**
   * The commit's signers without the excluded, widened in index order (skipping the excluded) if
   * their points fall short of t; null when even every validator left is short of t.
   */
  private SignerSet signerSetFrom(List<Integer> commitSigners, java.util.Set<Integer> excluded) {
    List<Integer> chosen = new ArrayList<>();
    for (int v : commitSigners) {
      if (!excluded.contains(v)) {
        chosen.add(v);
      }
    }
    int points = chosen.stream().mapToInt(committee::pointsOf).sum();
    for (int v = 0; v < committee.validators() && points < committee.threshold(); v++) {
      if (!chosen.contains(v) && !excluded.contains(v)) {
        chosen.add(v);
        points += committee.pointsOf(v);
      }
    }
    return points < committee.threshold() ? null : SignerSet.of(committee, chosen);
  }

  /**
   * The combiner announces the signer set whose shares it will combine (variants that fold the
   * set into their shares): at the combiner's commit, and again after blame without the faulty
   * (a reshare; the message then also lists the ciphertexts still to open).
   */
  private void announce(HeightState st, SignerSet set) {
    st.generation++;
    st.signers = set;
    st.arrived.clear();
    st.sent.clear();
    st.genShares = null;
    st.combining = false;
    Arrays.fill(st.announcedAt, -1);
    Arrays.fill(st.started, false);
    if (set == null) {
      finish(st); // more than n - t of the key shares are faulty or missing: nothing to combine
      return;
    }
    int gen = st.generation;
    long bytes = 64 + 4L * set.size() + (gen > 1 ? 4L * st.pending.size() : 0);
    net.broadcast(st.combiner, bytes, receiver -> {
      if (st.generation == gen && !st.done) {
        st.announcedAt[receiver] = sim.nowNanos();
        startShares(st, receiver);
      }
    });
    if (!settings.faults().isEmpty()) {
      sim.scheduleAfter(settings.shareTimeoutNanos(), s -> onShareTimeout(st, gen));
    }
  }

  private Optional<ShareFault> shareFault(HeightState st, int validator) {
    if (!real(st.height) || !settings.faults().hasShareFaults()) {
      return Optional.empty(); // faults act through the real crypto (the runner runs it then)
    }
    return settings.faults().shareFault(validator, st.height, st.commitAt[validator]);
  }

  private List<Ciphertext> pendingCts(HeightState st) {
    return st.pending.stream().map(st.cts::get).toList();
  }

  private void startShares(HeightState st, int validator) {
    // Without share faults, validators that commit after the combiner already has enough shares
    // send none (they would change nothing); with them every validator sends.
    if (st.done || (st.combining && !settings.faults().hasShareFaults()) || st.signers == null
        || st.started[validator] || st.commitAt[validator] < 0
        || !st.signers.contains(validator)
        || (folding() && st.announcedAt[validator] < 0)) {
      return;
    }
    st.started[validator] = true;
    // The kinds model what a faulty validator sends others: as the combiner it uses its own
    // honest shares (a malicious combiner is not modelled).
    Optional<ShareFault> fault =
        validator == st.combiner ? Optional.empty() : shareFault(st, validator);
    ShareFaultType type = fault.map(ShareFault::type).orElse(null);
    if (type == ShareFaultType.WITHHELD) {
      return; // it sends nothing
    }
    int gen = st.generation;
    int m = st.pending.size();
    Hardware hw = settings.hardware()[validator];
    OpSize size = new OpSize(m, 1, committee.pointsOf(validator), pendingBytes(st));
    long create;
    long bytes = (long) m * shareBytes(validator);
    List<byte[]> toCombiner = null;
    List<byte[]> toBackup = null;
    if (real(st.height)) {
      List<Ciphertext> cts = pendingCts(st);
      if (st.genShares == null) {
        List<Integer> makers = st.signers.validators();
        List<RealCrypto.Timed<List<byte[]>>> made = crypto.createShares(makers, st.signers, cts);
        st.genShares = new HashMap<>();
        st.genShareCpu = new HashMap<>();
        for (int i = 0; i < makers.size(); i++) {
          st.genShares.put(makers.get(i), made.get(i).value());
          st.genShareCpu.put(makers.get(i), made.get(i).cpuNanos());
        }
      }
      List<byte[]> honest = st.genShares.get(validator);
      long honestCpu = st.genShareCpu.get(validator);
      RealCrypto.Timed<List<byte[]>> faulty = null;
      var keys = crypto.keys();
      var variant = crypto.variant();
      if (type == ShareFaultType.BAD_VALUE || type == ShareFaultType.EQUIVOCATED) {
        faulty = crypto.createWith(
            FaultyShares.shifted(variant, keys, validator, st.signers), cts);
      } else if (type == ShareFaultType.MALFORMED) {
        faulty = crypto.createWith(
            FaultyShares.malformed(variant.shareMaker(keys, validator, st.signers)), cts);
        bytes -= m;
      } else if (type == ShareFaultType.COLLUDING_ENCRYPTOR && st.colluder == validator
          && st.pending.contains(0)) {
        faulty = crypto.createWith(FaultyShares.colluding(
            variant.shareMaker(keys, validator, st.signers),
            FaultyShares.shifted(variant, keys, validator, st.signers), st.cts.get(0)), cts);
      }
      if (faulty == null) {
        toCombiner = honest;
        create = charge(st.height, CryptoOp.SHARE_CREATE, size, honestCpu, hw, true);
        if (gen > 1) {
          shareFaultCpuNanos += honestCpu; // new shares for a reshare
        }
      } else {
        toCombiner = faulty.value();
        create = charge(st.height, CryptoOp.SHARE_CREATE, size, faulty.cpuNanos(), hw, false);
        if (type == ShareFaultType.EQUIVOCATED) {
          // Its correct shares go to the backup combiner (proposer of height + 1, round 1).
          toBackup = honest;
          create += charge(st.height, CryptoOp.SHARE_CREATE, size, honestCpu, hw, true);
        }
      }
    } else {
      create = charge(st.height, CryptoOp.SHARE_CREATE, size, 0, hw, true);
    }
    boolean equivocates = type == ShareFaultType.EQUIVOCATED;
    // An equivocator sends the wrong shares to the designated combiner and the correct ones to
    // another validator; a combiner standing in for a crashed or silent designated one gets the
    // correct ones.
    boolean standIn = st.combiner != st.designated;
    List<byte[]> shares = equivocates && standIn ? toBackup : toCombiner;
    int otherTo = standIn ? st.designated : st.backup;
    long wireBytes = bytes;
    long createNanos = create;
    sim.scheduleAfter(create, s -> {
      long readyAt = s.nowNanos();
      if (equivocates && otherTo != st.combiner && otherTo != validator) {
        net.send(validator, otherTo, wireBytes, () -> { });
      }
      net.send(validator, st.combiner, wireBytes,
          () -> onShareArrival(st, gen, validator, shares, readyAt, createNanos));
    });
  }

  private long shareBytes(int validator) {
    return crypto.variant().shareWireBytes(committee, validator);
  }

  private long payloadBytes(HeightState st) {
    return st.payloads.stream().mapToLong(p -> p.length).sum();
  }

  private long pendingBytes(HeightState st) {
    return st.pending.stream().mapToLong(j -> st.payloads.get(j).length).sum();
  }

  private void onShareArrival(HeightState st, int gen, int validator, List<byte[]> shares,
      long readyAt, long createNanos) {
    if (st.done || gen != st.generation || (st.combining && !settings.faults().hasShareFaults())) {
      return; // shares for an older signer set cannot be combined with the new one
    }
    st.arrived.add(validator);
    st.sent.put(validator, shares);
    if (!st.combining && enough(st)) {
      st.combining = true;
      if (st.sharesCompleteNanos < 0) {
        st.sharesCompleteNanos = sim.nowNanos();
        st.criticalCreateNanos = createNanos;
      }
    }
    tryCombine(st);
  }

  /** The shares the combiner waits for are in (the current attempt's). */
  private boolean enough(HeightState st) {
    if (folding()) {
      return st.arrived.size() == st.signers.size();
    }
    List<Integer> usable = usable(st);
    return usable.stream().mapToInt(committee::pointsOf).sum() >= committee.threshold()
        && !usable.equals(st.shortWith);
  }

  /** Arrived and not named faulty. */
  private List<Integer> usable(HeightState st) {
    return st.arrived.stream().filter(v -> !st.excluded.containsKey(v)).toList();
  }

  /**
   * A variant that folds the signer set: the combiner stops waiting for the announced set's
   * shares and combines what it has (block_propose then finds the set incomplete, and the
   * combiner reshares without the missing signers).
   */
  private void onShareTimeout(HeightState st, int gen) {
    if (st.done || gen != st.generation || st.busy || st.combining) {
      return;
    }
    st.combining = true;
    st.timedOut = true;
    if (st.sharesCompleteNanos < 0) {
      st.sharesCompleteNanos = sim.nowNanos();
    }
    tryCombine(st);
  }

  private void tryCombine(HeightState st) {
    if (st.done || st.busy || st.commitNanos < 0 || st.signers == null) {
      return;
    }
    boolean ready = folding() ? st.combining : enough(st);
    if (ready) {
      if (st.sharesCompleteNanos < 0) {
        st.sharesCompleteNanos = sim.nowNanos();
      }
      attempt(st);
    }
  }

  /** The per-variant operations a block_propose without faults found is charged. */
  private List<CryptoOp> honestOps() {
    return crypto.verifiesShares()
        ? List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.VERIFY, CryptoOp.PREPARE,
            CryptoOp.COMBINE)
        : List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.CHECK, CryptoOp.PREPARE,
            CryptoOp.COMBINE);
  }

  /** One block_propose by the combiner over the shares it has, then what follows from it. */
  private void attempt(HeightState st) {
    st.busy = true;
    boolean first = st.attempts == 0;
    st.attempts++;
    if (first) {
      st.firstAttemptNanos = sim.nowNanos();
    }
    List<Integer> used = new ArrayList<>(folding() ? st.arrived : usable(st));
    used.sort(null);
    int m = st.pending.size();
    int points = used.stream().mapToInt(committee::pointsOf).sum();
    OpSize size = new OpSize(m, used.size(), points, pendingBytes(st));
    Hardware hw = settings.hardware()[st.combiner];
    TimingModel tm = timingAt(st.height);
    Map<CryptoOp, Long> phaseCpu = new java.util.EnumMap<>(CryptoOp.class);
    Map<Integer, String> named = new TreeMap<>();
    boolean shortOfShares = false;
    boolean needMore = false; // a bad share no spare point could attribute (simple, batch)
    boolean valueFaults = false;
    Boolean ranPrepare = null;
    List<Integer> finalSet = null;
    long shortCpu = 0;
    if (real(st.height)) {
      Map<Integer, List<byte[]>> shares = new TreeMap<>();
      for (int v : used) {
        // A retry after a partial open combines only the messages still pending.
        List<byte[]> sent = st.sent.get(v);
        shares.put(v, sent.size() == m ? sent : st.pending.stream().map(sent::get).toList());
      }
      RealCrypto.Attempt a = crypto.tryBlockPropose(st.combiner, pendingCts(st), shares,
          folding() ? st.signers : null, random);
      if (a.isShort()) {
        shortOfShares = true;
        shortCpu = a.cpuNanos();
        for (int v : a.namedBeforeShort()) {
          named.put(v, "decryption share failed verification or blame (fewer than t honest"
              + " shares left)");
        }
      } else {
        BlockResult result = a.result();
        // Without share faults validators stop sending once the combiner has enough: none comes.
        needMore = a.needsMoreShares() && settings.faults().hasShareFaults();
        ranPrepare = result.ranPrepare();
        BlockResult.PhaseTimings c = result.cpu();
        named.putAll(result.faultyValidators());
        // Faults found by value: a validator named by verification or blame, or a combined
        // secret that failed its check (a valid ciphertext left unopened).
        valueFaults = result.faultyValidators().values().stream()
            .anyMatch(r -> !r.startsWith("malformed") && !r.startsWith("sent "));
        boolean decodeFaults = result.faultyValidators().values().stream()
            .anyMatch(r -> r.startsWith("malformed") || r.startsWith("sent "));
        // A variant that folds the signer set combines nothing when a signer's shares are
        // missing or do not decode (its payloads wait for the reshare).
        boolean combined = !folding() || (!decodeFaults && used.size() == st.signers.size());
        for (int i = 0; i < m && combined && !valueFaults; i++) {
          valueFaults = result.plaintexts().get(i).isEmpty()
              && !result.invalidCiphertexts().contains(i);
        }
        phaseCpu.put(CryptoOp.DECODE, c.decodeNanos());
        phaseCpu.put(CryptoOp.VALIDITY, c.validityNanos());
        phaseCpu.put(CryptoOp.VERIFY, c.verifyNanos());
        phaseCpu.put(CryptoOp.CHECK, c.checkNanos());
        phaseCpu.put(CryptoOp.PREPARE, c.prepareNanos());
        phaseCpu.put(CryptoOp.COMBINE, c.combineNanos());
        phaseCpu.put(CryptoOp.BLAME, c.blameNanos());
        phaseCpu.put(CryptoOp.DECRYPT, c.decryptNanos());
        // A set prepared after dropping faulty validators is one more prepare_combine (variants
        // that fold the signer set wait for new shares instead).
        if (!folding()) {
          finalSet = List.copyOf(result.signersUsed().validators());
        }
        for (int i = 0; i < m; i++) {
          Optional<byte[]> p = result.plaintexts().get(i);
          if (p.isPresent()) {
            st.plaintexts.put(st.pending.get(i), p.get());
          }
        }
      }
    }
    if (folding()) {
      for (int v : st.signers.validators()) {
        if (!used.contains(v)) {
          named.put(v, "no decryption share within crypto.share_timeout");
        }
      }
    }
    for (Map.Entry<Integer, String> e : named.entrySet()) {
      st.excluded.putIfAbsent(e.getKey(), e.getValue());
    }
    long combineNanos = 0;
    long decryptNanos = 0;
    if (shortOfShares) {
      // The real call ran its decode, validity check, prepare and blame before it found fewer
      // than t honest shares; the model prices those phases, measured timing charges its CPU.
      long blame = charge(st.height, CryptoOp.BLAME, size, shortCpu, hw, false);
      for (CryptoOp op : List.of(CryptoOp.DECODE, CryptoOp.VALIDITY, CryptoOp.PREPARE)) {
        blame += charge(st.height, op, size, 0, hw, false);
      }
      st.blameNanos += blame;
      shareFaultCpuNanos += shortCpu;
      combineNanos = blame;
    } else {
      // prepare_combine is paid once per (combiner, signer set): each combiner keeps its own
      // cache (at real heights the combiner's real BlockProposer says whether it prepared).
      java.util.Set<List<Integer>> cache =
          preparedBy.computeIfAbsent(st.combiner, c -> new java.util.HashSet<>());
      boolean newForCombiner = cache.add(List.copyOf(used));
      boolean newFinal = finalSet != null && !finalSet.equals(used) && cache.add(finalSet);
      int prepares = (newForCombiner ? 1 : 0) + (newFinal ? 1 : 0);
      if (ranPrepare != null) {
        prepares = ranPrepare ? Math.max(1, prepares) : 0;
      }
      boolean prepared = prepares == 0;
      List<CryptoOp> ops = new ArrayList<>(honestOps());
      if (valueFaults) {
        // Finding the faulty: a failed share verification searched per validator, or failed
        // combined-result checks and blame; priced as BLAME, calibrated with one bad share.
        ops.remove(CryptoOp.VERIFY);
        ops.remove(CryptoOp.CHECK);
        ops.add(CryptoOp.BLAME);
        phaseCpu.merge(CryptoOp.BLAME, phaseCpu.getOrDefault(CryptoOp.VERIFY, 0L)
            + phaseCpu.getOrDefault(CryptoOp.CHECK, 0L), Long::sum);
      }
      if (!first) {
        ops.remove(CryptoOp.VALIDITY); // the combiner checked these ciphertexts already
        for (CryptoOp op : ops) {
          shareFaultCpuNanos += Math.max(0, phaseCpu.getOrDefault(op, 0L));
        }
        shareFaultCpuNanos += Math.max(0, phaseCpu.getOrDefault(CryptoOp.DECRYPT, 0L));
      } else if (valueFaults) {
        shareFaultCpuNanos += Math.max(0, phaseCpu.getOrDefault(CryptoOp.BLAME, 0L));
      }
      for (CryptoOp op : ops) {
        if (op == CryptoOp.PREPARE && prepared) {
          continue;
        }
        int times = op == CryptoOp.PREPARE ? prepares : 1;
        long cpu = Math.max(0, phaseCpu.getOrDefault(op, 0L));
        long phase = 0;
        for (int i = 0; i < times; i++) {
          phase += charge(st.height, op, size, cpu / times, hw, true);
        }
        combineNanos += phase;
        if (op == CryptoOp.BLAME) {
          st.blameNanos += phase;
        } else if (op == CryptoOp.CHECK) {
          st.checkNanos += phase;
        }
        if (phase > 0 && first) {
          combineSplit = combineSplit.plus(tm.split(op, size, cpu, op.parallelUnits(size), hw));
        }
      }
      decryptNanos = charge(st.height, CryptoOp.DECRYPT, size,
          Math.max(0, phaseCpu.getOrDefault(CryptoOp.DECRYPT, 0L)), hw, true);
      if (decryptNanos > 0 && first) {
        combineSplit = combineSplit.plus(tm.split(CryptoOp.DECRYPT, size,
            phaseCpu.getOrDefault(CryptoOp.DECRYPT, 0L), CryptoOp.DECRYPT.parallelUnits(size),
            hw));
      }
    }
    if (first) {
      splitHeights++;
      st.combineNanos = combineNanos;
      st.decryptNanos = decryptNanos;
      st.signersUsed = used.size();
    }
    boolean wasShort = shortOfShares || needMore;
    // The set tried, in arrival order less the named (what usable() gives when nothing changed).
    List<Integer> tried = (folding() ? st.arrived : usable(st)).stream()
        .filter(v -> !st.excluded.containsKey(v)).toList();
    sim.scheduleAfter(combineNanos + decryptNanos, s -> afterAttempt(st, wasShort, tried));
  }

  /** What the combiner does when a block_propose ends: done, reshare, or wait for more shares. */
  private void afterAttempt(HeightState st, boolean wasShort, List<Integer> usedSet) {
    st.busy = false;
    st.pending = real(st.height)
        ? st.pending.stream().filter(j -> !st.plaintexts.containsKey(j)).toList()
        : List.of();
    if (st.pending.isEmpty()) {
      finish(st);
      return;
    }
    if (st.reshareFromNanos < 0) {
      st.reshareFromNanos = sim.nowNanos();
    }
    if (folding()) {
      // New shares for the set without the faulty and the missing (a reshare).
      boolean newFaulty = !st.signers.validators().stream()
          .allMatch(v -> !st.excluded.containsKey(v));
      if (!newFaulty) {
        finish(st); // nothing attributable: those payloads stay unopened, never wrong
        return;
      }
      st.reshares++;
      List<Integer> keep = st.signers.validators().stream()
          .filter(v -> !st.excluded.containsKey(v)).toList();
      announce(st, signerSetFrom(keep, st.excluded.keySet()));
    } else if (wasShort) {
      // Fewer than t honest among them, or a bad share no spare point could attribute: wait for
      // one more validator's shares, then retry (none left to come: those stay unopened).
      if (st.arrived.size() == committee.validators() && usable(st).equals(usedSet)) {
        finish(st);
        return;
      }
      st.shortWith = usedSet;
      st.reshares++;
      st.combining = false;
      tryCombine(st);
    } else {
      finish(st); // nothing attributable: those payloads stay unopened, never wrong
    }
  }

  private void finish(HeightState st) {
    st.done = true;
    int m = st.payloads.size();
    int opened = 0;
    String collision = "";
    if (real(st.height)) {
      for (int j = 0; j < m; j++) {
        byte[] p = st.plaintexts.get(j);
        boolean colliding = st.colliding != null && j == 0;
        if (colliding) {
          if (p == null) {
            collision = "unopened";
          } else if (Arrays.equals(p, st.payloads.get(0))) {
            collision = "honest";
            opened++;
          } else {
            collision = Arrays.equals(p, st.colliding.shiftedPlaintext()) ? "shifted" : "other";
            collidingOpenedShifted++;
            mismatches++;
          }
        } else if (p != null && Arrays.equals(p, st.payloads.get(j))) {
          opened++;
        } else {
          mismatches++;
        }
      }
    }
    int openedFinal = opened;
    String collisionFinal = collision;
    long executionNanos = m * settings.executionPerTxNanos();
    sim.scheduleAfter(executionNanos, s -> {
      st.readyNanos = s.nowNanos();
      long decrypted = st.readyNanos - executionNanos;
      long start = st.sharesCompleteNanos >= 0 ? Math.max(st.sharesCompleteNanos, st.commitNanos)
          : decrypted;
      long wait = Math.max(0, start - st.commitNanos);
      long combinerLag = st.commitNanos - st.decidedNanos;
      long reshareNanos = st.attempts > 1 || st.reshareFromNanos >= 0
          ? Math.max(0, decrypted - (st.firstAttemptNanos + st.combineNanos + st.decryptNanos))
          : 0;
      ProcessingTime p = st.processing;
      records.put(st.height, new HeightRecord(st.height, st.decidedRound, m, st.blockBytes,
          st.combiner, st.proposeNanos, st.decidedNanos, st.commitNanos,
          st.decidedNanos - st.proposeNanos, p.validationNanos(), p.signatureNanos(),
          p.walNanos(), Math.min(wait, st.criticalCreateNanos),
          combinerLag + Math.max(0, wait - st.criticalCreateNanos), st.combineNanos,
          st.decryptNanos, decrypted - st.decidedNanos, executionNanos,
          Math.max(0, st.proposalWaitNanos), st.signersUsed, openedFinal, real(st.height),
          List.copyOf(st.excluded.keySet()), st.blameNanos, st.checkNanos, reshareNanos,
          st.reshares, collisionFinal));
      onDecrypted.accept(st.height);
      st.cts = null;
      st.genShares = null;
      st.sent.clear();
      for (Runnable r : st.onReady) {
        r.run();
      }
      st.onReady.clear();
    });
  }

  /** Mutable bookkeeping of one height, owned by the pipeline. */
  private final class HeightState {
    final int height;
    final long[] commitAt;
    final long[] announcedAt;
    final boolean[] started;
    final List<Integer> arrived = new ArrayList<>();
    final List<Runnable> onReady = new ArrayList<>();
    /** The shares each arrived validator sent the combiner (current signer set). */
    final Map<Integer, List<byte[]>> sent = new HashMap<>();
    /** Validators named faulty at this height, with the reason. */
    final Map<Integer, String> excluded = new TreeMap<>();
    /** Opened plaintexts by ciphertext index. */
    final Map<Integer, byte[]> plaintexts = new HashMap<>();
    List<byte[]> payloads;
    List<Ciphertext> cts;
    /** Ciphertext indices still to open (all of them until the first block_propose). */
    List<Integer> pending;
    KeyCollision.Colliding colliding;
    int colluder = -1;
    long blockBytes;
    long validityCpuNanos;
    long proposeNanos;
    long roundZeroNanos = -1;
    long decidedNanos = -1;
    int decidedRound;
    ProcessingTime processing = ProcessingTime.NONE;
    long proposalWaitNanos = -1;
    int combiner = -1;
    /** The round-0 proposer of the next height, and the validator after it by id. */
    int designated = -1;
    int backup = -1;
    int round;
    long commitNanos = -1;
    SignerSet signers;
    int generation;
    Map<Integer, List<byte[]>> genShares;
    Map<Integer, Long> genShareCpu;
    boolean combining;
    boolean busy;
    boolean done;
    boolean timedOut;
    int attempts;
    /** The usable shares of the last attempt that found fewer than t honest (not to retry). */
    List<Integer> shortWith = List.of();
    int reshares;
    int signersUsed;
    long sharesCompleteNanos = -1;
    long criticalCreateNanos;
    long firstAttemptNanos = -1;
    long reshareFromNanos = -1;
    long combineNanos;
    long decryptNanos;
    long blameNanos;
    long checkNanos;
    long readyNanos = -1;

    HeightState(int height) {
      this.height = height;
      int v = committee.validators();
      this.commitAt = new long[v];
      this.announcedAt = new long[v];
      this.started = new boolean[v];
      Arrays.fill(commitAt, -1);
      Arrays.fill(announcedAt, -1);
    }
  }
}
