package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tdsim.crypto.tpke.Committee;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The signer set a combiner that folds the set announces (4 validators, any 3 reach t). */
class CombinerChoiceTest {
  private final Committee committee = Committee.equal(PipelineFixture.SHARES,
      PipelineFixture.THRESHOLD, PipelineFixture.VALIDATORS);

  @Test
  void theCommitsSignersWidenedInIndexOrderWhenShortOfTheThreshold() {
    assertEquals(List.of(0, 1, 2),
        CombinerChoice.signerSet(committee, List.of(1, 0), Set.of()).validators());
    assertEquals(List.of(1, 2, 3),
        CombinerChoice.signerSet(committee, List.of(3), Set.of(0)).validators());
  }

  @Test
  void theExcludedAreLeftOutAndTooFewLeftGiveNoSet() {
    assertEquals(List.of(0, 2, 3),
        CombinerChoice.signerSet(committee, List.of(0, 1, 2, 3), Set.of(1)).validators());
    assertNull(CombinerChoice.signerSet(committee, List.of(), Set.of(1, 2)));
  }

  @Test
  void theFailoverOrderIsTheFirstCombinerThenTheValidatorsAfterTheDesignatedOneById() {
    assertEquals(List.of(2, 3, 0, 1),
        CombinerChoice.candidates(new CombinerChoice.Combiners(2, 2, 3), 4));
    // a stand-in for a crashed designated one (1): the designated comes last
    assertEquals(List.of(3, 2, 0, 1),
        CombinerChoice.candidates(new CombinerChoice.Combiners(3, 1, 2), 4));
  }
}
