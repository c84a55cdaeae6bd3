package dev.tdsim.faults;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The faults of one run, resolved against the committee: immutable, and cheap to ask per event
 * (each query looks only at the faults of the validators it names, normally none or one; no scan
 * over the committee). Built by {@link #resolve}; {@link #NONE} has no faults.
 *
 * <p>Every query takes the chain height and the simulated time (see {@link FaultWindow} for what
 * the height of network and node faults means). A message between two validators is hit by a
 * link fault (loss, delay, slow's extra delay) when its sender or its receiver is a target; a
 * fault that targets both counts once.
 */
public final class FaultPlan {
  /** A run without faults. */
  public static final FaultPlan NONE = new Builder(0).build(List.of());

  /** One effect of one fault on one validator. */
  private record Entry(int fault, FaultWindow window, double value, long nanos) {}

  private static final Entry[] NO_ENTRIES = new Entry[0];

  private record Partition(int fault, FaultWindow window, int[] groupOf) {}

  private record Share(FaultWindow window, ShareFault fault) {}

  private record Dealer(FaultWindow window, DealerFault fault) {}

  private final int validators;
  private final List<ResolvedFault> faults;
  private final Entry[][] crash;
  private final Entry[][] cpu;
  private final Entry[][] delay;
  private final Entry[][] loss;
  private final Entry[][] silent;
  private final Entry[][] equivocateProposer;
  private final Entry[][] equivocateVoter;
  private final Entry[][] badPartial;
  private final SplitVotes splitVotes;
  private final Share[][] shares;
  private final Dealer[][] dealers;
  private final Partition[] partitions;
  private final boolean actsOnMessages;
  private final long lastChangeNanos;

  private FaultPlan(Builder b, List<ResolvedFault> faults) {
    this.validators = b.validators;
    this.faults = List.copyOf(faults);
    this.crash = freeze(b.crash);
    this.cpu = freeze(b.cpu);
    this.delay = freeze(b.delay);
    this.loss = freeze(b.loss);
    this.silent = freeze(b.silent);
    this.equivocateProposer = freeze(b.equivocateProposer);
    this.equivocateVoter = freeze(b.equivocateVoter);
    this.badPartial = freeze(b.badPartial);
    b.splitVotes.freeze();
    this.splitVotes = b.splitVotes;
    this.shares = new Share[validators][];
    for (int v = 0; v < validators; v++) {
      shares[v] = b.shares.get(v).toArray(new Share[0]);
    }
    this.dealers = new Dealer[validators][];
    for (int v = 0; v < validators; v++) {
      dealers[v] = b.dealers.get(v).toArray(new Dealer[0]);
    }
    this.partitions = b.partitions.toArray(new Partition[0]);
    this.actsOnMessages = faults.stream().anyMatch(f -> f.kind().actsOnMessages());
    long last = 0;
    for (ResolvedFault f : faults) {
      FaultWindow w = f.window();
      last = Math.max(last, w.fromNanos());
      if (w.hasUntil()) {
        last = Math.max(last, w.untilNanos());
      }
    }
    this.lastChangeNanos = last;
  }

  /**
   * Resolves a scenario's faults against its committee.
   *
   * @throws IndexedFaultException naming the fault and its field, for a validator id that does
   *     not exist or a region no validator is in
   */
  public static FaultPlan resolve(List<FaultSpec> specs, Committee committee) {
    Builder b = new Builder(committee.size());
    List<ResolvedFault> resolved = new ArrayList<>();
    long total = committee.totalStake();
    for (int i = 0; i < specs.size(); i++) {
      FaultSpec spec = specs.get(i);
      try {
        int[] hit = spec.kind().takesTarget() ? committee.resolve(spec.target()) : new int[0];
        b.touched = new boolean[committee.size()];
        spec.kind().apply(i, spec, hit, committee, b);
        for (int v : hit) {
          b.touched[v] = true;
        }
        List<Integer> whom = new ArrayList<>();
        long stake = 0;
        for (int v = 0; v < committee.size(); v++) {
          if (b.touched[v]) {
            whom.add(v);
            stake += committee.stake()[v];
          }
        }
        resolved.add(new ResolvedFault(i, spec, whom, total == 0 ? 0 : (double) stake / total));
      } catch (FaultException e) {
        throw new IndexedFaultException(i, e);
      }
    }
    return b.build(resolved);
  }

  // ------------------------------------------------------------ what the run asks

  /** Validators of the committee the plan was resolved for. */
  public int validators() {
    return validators;
  }

  /** The faults with whom they hit, in the scenario's order (the report's timeline). */
  public List<ResolvedFault> faults() {
    return faults;
  }

  public boolean isEmpty() {
    return faults.isEmpty();
  }

  /** Whether some fault changes consensus (and so needs the exact consensus model). */
  public boolean actsOnMessages() {
    return actsOnMessages;
  }

  /**
   * The last simulated time at which a time window opens or closes (0 if none): after it, and
   * without a commit, nothing can change any more (used to decide that a chain has halted).
   */
  public long lastChangeNanos() {
    return lastChangeNanos;
  }

  /**
   * The simulated times at which some fault's time window opens or closes (ascending, distinct,
   * above 0): where crashed validators may recover.
   */
  public long[] changeTimesNanos() {
    return faults.stream()
        .flatMapToLong(f -> java.util.stream.LongStream.of(f.window().fromNanos(),
            f.window().untilNanos()))
        .filter(t -> t > 0 && t != FaultWindow.FOREVER_NANOS)
        .distinct().sorted().toArray();
  }

  /** Whether {@code validator} is crashed: it neither sends, receives nor acts. */
  public boolean isCrashed(int validator, int height, long atNanos) {
    return any(crash[validator], height, atNanos);
  }

  /** Whether a message from {@code from} can reach {@code to} (neither crashed nor cut off). */
  public boolean canReach(int from, int to, int height, long atNanos) {
    if (isCrashed(from, height, atNanos) || isCrashed(to, height, atNanos)) {
      return false;
    }
    for (Partition p : partitions) {
      if (p.groupOf[from] != p.groupOf[to] && p.window.active(height, atNanos)) {
        return false;
      }
    }
    return true;
  }

  /**
   * When the partitions that separate {@code from} and {@code to} now all end: the latest of
   * their {@code until} times; {@link #UNKNOWN_HEAL} when one of them ends at a height only,
   * {@link FaultWindow#FOREVER_NANOS} when one never ends. Only meaningful when {@link
   * #canReach} is false for a partition (not a crash).
   */
  public long healNanos(int from, int to, int height, long atNanos) {
    long heal = atNanos;
    for (Partition p : partitions) {
      if (p.groupOf[from] != p.groupOf[to] && p.window.active(height, atNanos)) {
        if (p.window.hasUntilHeight() && !p.window.hasUntil()) {
          return UNKNOWN_HEAL;
        }
        // one that also ends at a height ends at its time at the latest: the others still count
        heal = Math.max(heal, p.window.untilNanos());
      }
    }
    return heal;
  }

  /** {@link #healNanos}: the partition ends at a height, so at an unknown time. */
  public static final long UNKNOWN_HEAL = -1;

  /** The chance that a message from {@code from} to {@code to} is lost, in [0, 1]. */
  public double lossProbability(int from, int to, int height, long atNanos) {
    Entry[] a = loss[from];
    Entry[] b = loss[to];
    if (a.length == 0 && b.length == 0) {
      return 0;
    }
    double keep = 1;
    for (Entry e : a) {
      if (e.window.active(height, atNanos)) {
        keep *= 1 - e.value;
      }
    }
    for (Entry e : b) {
      if (e.window.active(height, atNanos) && !has(a, e.fault)) {
        keep *= 1 - e.value;
      }
    }
    return 1 - keep;
  }

  /** Latency added to a message from {@code from} to {@code to}, in nanoseconds. */
  public long extraDelayNanos(int from, int to, int height, long atNanos) {
    Entry[] a = delay[from];
    Entry[] b = delay[to];
    if (a.length == 0 && b.length == 0) {
      return 0;
    }
    long sum = 0;
    for (Entry e : a) {
      if (e.window.active(height, atNanos)) {
        sum += e.nanos;
      }
    }
    for (Entry e : b) {
      if (e.window.active(height, atNanos) && !has(a, e.fault)) {
        sum += e.nanos;
      }
    }
    return sum;
  }

  /** What {@code validator}'s CPU costs are multiplied by (1 when it is not slow). */
  public double cpuFactor(int validator, int height, long atNanos) {
    double f = 1;
    for (Entry e : cpu[validator]) {
      if (e.window.active(height, atNanos)) {
        f *= e.value;
      }
    }
    return f;
  }

  /**
   * The CPU factor of {@code validator} from slow faults active for the whole run (1 when
   * none): what its hardware speed is divided by for work charged through the hardware model
   * (decryption shares, combining, block validation).
   */
  public double constantCpuFactor(int validator) {
    double f = 1;
    for (Entry e : cpu[validator]) {
      if (e.window.equals(FaultWindow.ALWAYS)) {
        f *= e.value;
      }
    }
    return f;
  }

  /**
   * The time intervals, from the time windows of crash and partition faults without height
   * bounds, during which no set of validators that can all reach each other holds {@code
   * quorumStake} of live stake: the chain cannot commit then. Each as {from, until} (until
   * {@link FaultWindow#FOREVER_NANOS} when it never heals), ascending, merged.
   */
  public List<long[]> quorumLostIntervals(long[] stake, long quorumStake) {
    List<Long> times = new ArrayList<>();
    times.add(0L);
    for (long t : changeTimesNanos()) {
      times.add(t);
    }
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      long t = times.get(i);
      long next = i + 1 < times.size() ? times.get(i + 1) : FaultWindow.FOREVER_NANOS;
      if (!quorumAt(t, stake, quorumStake)) {
        if (!out.isEmpty() && out.get(out.size() - 1)[1] == t) {
          out.get(out.size() - 1)[1] = next;
        } else {
          out.add(new long[] {t, next});
        }
      }
    }
    return out;
  }

  /** Whether live validators that reach each other hold a quorum at {@code t} (time only). */
  private boolean quorumAt(long t, long[] stake, long quorumStake) {
    java.util.Map<String, Long> byCell = new java.util.HashMap<>();
    for (int v = 0; v < validators; v++) {
      if (timeOnly(crash[v], t)) {
        continue;
      }
      StringBuilder cell = new StringBuilder();
      for (Partition p : partitions) {
        if (p.window.fromHeight() == 1 && p.window.untilHeight() == FaultWindow.NO_LAST_HEIGHT
            && t >= p.window.fromNanos() && t < p.window.untilNanos()) {
          cell.append(p.groupOf[v]).append(',');
        }
      }
      byCell.merge(cell.toString(), stake[v], Long::sum);
    }
    return byCell.values().stream().anyMatch(s -> s >= quorumStake);
  }

  private static boolean timeOnly(Entry[] entries, long t) {
    for (Entry e : entries) {
      FaultWindow w = e.window;
      if (w.fromHeight() == 1 && w.untilHeight() == FaultWindow.NO_LAST_HEIGHT
          && t >= w.fromNanos() && t < w.untilNanos()) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code validator} skips its proposals. */
  public boolean isSilentProposer(int validator, int height, long atNanos) {
    return any(silent[validator], height, atNanos);
  }

  /** Whether {@code validator}'s precommit carries a bad threshold-BLS partial signature. */
  public boolean sendsBadPartial(int validator, int height, long atNanos) {
    return any(badPartial[validator], height, atNanos);
  }

  /** Whether {@code validator}, as proposer, signs two conflicting proposals. */
  public boolean equivocatesAsProposer(int validator, int height, long atNanos) {
    return any(equivocateProposer[validator], height, atNanos);
  }

  /** Whether {@code validator} signs two conflicting prevotes and precommits. */
  public boolean equivocatesAsVoter(int validator, int height, long atNanos) {
    return any(equivocateVoter[validator], height, atNanos);
  }

  /** The split-vote attack {@code validator} takes part in (as one of its coalition), or null. */
  public dev.tdsim.consensus.SplitVote splitVote(int validator, int height, long atNanos) {
    return splitVotes.at(validator, height, atNanos);
  }

  /** Whether some validator is ever in a split-vote coalition. */
  public boolean hasSplitVotes() {
    return splitVotes.any();
  }

  /** Whether some validator ever equivocates (as proposer or voter, alone or in a coalition). */
  public boolean hasEquivocation() {
    if (hasSplitVotes()) {
      return true;
    }
    for (int v = 0; v < validators; v++) {
      if (equivocateProposer[v].length > 0 || equivocateVoter[v].length > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The share fault {@code validator} commits at {@code height}: the first in the scenario's
   * order whose window holds for that height and {@code commitNanos} (the time the height was
   * committed, for faults with {@code from}/{@code until}), or empty for an honest validator.
   */
  public Optional<ShareFault> shareFault(int validator, int height, long commitNanos) {
    for (Share s : shares[validator]) {
      if (s.window.active(height, commitNanos)) {
        return Optional.of(s.fault);
      }
    }
    return Optional.empty();
  }

  /**
   * The dealer fault of {@code validator} in the DKG of the key epoch whose first height is
   * {@code epochFirstHeight}, started at {@code startNanos}: the first in the scenario's order
   * whose window holds, or empty for an honest dealer.
   */
  public Optional<DealerFault> dealerFault(int validator, int epochFirstHeight, long startNanos) {
    if (validator >= dealers.length) {
      return Optional.empty(); // NONE: no validators, no faults
    }
    for (Dealer d : dealers[validator]) {
      if (d.window.active(epochFirstHeight, startNanos)) {
        return Optional.of(d.fault);
      }
    }
    return Optional.empty();
  }

  /** Whether some validator is a faulty DKG dealer at some time. */
  public boolean hasDealerFaults() {
    for (Dealer[] d : dealers) {
      if (d.length > 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether some validator has a share fault at some time. */
  public boolean hasShareFaults() {
    for (Share[] s : shares) {
      if (s.length > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The faults active at some moment of height {@code height}, which ran from {@code startNanos}
   * to {@code endNanos} (its first commit): their indices, ascending.
   */
  public int[] activeDuring(int height, long startNanos, long endNanos) {
    int[] out = new int[faults.size()];
    int n = 0;
    for (ResolvedFault f : faults) {
      // a fault on no validator (an empty list, 0% of the stake) acts on nothing: never active
      if (!f.validators().isEmpty() && f.window().overlaps(height, startNanos, endNanos)) {
        out[n++] = f.index();
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static boolean any(Entry[] entries, int height, long atNanos) {
    for (Entry e : entries) {
      if (e.window.active(height, atNanos)) {
        return true;
      }
    }
    return false;
  }

  private static boolean has(Entry[] entries, int fault) {
    for (Entry e : entries) {
      if (e.fault == fault) {
        return true;
      }
    }
    return false;
  }

  private static Entry[][] freeze(List<List<Entry>> byValidator) {
    Entry[][] out = new Entry[byValidator.size()][];
    for (int v = 0; v < out.length; v++) {
      List<Entry> l = byValidator.get(v);
      out[v] = l.isEmpty() ? NO_ENTRIES : l.toArray(NO_ENTRIES);
    }
    return out;
  }

  // ------------------------------------------------------------ building

  /** What fault kinds add their effects to (see {@link FaultKind#apply}). */
  public static final class Builder {
    private final int validators;
    private final List<List<Entry>> crash;
    private final List<List<Entry>> cpu;
    private final List<List<Entry>> delay;
    private final List<List<Entry>> loss;
    private final List<List<Entry>> silent;
    private final List<List<Entry>> equivocateProposer;
    private final List<List<Entry>> equivocateVoter;
    private final List<List<Entry>> badPartial;
    private final SplitVotes splitVotes;
    private final List<List<Share>> shares;
    private final List<List<Dealer>> dealers;
    private final List<Partition> partitions = new ArrayList<>();
    /** The validators the fault being applied hits (for the timeline). */
    private boolean[] touched;

    private Builder(int validators) {
      this.validators = validators;
      this.crash = lists(validators);
      this.cpu = lists(validators);
      this.delay = lists(validators);
      this.loss = lists(validators);
      this.silent = lists(validators);
      this.equivocateProposer = lists(validators);
      this.equivocateVoter = lists(validators);
      this.badPartial = lists(validators);
      this.splitVotes = new SplitVotes(validators);
      this.shares = lists(validators);
      this.dealers = lists(validators);
      this.touched = new boolean[validators];
    }

    private static <T> List<List<T>> lists(int n) {
      return Stream.generate(() -> new ArrayList<T>(1)).limit(n)
          .collect(Collectors.toList());
    }

    /** The validators stop sending, receiving and acting during the window. */
    public void crash(int fault, int[] validators, FaultWindow window) {
      add(crash, fault, validators, window, 0, 0);
    }

    /** The validators' CPU costs are multiplied by {@code factor} (>= 1). */
    public void cpu(int fault, int[] validators, FaultWindow window, double factor) {
      if (factor != 1) {
        add(cpu, fault, validators, window, factor, 0);
      }
    }

    /** Messages to and from the validators take {@code extraNanos} longer. */
    public void delay(int fault, int[] validators, FaultWindow window, long extraNanos) {
      if (extraNanos != 0) {
        add(delay, fault, validators, window, 0, extraNanos);
      }
    }

    /** Messages to and from the validators are lost with {@code probability}. */
    public void loss(int fault, int[] validators, FaultWindow window, double probability) {
      add(loss, fault, validators, window, probability, 0);
    }

    /** The validators do not propose. */
    public void silentProposer(int fault, int[] validators, FaultWindow window) {
      add(silent, fault, validators, window, 0, 0);
    }

    /** The validators sign conflicting proposals and/or votes. */
    public void equivocate(int fault, int[] validators, FaultWindow window, boolean asProposer,
        boolean asVoter) {
      if (asProposer) {
        add(equivocateProposer, fault, validators, window, 0, 0);
      }
      if (asVoter) {
        add(equivocateVoter, fault, validators, window, 0, 0);
      }
    }

    /** The validators' precommits carry bad threshold-BLS partial signatures. */
    public void badPartial(int fault, int[] validators, FaultWindow window) {
      add(badPartial, fault, validators, window, 0, 0);
    }

    /**
     * The validators form one split-vote coalition during the window (see {@link
     * SplitVotes#sideB} for how it splits the honest ones).
     */
    public void splitVote(int fault, int[] validators, FaultWindow window, Committee committee) {
      splitVotes.add(validators, window, committee.stake());
    }

    /** The groups cannot reach each other in the window; those in no group form one more. */
    public void partition(int fault, FaultWindow window, int[][] groups) {
      int[] groupOf = new int[validators];
      Arrays.fill(groupOf, groups.length);
      for (int g = 0; g < groups.length; g++) {
        for (int v : groups[g]) {
          groupOf[v] = g;
          touched[v] = true;
        }
      }
      partitions.add(new Partition(fault, window, groupOf));
    }

    /** The validators misbehave with their decryption shares. */
    public void share(int fault, int[] validators, FaultSpec spec, ShareFaultType type) {
      for (int v : validators) {
        shares.get(v).add(new Share(spec.window(), new ShareFault(type, fault, spec)));
      }
    }

    /** The validators deal nothing ({@code lies} false) or a bad transcript in a DKG. */
    public void dealer(int fault, int[] validators, FaultWindow window, boolean lies) {
      for (int v : validators) {
        dealers.get(v).add(new Dealer(window, new DealerFault(fault, lies)));
        touched[v] = true;
      }
    }

    private static void add(List<List<Entry>> table, int fault, int[] validators,
        FaultWindow window, double value, long nanos) {
      Entry e = new Entry(fault, window, value, nanos);
      for (int v : validators) {
        table.get(v).add(e);
      }
    }

    private FaultPlan build(List<ResolvedFault> faults) {
      return new FaultPlan(this, faults);
    }
  }
}
