package dev.tdsim.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.consensus.BlockPace;
import dev.tdsim.pipeline.HeightRecord;
import dev.tdsim.pipeline.Schedule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JudgedTimeTest {
  private static final long MS = 1_000_000;

  /** Height {@code n} proposed at {@code proposeMs}: consensus c, decryption d, execution e. */
  private static HeightRecord h(int n, long proposeMs, long c, long d, long e) {
    return new HeightRecord(n, 0, 10, 1000, 0, proposeMs * MS, (proposeMs + c) * MS,
        (proposeMs + c) * MS, c * MS, 0, 0, 0, MS, 0, (d / 2) * MS, MS, d * MS, e * MS, 0, 3,
        10, true);
  }

  /**
   * 20 heights whose consensus and decryption peak at different heights: the p95 of the sum is
   * not the sum of the p95s, which is why what decryption adds is a difference of p95s.
   */
  private static List<HeightRecord> heights() {
    List<HeightRecord> out = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      long c = 550 + (i * 37) % 60;
      long d = 300 + (i * 53) % 50;
      out.add(h(i, i * 2000L, c, d, 2));
    }
    return out;
  }

  private static JudgedTime judged(List<HeightRecord> hs, long seed) {
    return JudgedTime.of(List.of(hs), List.of(seed), Schedule.BEFORE_NEXT,
        BlockPace.SEQUENTIAL, null);
  }

  @Test
  void withoutDecryptionPlusWhatDecryptionAddsIsTheJudgedP95() {
    List<HeightRecord> hs = heights();
    JudgedTime j = judged(hs, 1);
    assertEquals(j.p95Ms(), j.withoutDecryptionP95Ms() + j.decryptionAddsMs(), 1e-9);
    // the judged p95 is the verdicts' own
    Verdict v = Verdicts.judge(hs, List.of(1000 * MS), Schedule.BEFORE_NEXT).get(0);
    assertEquals(v.judgedP95Ms(), j.p95Ms(), 1e-9);
    // per height: judged = consensus + execution (without decryption) + the decryption latency
    long[] with = Verdicts.judgedNanos(hs, Schedule.BEFORE_NEXT, BlockPace.SEQUENTIAL, false);
    long[] without = Verdicts.judgedNanos(hs, Schedule.BEFORE_NEXT, BlockPace.SEQUENTIAL, true);
    for (int i = 0; i < hs.size(); i++) {
      assertEquals(hs.get(i).consensusNanos() + hs.get(i).executionNanos(), without[i]);
      assertEquals(without[i] + hs.get(i).decryptionLatencyNanos(), with[i]);
    }
    // consensus p95 (about 605) + decryption p95 (about 348) would overstate the judged p95
    assertTrue(j.decryptionAddsMs() > 0 && j.decryptionAddsMs() < 350, j.toString());
  }

  @Test
  void withoutDecryptionFollowsTheSchedulesFormula() {
    HeightRecord one = h(1, 0, 300, 500, 20);
    assertEquals(320 * MS, Schedule.BEFORE_NEXT.judgedWithoutDecryptionNanos(one, 300 * MS));
    // pipelined: the slower of the chain's time per block and execution alone
    assertEquals(300 * MS, Schedule.PIPELINED.judgedWithoutDecryptionNanos(one, 300 * MS));
    assertEquals(520 * MS, Schedule.PIPELINED.judgedNanos(one, 300 * MS));
    // streamed: decryption never was in the judged time
    assertEquals(Schedule.STREAMED.judgedNanos(one, 250 * MS),
        Schedule.STREAMED.judgedWithoutDecryptionNanos(one, 250 * MS));
  }

  @Test
  void headroomIsPositiveExactlyWhereTheBudgetFits() {
    List<HeightRecord> hs = heights();
    JudgedTime j = judged(hs, 1);
    List<Long> budgets = List.of(100 * MS, 500 * MS, 800 * MS, 1200 * MS, 2000 * MS);
    for (Verdict v : Verdicts.judge(hs, budgets, Schedule.BEFORE_NEXT)) {
      Verdict u = v.withUncertainty(j);
      assertEquals(v.blockTimeMs() - v.judgedP95Ms(), u.headroomMs(), 1e-9);
      assertEquals(u.fits(), u.headroomMs() >= 0, u.toString());
      assertFalse(u.borderline(), "no budget here is near the judged p95: " + u);
    }
  }

  @Test
  void aBudgetInsideTheIntervalIsBorderlineAndTheHeadlineSaysSo() {
    List<HeightRecord> hs = heights();
    JudgedTime j = judged(hs, 1);
    assertTrue(j.intervalLowMs() < j.intervalHighMs(), j.toString());
    long inside = Math.round((j.intervalLowMs() + j.intervalHighMs()) / 2 * MS);
    List<Verdict> verdicts = Verdicts.judge(hs, List.of(700 * MS, inside, 5000 * MS),
        Schedule.BEFORE_NEXT).stream().map(v -> v.withUncertainty(j)).toList();
    assertTrue(verdicts.get(1).borderline());
    assertFalse(verdicts.get(0).borderline() || verdicts.get(2).borderline());
    Headline line = Headline.of(verdicts, Verdicts.criticalPath(hs), 2, Schedule.BEFORE_NEXT,
        true, false, null, j);
    assertTrue(line.text().contains("borderline " + dev.tdsim.format.Durations.budget(
        inside / 1e6) + ": "), line.text());
    assertTrue(line.text().contains("fits 5 s (headroom "), line.text());
    // 700 ms is above the p95 without decryption: decryption is why it misses
    assertTrue(line.text().contains("not 700 ms: decryption adds "), line.text());
    assertTrue(line.text().contains(" = " + dev.tdsim.format.Durations.roundedMs(
        j.withoutDecryptionP95Ms()) + " without decryption + "), line.text());
  }

  @Test
  void missingBecauseConsensusAloneIsTooSlowSaysSo() {
    List<HeightRecord> hs = heights();
    JudgedTime j = judged(hs, 1);
    List<Verdict> verdicts = Verdicts.judge(hs, List.of(100 * MS, 250 * MS), Schedule.BEFORE_NEXT)
        .stream().map(v -> v.withUncertainty(j)).toList();
    Headline line = Headline.of(verdicts, Verdicts.criticalPath(hs), 2, Schedule.BEFORE_NEXT,
        true, false, null, j);
    assertTrue(line.text().startsWith("answer: nothing fits; not 100 ms, 250 ms: consensus alone"
        + " takes " + dev.tdsim.format.Durations.roundedMs(j.withoutDecryptionP95Ms())
        + " (p95)"), line.text());
  }

  @Test
  void streamedDecryptionAddsNothingToTheJudgedTimeOnlyToExecution() {
    List<HeightRecord> hs = heights();
    JudgedTime j = JudgedTime.of(List.of(hs), List.of(1L), Schedule.STREAMED,
        BlockPace.SEQUENTIAL, null);
    assertEquals(0, j.decryptionAddsMs(), 1e-9);
    List<Verdict> verdicts = Verdicts.judge(hs, List.of(5000 * MS), Schedule.STREAMED,
        hs.size(), false, 0, BlockPace.SEQUENTIAL, false).stream()
        .map(v -> v.withUncertainty(j)).toList();
    Headline line = Headline.of(verdicts, Verdicts.criticalPath(hs), 2, Schedule.STREAMED, true,
        false, null, j);
    assertTrue(line.text().contains(", the chain's own time per block; decryption keeps pace at"
        + " 5 s and adds "), line.text());
    assertFalse(line.text().contains("without decryption +"), line.text());
  }

  @Test
  void theIntervalIsTheSameForTheSameSeedAndPoolsReplicates() {
    List<HeightRecord> hs = heights();
    assertEquals(judged(hs, 7), judged(hs, 7));
    // the resampling follows its stream: another stream, other resamples (on values fine enough
    // that the interval's ends are not pinned to the same two heights)
    double[] fine = new java.util.SplittableRandom(3).doubles(200, 900, 1000).toArray();
    Bootstrap.Interval a = Bootstrap.of(fine, 95, 1000, 0.95, new java.util.SplittableRandom(7));
    assertEquals(a, Bootstrap.of(fine, 95, 1000, 0.95, new java.util.SplittableRandom(7)));
    assertNotEquals(a, Bootstrap.of(fine, 95, 1000, 0.95, new java.util.SplittableRandom(8)));
    assertTrue(a.low() < Verdicts.percentile(fine, 95) && Verdicts.percentile(fine, 95) < a.high(),
        a.toString());
    JudgedTime two = JudgedTime.of(List.of(hs, hs.subList(0, 10)), List.of(7L, 9L),
        Schedule.BEFORE_NEXT, BlockPace.SEQUENTIAL, "set");
    assertEquals(30, two.pooledHeights());
    assertEquals(2, two.p95PerReplicateMs().size());
    assertEquals("set", two.replicatesWhy());
    assertEquals(judged(hs, 7).p95Ms(), two.p95Ms(), 1e-9, "the decomposition is replicate 0's");
  }
}
