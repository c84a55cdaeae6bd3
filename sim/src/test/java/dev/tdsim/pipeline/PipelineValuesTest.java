package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.faults.FaultPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pipeline's small values: a height's status as heights.csv writes it, and the settings. */
class PipelineValuesTest {

  @Test
  void onlyHeightsWhosePlaintextsWereReadyHaveDecryptionTimings() {
    assertTrue(HeightStatus.DECRYPTED.plaintextsReady());
    assertTrue(HeightStatus.REFUSED.plaintextsReady());
    assertTrue(HeightStatus.OPENED_WRONG.plaintextsReady());
    assertFalse(HeightStatus.NOT_DECRYPTED.plaintextsReady());
    assertFalse(HeightStatus.NOT_COMMITTED.plaintextsReady());
  }

  @Test
  void statusesAreWrittenInLowerCaseWithHyphens() {
    assertEquals(List.of("decrypted", "refused", "opened-wrong", "not-decrypted",
        "not-committed"), java.util.Arrays.stream(HeightStatus.values())
            .map(HeightStatus::csvName).toList());
  }

  private static PipelineSettings settings(long shareTimeout, long combinerTimeout) {
    return new PipelineSettings(Schedule.BEFORE_NEXT, PipelineFixture.sameHardware(), h -> true,
        10, 0, FaultPlan.NONE, shareTimeout, CombinerRule.FAILOVER, combinerTimeout);
  }

  @Test
  void timeoutsMustBePositive() {
    assertEquals(1, settings(1, 1).shareTimeoutNanos());
    IllegalArgumentException share = assertThrows(IllegalArgumentException.class,
        () -> settings(0, 1));
    assertEquals("shareTimeoutNanos must be > 0", share.getMessage());
    IllegalArgumentException combiner = assertThrows(IllegalArgumentException.class,
        () -> settings(1, 0));
    assertEquals("combinerTimeoutNanos must be > 0", combiner.getMessage());
  }

  @Test
  void theShortFormFailsOverAfterTheDefaultCombinerTimeout() {
    PipelineSettings s = new PipelineSettings(Schedule.PIPELINED,
        PipelineFixture.sameHardware(), h -> h == 2, 10, 0, FaultPlan.NONE, 5);
    assertEquals(CombinerRule.FAILOVER, s.combiner());
    assertEquals(DecryptionPipeline.DEFAULT_COMBINER_TIMEOUT_NANOS, s.combinerTimeoutNanos());
    assertTrue(s.real(2));
    assertFalse(s.real(3));
  }
}
