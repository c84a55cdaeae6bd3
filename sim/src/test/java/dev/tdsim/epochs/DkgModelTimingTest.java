package dev.tdsim.epochs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.Workers;
import dev.tdsim.crypto.dkg.PvssKeys;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.report.ReportWriter;
import dev.tdsim.runner.ScenarioRunner;
import dev.tdsim.scenario.ScenarioLoader;
import dev.tdsim.timing.CostModel;
import dev.tdsim.timing.CpuWork;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.Hardware;
import dev.tdsim.timing.MeasuredTiming;
import dev.tdsim.timing.ModelTiming;
import dev.tdsim.timing.OpSize;
import dev.tdsim.timing.Scaling;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DKG under {@code timing: model}: its calls priced by the cost model's key-setup operations
 * (the real DKG still runs once per epoch and gives the key set), reproducibly.
 */
class DkgModelTimingTest {
  private static final String BASE = """
      seed: 7
      heights: 3
      validators: {count: 8}
      keys: {shares: 64, setup: dkg}
      workload: {msgs_per_block: 4, msg_size: 256 B}
      crypto: {variant: fast, timing: model%s}
      %s
      """;

  private static ScenarioRunner.Result run(String crypto) throws Exception {
    return run(crypto, "");
  }

  private static ScenarioRunner.Result run(String crypto, String more) throws Exception {
    return new ScenarioRunner(line -> { }).run(
        ScenarioLoader.parse(BASE.formatted(crypto, more), "test.yaml", List.of()));
  }

  @Test
  void theBuiltinModelPricesEveryDkgOperation() {
    CostModel builtin = CostModel.builtin();
    for (CryptoOp op : CryptoOp.values()) {
      if (op.keySetup()) {
        assertTrue(builtin.keySetup().coefficients().containsKey(op), op.name());
        assertTrue(builtin.cpuNanos("fast", op, new OpSize(150, 150, 8192, 0)) > 0, op.name());
        // the same whatever the variant
        assertEquals(builtin.cpuNanos("fast", op, new OpSize(8, 8, 64, 0)),
            builtin.cpuNanos("simple", op, new OpSize(8, 8, 64, 0)));
      }
    }
    for (CryptoOp op : List.of(CryptoOp.DKG_DEAL, CryptoOp.DKG_VERIFY,
        CryptoOp.DKG_AGGREGATE)) {
      Scaling s = builtin.scaling("fast", op);
      assertTrue(s.points() > 0, op + " has a fitted serial fraction, not the LINEAR default");
    }
  }

