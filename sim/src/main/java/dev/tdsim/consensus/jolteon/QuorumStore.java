package dev.tdsim.consensus.jolteon;

import dev.tdsim.consensus.BlockSource.Transactions;
import dev.tdsim.consensus.Message;
import dev.tdsim.consensus.NodeCosts;
import dev.tdsim.consensus.jolteon.JolteonSettings.QuorumStoreConfig;
import dev.tdsim.cpu.NodeCpu;
import dev.tdsim.engine.Simulation;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.timing.Scaling;
import dev.tdsim.workload.TxBatch;
import dev.tdsim.workload.TxPool;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Aptos' Quorum Store (AIP-26; aptos-core {@code consensus/src/quorum_store}): a height's
 * transactions travel in batches before its proposal, and its block carries one proof of store
 * per batch instead of the transactions.
 *
 * <p>tdsim has no mempool yet, so a height's transactions (the pipeline's block, {@link
 * dev.tdsim.consensus.BlockSource#pendingTransactions}) enter the mempools of the validators
 * live when the height is cut, evenly (the first {@code count mod live} of them, rotating with
 * the height, one more). Each author cuts its share into batches of at most {@code
 * sender_max_batch_txns} transactions and {@code sender_max_batch_bytes} bytes and broadcasts
 * each batch (its transactions' bytes on its own uplink). A receiver stores the batch and sends
 * the author a signed BatchInfo (one signature of {@code consensus.certificate}); the author
 * verifies each signature and, at 2f+1 of the stake including its own, aggregates them into a
 * proof of store (the certificate's combine) and broadcasts it. A receiver verifies a proof's
 * aggregate signature once (the certificate's check; refused with a reason if it does not
 * verify or its signers hold less than 2f+1) and caches it. That work runs on the validator's
 * cores beside its consensus thread, in parallel (Aptos' Quorum Store tasks); a voter verifies
 * the proofs of a proposed block it has not verified yet on its consensus thread before it
 * votes.
 *
 * <p>Back pressure (Aptos runs saturated): authors cut the batches of a height as soon as the
 * transactions of the heights cut but not yet ordered, with it, stay within {@code
 * backlog_txn_limit_count} (the next height after the highest ordered one is always cut), so
 * batching runs ahead of consensus and a leader normally holds its height's proofs when its
 * round starts; it waits for any it lacks (bounded by its round timer). The first heights
 * (proposed 3 hops later: batch, signatures, proof) and any height whose proofs are late show
 * Quorum Store's extra hops.
 *
 * <p>Faults: a crashed validator authors no batch of the heights cut while it is down; an author
 * that crashes before its batch's proof forms has that batch cut again, with the same
 * transactions, by the next live validator (Aptos: the proof expires after {@code
 * proof_timeout_ms} and the transactions are batched again). Quorum Store's messages are sent
 * again when a fault loses them (they stand for Aptos' batch retries and retrieval). A leader
 * that was down when a proof was broadcast never holds it: its rounds of that height time out.
 * Not modelled: a validator missing a batch is taken to fetch it from the proof's signers in
 * time for execution (the fetch's traffic is not counted); batch expiry and proof timeouts;
 * batch generation's intervals and rate limits; opt (OptQS) and inline batches.
 */
final class QuorumStore {
  /**
   * Aptos' BatchInfo on the wire: author (32), batch id (8), epoch (8), expiration (8), digest
   * (32), num_txns (8), num_bytes (8), gas bucket start (8) [inferred from its fields].
   */
  static final long BATCH_INFO_BYTES = 112;

  /**
   * One batch: {@code txCount} transactions of {@code height} (0: of any height, pulled from a
   * mempool) cut by {@code author}; {@code handle} is the block source's name of a pulled batch
   * (-1: cut from a height's transactions).
   */
  record Batch(int id, int height, int author, int txCount, long txBytes, int handle) {}

  /**
   * A proof of store: the BatchInfo of {@code batch} with an aggregate signature of {@code
   * signers} over the BatchInfo of batch {@code aggregateOf} (a valid proof: its own batch's).
   */
  record ProofOfStore(Batch batch, List<Integer> signers, int aggregateOf) {
    ProofOfStore {
      signers = List.copyOf(signers);
    }
  }

  /** Quorum Store's messages: sent again when a fault loses them. */
  sealed interface QsMessage extends Message {}

  /** An author's batch, broadcast to all. */
  record BatchMsg(Batch batch, long wireBytes) implements QsMessage {}

  /** {@code signer}'s signature on a batch's BatchInfo, to its author only. */
  record SignedBatchInfo(Batch batch, int signer, long wireBytes) implements QsMessage {}

  /** A proof of store, broadcast to all by its batch's author. */
  record ProofMsg(ProofOfStore proof, long wireBytes) implements QsMessage {}

  private final JolteonProtocol protocol;
  private final QuorumStoreConfig config;
  private final Simulation sim;
  private final NodeCosts costs;
  private final long[] stake;
  private final int validators;
  private final Store[] stores;
  private final List<Batch> batches = new ArrayList<>();
  /** The batches each cut height's block carries proofs of (after any re-cut). */
  private final Map<Integer, List<Batch>> byHeight = new HashMap<>();
  /** Batches whose author formed their proof. */
  private final BitSet formed = new BitSet();
  /** Transactions of each cut height, by height. */
  private final Map<Integer, Integer> heightTxns = new HashMap<>();
  private int cutThrough;
  private int orderedHeight;
  private long backlogTxns;
  private final List<String> refusals = new ArrayList<>();
  private long messages;
  /** Signed batch infos are not checked one by one: their aggregate is, in the proof. */
  private final boolean optimistic;
  /** The validators' mempools batches are pulled from, or null: cut from each height. */
  private final TxPool pool;
  private final boolean pooled;
  private final BatchGenerator[] generators;
  /** Pulled batches some height's block carries. */
  private final BitSet assigned = new BitSet();
  /** Pulled batches with a proof whose block is not ordered yet (Aptos' back pressure). */
  private final BitSet backlogged = new BitSet();
  /** Pulled batches sealed for one height, by that height. */
  private final Map<Integer, List<Batch>> sealedFor = new HashMap<>();
  private long proofsWaiting;
  private long txnsWaiting;

  QuorumStore(JolteonProtocol protocol, QuorumStoreConfig config) {
    this.protocol = protocol;
    this.config = config;
    this.optimistic = protocol.settings.optimisticSigVerification();
    this.sim = protocol.context.sim();
    this.costs = protocol.context.costs();
    this.stake = protocol.context.stake();
    this.validators = stake.length;
    this.stores = new Store[validators];
    for (int i = 0; i < validators; i++) {
      stores[i] = new Store(i);
    }
    this.pool = protocol.context.blocks().pool().orElse(null);
    this.pooled = pool != null;
    this.generators = new BatchGenerator[pooled ? validators : 0];
    for (int i = 0; i < generators.length; i++) {
      generators[i] = new BatchGenerator(this, sim, config, i, validators);
    }
  }

  // ---- cutting batches ----

  /**
   * The run starts: authors cut as far ahead as back pressure lets them, or, with mempools, each
   * validator's batch generator starts its clock.
   */
  void start() {
    if (!pooled) {
      cutAhead();
      return;
    }
    long poll = config.generation().pollIntervalNanos();
    for (int v = 0; v < validators; v++) {
      long phase = protocol.context.streams().stream("quorum-store.batch-phase", v)
          .nextLong(poll);
      generators[v].start(sim.nowNanos(), phase);
    }
  }

  /** {@code height} was first ordered: its transactions leave the backlog. */
  void onOrdered(int height) {
    if (pooled) {
      for (int h = orderedHeight + 1; h <= height; h++) {
        batchesOf(h).forEach(this::leaveBacklog);
        // sealed for a height now ordered without them: their proofs expire
        sealedFor.getOrDefault(h, List.of()).forEach(this::leaveBacklog);
        sealedFor.remove(h);
      }
      orderedHeight = Math.max(orderedHeight, height);
      return;
    }
    if (height > orderedHeight) {
      for (int h = orderedHeight + 1; h <= height; h++) {
        backlogTxns -= heightTxns.getOrDefault(h, 0);
      }
      orderedHeight = height;
    }
    cutAhead();
  }

  private void cutAhead() {
    while (cutThrough < protocol.context.heights()) {
      int h = cutThrough + 1;
      Transactions t = protocol.context.blocks().pendingTransactions(h);
      if (h > orderedHeight + 1 && backlogTxns + t.count() > config.backlogTxnLimitCount()) {
        return;
      }
      cut(h, t);
    }
  }

  private void cut(int h, Transactions t) {
    cutThrough = h;
    heightTxns.put(h, t.count());
    backlogTxns += t.count();
    List<Integer> live = new ArrayList<>();
    for (int v = 0; v < validators; v++) {
      if (!down(v)) {
        live.add(v);
      }
    }
    List<Batch> cut = new ArrayList<>();
    byHeight.put(h, cut);
    int k = live.size();
    int left = t.count();
    long bytesLeft = t.bytes();
    for (int i = 0; i < k && left > 0; i++) {
      int author = live.get((h + i) % k);
      int share = t.count() / k + (i < t.count() % k ? 1 : 0);
      if (share == 0) {
        continue;
      }
      long bytes = share == left ? bytesLeft : t.bytes() * share / t.count();
      left -= share;
      bytesLeft -= bytes;
      cutShare(h, author, share, bytes, cut);
    }
    for (Batch b : cut) {
      broadcastBatch(b);
    }
    if (cut.isEmpty()) {
      // Nothing to wait for: a leader waiting for this height proposes.
      for (Store s : stores) {
        Runnable propose = s.waiting.remove(h);
        if (propose != null) {
          propose.run();
        }
      }
    }
  }

  /** Cuts {@code author}'s share into batches within the batch limits. */
  private void cutShare(int h, int author, int txns, long bytes, List<Batch> out) {
    long perTx = Math.max(1, bytes / txns);
    int perBatch = (int) Math.max(1, Math.min(config.senderMaxBatchTxns(),
        config.senderMaxBatchBytes() / perTx));
    int left = txns;
    long bytesLeft = bytes;
    while (left > 0) {
      int n = Math.min(perBatch, left);
      long b = n == left ? bytesLeft : bytes * n / txns;
      out.add(newBatch(h, author, n, b));
      left -= n;
      bytesLeft -= b;
    }
  }

  private Batch newBatch(int h, int author, int txns, long bytes) {
    return newBatch(h, author, txns, bytes, -1);
  }

  private Batch newBatch(int h, int author, int txns, long bytes, int handle) {
    Batch b = new Batch(batches.size(), h, author, txns, bytes, handle);
    batches.add(b);
    return b;
  }

  // ---- batches pulled from the mempools ----

  /** {@code author} pulls from its own mempool (see {@link BatchGenerator}). */
  List<TxBatch> pull(int author, int maxTxns, long maxBytes, int batchTxns, long batchBytes) {
    return pool.pull(author, maxTxns, maxBytes, batchTxns, batchBytes);
  }

  /** {@code author} broadcasts a batch it pulled. */
  void broadcastPulled(int author, TxBatch pulled) {
    Batch b = newBatch(pulled.forHeight(), author, pulled.count(), pulled.bytes(),
        pulled.handle());
    if (b.height() > 0) {
      sealedFor.computeIfAbsent(b.height(), h -> new ArrayList<>()).add(b);
    }
    broadcastBatch(b);
  }

  /** Proofs formed whose batches' block is not ordered yet. */
  long proofsWaiting() {
    return proofsWaiting;
  }

  /** Transactions in those proofs. */
  long txnsWaiting() {
    return txnsWaiting;
  }

  /** Whether every height of the run has its block's batches: generators stop. */
  boolean allHeightsCarried() {
    return byHeight.containsKey(protocol.context.heights());
  }

  private void enterBacklog(Batch b) {
    if (pooled && !backlogged.get(b.id())) {
      backlogged.set(b.id());
      proofsWaiting++;
      txnsWaiting += b.txCount();
    }
  }

  private void leaveBacklog(Batch b) {
    if (backlogged.get(b.id())) {
      backlogged.clear(b.id());
      proofsWaiting--;
      txnsWaiting -= b.txCount();
    }
  }

  /**
   * {@code leader}'s proposal of {@code height} carries the proofs it holds, in the order it
   * verified them, of batches no earlier block carries (Aptos' proof queue excludes the batches
   * of pending blocks), as many as fit the block's limits; a batch sealed for another height
   * stays for it, one sealed for an earlier height is dropped.
   */
  private void select(int leader, int height) {
    Store s = stores[leader];
    List<Integer> keep = new ArrayList<>(s.queue.size());
    List<Batch> candidates = new ArrayList<>();
    for (int id : s.queue) {
      Batch b = batches.get(id);
      if (assigned.get(id) || (b.height() != 0 && b.height() < height)) {
        continue;
      }
      keep.add(id);
      if (b.height() == 0 || b.height() == height) {
        candidates.add(b);
      }
    }
    s.queue = keep;
    int taken = pool.carry(height,
        candidates.stream().mapToInt(Batch::handle).toArray());
    List<Batch> carried = List.copyOf(candidates.subList(0, taken));
    for (Batch b : carried) {
      assigned.set(b.id());
    }
    byHeight.put(height, carried);
  }

  private void broadcastBatch(Batch b) {
    messages += validators;
    protocol.context.transport().broadcast(b.author(), new BatchMsg(b,
        JolteonMessage.HEADER_BYTES + BATCH_INFO_BYTES + b.txBytes()), this::deliver);
  }

  /**
   * The faults changed: each batch of a height not yet ordered whose author is down before its
   * proof formed is cut again, with its transactions, by the next live validator.
   */
  void onFaultsChanged() {
    if (pooled) {
      return; // a crashed author's batches without a proof stay unproven (see the class note)
    }
    for (int h = orderedHeight + 1; h <= cutThrough; h++) {
      List<Batch> current = byHeight.get(h);
      for (int i = 0; i < current.size(); i++) {
        Batch b = current.get(i);
        if (formed.get(b.id()) || !down(b.author())) {
          continue;
        }
        for (int k = 1; k < validators; k++) {
          int author = (b.author() + k) % validators;
          if (!down(author)) {
            Batch again = newBatch(h, author, b.txCount(), b.txBytes());
            current.set(i, again);
            broadcastBatch(again);
            break;
          }
        }
      }
    }
  }

  // ---- what a block carries ----

  /** The transactions' bytes of {@code height}'s block, which its proofs replace. */
  long transactionBytes(int height) {
    return batchesOf(height).stream().mapToLong(Batch::txBytes).sum();
  }

  /** One proof on the wire: its BatchInfo and the certificate (aggregate and signer bitvec). */
  long proofBytes() {
    return BATCH_INFO_BYTES + costs.certificate().wireBytes();
  }

  /** The proofs' bytes of {@code height}'s block. */
  long proofsBytes(int height) {
    return batchesOf(height).size() * proofBytes();
  }

  /** The batches whose proofs {@code height}'s block carries. */
  List<Batch> batchesOf(int height) {
    return byHeight.getOrDefault(height, List.of());
  }

  /**
   * Runs {@code propose} once {@code leader} holds a verified proof of every batch of {@code
   * height} (at once if it does).
   */
  void whenProofsHeld(int leader, int height, Runnable propose) {
    if (pooled && !byHeight.containsKey(height)) {
      select(leader, height);
    }
    Store s = stores[leader];
    if (s.holdsProofsOf(height)) {
      propose.run();
    } else {
      s.waiting.put(height, propose);
    }
  }

  /**
   * CPU {@code validator} spends verifying the proofs of {@code height}'s block it has not
   * verified yet (one aggregate check each), caching them.
   */
  long proofCheckNanos(int height, int validator) {
    Store s = stores[validator];
    long nanos = 0;
    for (Batch b : batchesOf(height)) {
      if (!s.proofs.get(b.id())) {
        s.proofs.set(b.id());
        nanos += costs.commitVerifyNanos();
      }
    }
    return nanos;
  }

  /**
   * Why {@code proof} does not prove its batch stored at 2f+1 of the stake, or empty: its
   * aggregate signature must be over its own BatchInfo, its signers must hold the quorum.
   */
  Optional<String> refusal(ProofOfStore proof) {
    Batch b = proof.batch();
    if (proof.aggregateOf() != b.id()) {
      return Optional.of("proof of store of batch " + b.id() + " (author " + b.author()
          + ", height " + b.height() + "): its aggregate signature does not verify against the"
          + " batch's BatchInfo (it signs batch " + proof.aggregateOf() + "'s)");
    }
    BitSet seen = new BitSet();
    long signed = 0;
    for (int v : proof.signers()) {
      if (v >= 0 && v < validators && !seen.get(v)) {
        seen.set(v);
        signed += stake[v];
      }
    }
    if (signed < protocol.quorumStake) {
      return Optional.of("proof of store of batch " + b.id() + " (author " + b.author()
          + ", height " + b.height() + "): its signers hold " + signed + " of "
          + protocol.totalStake + " stake, under the quorum " + protocol.quorumStake);
    }
    return Optional.empty();
  }

  /** Proofs refused, with why, in order. */
  List<String> refusals() {
    return List.copyOf(refusals);
  }

  /** Whether {@code validator} holds a verified proof of {@code batch}. */
  boolean holdsProof(int validator, Batch batch) {
    return stores[validator].proofs.get(batch.id());
  }

  long messages() {
    return messages;
  }

  /** A line for the report. */
  String describe() {
    if (pooled) {
      return String.format(java.util.Locale.ROOT, "quorum store pulling from the mempools: %d"
          + " batches, %d proofs of store (sender_max_batch_txns %d, pull every %d ms, max"
          + " %d txns per pull)", batches.size(), formed.cardinality(),
          config.senderMaxBatchTxns(), config.generation().pollIntervalNanos() / 1_000_000,
          config.generation().senderMaxTotalTxns());
    }
    return String.format(java.util.Locale.ROOT, "quorum store: %d batches, %d proofs of store"
        + " (sender_max_batch_txns %d, backlog_txn_limit_count %d)", batches.size(),
        formed.cardinality(), config.senderMaxBatchTxns(), config.backlogTxnLimitCount());
  }

  boolean down(int v) {
    return protocol.context.faults().any()
        && protocol.context.faults().isCrashed(v, sim.nowNanos());
  }

  void deliver(int receiver, Message m) {
    if (!down(receiver)) {
      stores[receiver].receive((QsMessage) m);
    }
  }

  /** One validator's Quorum Store: its batches, proofs and own batches' signatures. */
  private final class Store {
    private final int id;
    private final NodeCpu cpu;
    /** Work waiting for the running background call to end, and its single-core CPU. */
    private List<Runnable> pending = new ArrayList<>();
    private long pendingNanos;
    private boolean busy;
    /** Verified proofs (the proof cache). */
    final BitSet proofs = new BitSet();
    /** Signatures on this author's batches, by batch id. */
    final Map<Integer, Tally> signatures = new HashMap<>();
    /** A leader's proposal of a height, waiting for the height's proofs. */
    final Map<Integer, Runnable> waiting = new java.util.TreeMap<>();
    /** Verified proofs of pulled batches, in the order verified (the proof queue). */
    List<Integer> queue = new ArrayList<>();

    Store(int id) {
      this.id = id;
      this.cpu = protocol.context.cpus()[id];
    }

    /**
     * Runs {@code action} after {@code cpuNanos} of Quorum Store work on the validator's cores
     * beside its consensus thread (Aptos verifies and signs Quorum Store messages on its own
     * tasks, in parallel): what arrives while a call runs goes into the next, whose pieces
     * split over the cores.
     */
    private void process(long cpuNanos, Runnable action) {
      double factor = protocol.context.faults().any()
          ? protocol.context.faults().cpuFactor(id, sim.nowNanos()) : 1;
      pending.add(action);
      pendingNanos += Math.round(cpuNanos * factor);
      if (!busy) {
        runPending();
      }
    }

    private void runPending() {
      busy = !pending.isEmpty();
      if (!busy) {
        return;
      }
      List<Runnable> run = pending;
      long nanos = pendingNanos;
      pending = new ArrayList<>();
      pendingNanos = 0;
      cpu.background(new CpuWork(nanos, run.size(), Scaling.LINEAR), () -> {
        for (Runnable r : run) {
          if (!down(id)) {
            r.run();
          }
        }
        runPending();
      });
    }

    void receive(QsMessage m) {
      if (m instanceof BatchMsg b) {
        onBatch(b.batch());
      } else if (m instanceof SignedBatchInfo s) {
        process(optimistic ? 0 : costs.precommitVerifyNanos(),
            () -> addSignature(s.batch(), s.signer()));
      } else {
        onProof(((ProofMsg) m).proof());
      }
    }

    /**
     * Stores the batch (not tracked: see the class comment) and signs its BatchInfo; a pulled
     * batch from another author is checked first (the design's check of each transaction).
     */
    private void onBatch(Batch b) {
      long check = b.handle() < 0 || b.author() == id ? 0
          : pool.checkBatch(id, b.handle()).singleCoreNanos();
      process(costs.precommitSignNanos() + check, () -> {
        if (b.author() == id) {
          addSignature(b, id);
        } else {
          messages++;
          protocol.context.transport().send(id, b.author(), new SignedBatchInfo(b, id,
              JolteonMessage.HEADER_BYTES + BATCH_INFO_BYTES + costs.precommitSignatureBytes()),
              QuorumStore.this::deliver);
        }
      });
    }

    /** A signature on an own batch: 2f+1 of the stake, own included, form its proof. */
    private void addSignature(Batch b, int signer) {
      Tally t = signatures.computeIfAbsent(b.id(), k -> new Tally());
      if (!t.add(signer, stake[signer]) || t.formed || t.stake < protocol.quorumStake
          || !t.signers.contains(id)) {
        return;
      }
      t.formed = true;
      ProofOfStore proof = new ProofOfStore(b, t.signers, b.id());
      process(costs.certificate().combineNanos(), () -> {
        formed.set(b.id());
        enterBacklog(b);
        messages += validators;
        protocol.context.transport().broadcast(id, new ProofMsg(proof,
            JolteonMessage.HEADER_BYTES + proofBytes()), QuorumStore.this::deliver);
      });
    }

    /** A proof: verified once (its author formed its own), then held. */
    private void onProof(ProofOfStore proof) {
      if (proofs.get(proof.batch().id())) {
        return;
      }
      boolean own = proof.batch().author() == id;
      process(own ? 0 : costs.commitVerifyNanos(), () -> {
        Optional<String> why = refusal(proof);
        if (why.isPresent()) {
          refusals.add("validator " + id + " refused the " + why.get());
          return;
        }
        proofs.set(proof.batch().id());
        if (pooled) {
          queue.add(proof.batch().id());
        }
        for (Integer h : waiting.isEmpty() ? List.<Integer>of()
            : List.copyOf(waiting.keySet())) {
          Runnable propose = waiting.get(h);
          if (propose != null && holdsProofsOf(h)) {
            waiting.remove(h);
            propose.run();
          }
        }
      });
    }

    boolean holdsProofsOf(int height) {
      if (pooled ? !byHeight.containsKey(height) : height > cutThrough) {
        return false;
      }
      for (Batch b : batchesOf(height)) {
        if (!proofs.get(b.id())) {
          return false;
        }
      }
      return true;
    }
  }
}