  @Test
  void modelTimingRunsTheDkgReproducibly(@TempDir Path dir) throws Exception {
    ScenarioRunner.Result a = run("");
    ScenarioRunner.Result b = run("");
    assertEquals(0, a.mismatches(), "every plaintext opens under the DKG's key");
    assertEquals(3, a.heights().size());
    DkgOutcome.Epoch ea = a.dkg().epochs().get(0);
    DkgOutcome.Epoch eb = b.dkg().epochs().get(0);
    assertTrue(ea.durationNanos() > 0);
    assertArrayEquals(ea.readyNanos(), eb.readyNanos(), "the same DKG durations");
    assertEquals(ea.thresholdReadyNanos(), eb.thresholdReadyNanos());
    ReportWriter.writeHeights(Files.createDirectories(dir.resolve("a")), a.heights(), false);
    ReportWriter.writeHeights(Files.createDirectories(dir.resolve("b")), b.heights(), false);
    assertEquals(Files.readString(dir.resolve("a").resolve(ReportWriter.HEIGHTS)),
        Files.readString(dir.resolve("b").resolve(ReportWriter.HEIGHTS)));
    // The real DKG ran (a fresh key set each run would differ; the seed fixes it)...
    assertEquals(ea.publicKeyHex(), eb.publicKeyHex());
    // ...and its real calls were checked against the model.
    @SuppressWarnings("unchecked")
    Map<String, Object> ops = (Map<String, Object>) a.costCheck().get("ops");
    for (CryptoOp op : List.of(CryptoOp.DKG_DEAL, CryptoOp.DKG_VERIFY, CryptoOp.DKG_AGGREGATE,
        CryptoOp.DKG_OWN_CHECK)) {
      assertTrue(ops.containsKey(op.name()), "cost check of " + op + ": " + ops.keySet());
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> deal = (Map<String, Object>) ops.get("DKG_DEAL");
    assertEquals(8, deal.get("calls"), "one deal per dealer");
  }

  /** The builtin model with the DKG's operations replaced by constants (serial: f = 1). */
  private static Path model(Path dir, String name, long dealNanos) throws Exception {
    Scaling serial = new Scaling(1, Double.NaN, 1, List.of(1.0));
    Map<CryptoOp, CostModel.Coefficients> c = new EnumMap<>(CryptoOp.class);
    Map<CryptoOp, Scaling> s = new EnumMap<>(CryptoOp.class);
    long[] nanos = {dealNanos, 3_000_000, 5_000_000, 1_000_000};
    List<CryptoOp> ops = List.of(CryptoOp.DKG_DEAL, CryptoOp.DKG_VERIFY, CryptoOp.DKG_AGGREGATE,
        CryptoOp.DKG_OWN_CHECK);
    for (int i = 0; i < ops.size(); i++) {
      c.put(ops.get(i), new CostModel.Coefficients(nanos[i], 0, 0, 0, 0, 0, 0));
      s.put(ops.get(i), serial);
    }
    Path file = dir.resolve(name);
    Files.writeString(file, CostModel.builtin()
        .withKeySetup(new CostModel.OpCosts(c, Map.of(), s)).toYaml());
    return file;
  }

  @Test
  void theDkgsDurationsAreTheModels(@TempDir Path dir) throws Exception {
    // Only the deal's cost differs (100 ms vs 300 ms, serial): every validator holds the key
    // 200 ms later, whatever the real deal cost on this machine (a network without jitter, so
    // that the later sends meet the same delays).
    String net = "network: {model: uniform, jitter: none}";
    ScenarioRunner.Result cheap =
        run(", calibration: " + model(dir, "cheap.yaml", 100_000_000), net);
    ScenarioRunner.Result dear =
        run(", calibration: " + model(dir, "dear.yaml", 300_000_000), net);
    long[] a = cheap.dkg().epochs().get(0).readyNanos();
    long[] b = dear.dkg().epochs().get(0).readyNanos();
    for (int v = 0; v < a.length; v++) {
      // Within 1 ms: the later transcripts share the uplinks with other consensus messages
      // (tens of microseconds apart).
      assertEquals(200_000_000, b[v] - a[v], 1_000_000, "validator " + v);
    }
    // The deal, 7 verifications one after another, then aggregation and own check: no validator
    // can hold the key sooner.
    for (long ready : a) {
      assertTrue(ready >= 100_000_000 + 7 * 3_000_000 + 5_000_000 + 1_000_000, "" + ready);
    }
  }

  @Test
  void dkgCostsFollowTheModelAndItsFittedScaling() {
    Committee committee = Committee.equal(64, 42, 8);
    List<PvssKeys> keys = new ArrayList<>();
    for (int v = 0; v < 8; v++) {
      keys.add(PvssKeys.generate(v, SeededDrbg.of(1, "test.keys", v)));
    }
    List<String> progress = new ArrayList<>();
    DkgComputation real = DkgComputation.run(committee, keys, 0, Set.of(), Set.of(),
        SeededDrbg.of(1, "test.dkg", 0), Workers.of(1), progress::add);
    // a progress line per tenth of the dealers (here each dealer), none after the last
    assertEquals(7, progress.size(), progress.toString());
    assertTrue(progress.get(2).startsWith("DKG of key epoch 0: 3 of 8 dealers dealt and verified ("),
        progress.get(2));
    CostModel builtin = CostModel.builtin();
    DkgComputation.Dealer d0 = real.dealers().get(0);

    DkgCosts model = new DkgCosts(new ModelTiming(builtin, "fast"), null);
    CpuWork deal = model.deal(real, d0);
    assertEquals(builtin.cpuNanos("fast", CryptoOp.DKG_DEAL, new OpSize(1, 8, 64, 0)),
        deal.singleCoreNanos(), "the model's price, not the measured CPU");
    assertEquals(64, deal.parallelUnits());
    assertEquals(builtin.scaling("fast", CryptoOp.DKG_DEAL), deal.scaling());
    assertNotEquals(Scaling.LINEAR, deal.scaling());
    // The model scales with N as its coefficients say: at 8192 shares, 150 validators...
    OpSize big = new OpSize(1, 150, 8192, 0);
    CostModel.Coefficients c = builtin.keySetup().coefficients().get(CryptoOp.DKG_DEAL);
    assertEquals(Math.round(c.predict(big)),
        builtin.cpuNanos("simple", CryptoOp.DKG_DEAL, big));

    DkgCosts measured = new DkgCosts(new MeasuredTiming(builtin, "fast", 1), null);
    CpuWork verify = measured.verify(real, d0, 1);
    assertEquals(d0.verifyCpuNanos(), verify.singleCoreNanos(), "measured on one thread");
    assertEquals(builtin.scaling("fast", CryptoOp.DKG_VERIFY), verify.scaling(),
        "the fitted serial fraction, not perfectly parallel");

    // Aggregation then the own check (one thread) as one piece of work: the same wall time on
    // any cores as the two one after the other.
    CpuWork agg = new ModelTiming(builtin, "fast").work(CryptoOp.DKG_AGGREGATE,
        new OpSize(8, 8, 64, 0), 0, 64);
    CpuWork own = new ModelTiming(builtin, "fast").work(CryptoOp.DKG_OWN_CHECK,
        new OpSize(8, 8, 8, 0), 0, 1);
    CpuWork both = model.aggregate(real, 3);
    for (int cores : new int[] {1, 2, 16}) {
      Hardware hw = new Hardware(cores, 1.0);
      assertEquals(agg.wallNanosOn(hw) + own.wallNanosOn(hw), both.wallNanosOn(hw), 2.0,
          cores + " cores");
    }
  }
}
