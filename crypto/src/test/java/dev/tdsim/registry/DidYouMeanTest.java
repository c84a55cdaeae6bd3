package dev.tdsim.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DidYouMeanTest {

  @Test
  void distanceCountsInsertionsDeletionsAndSubstitutions() {
    assertEquals(0, DidYouMean.distance("crash", "crash"));
    assertEquals(1, DidYouMean.distance("crsh", "crash"));
    assertEquals(1, DidYouMean.distance("crash", "crsh"));
    assertEquals(1, DidYouMean.distance("crash", "crush"));
    assertEquals(3, DidYouMean.distance("kitten", "sitting"));
    assertEquals(5, DidYouMean.distance("", "hello"));
    assertEquals(5, DidYouMean.distance("hello", ""));
  }

  @Test
  void allowsTwoEditsOrAThirdOfTheLength() {
    assertEquals(2, DidYouMean.allowedEdits("abc"));
    assertEquals(2, DidYouMean.allowedEdits("abcdefgh"));
    assertEquals(4, DidYouMean.allowedEdits("abcdefghijkl"));
  }

  @Test
  void suggestsTheClosestKnownNameWithinTheAllowance() {
    List<String> known = List.of("heights", "seed", "validators");
    assertEquals(Optional.of("heights"), DidYouMean.closest("hieghts", known));
    assertEquals(Optional.of("validators"), DidYouMean.closest("validator", known));
    assertEquals(Optional.empty(), DidYouMean.closest("workload", known));
    assertEquals(Optional.empty(), DidYouMean.closest("x", List.of()));
  }

  @Test
  void theFirstOfEquallyCloseNamesWins() {
    assertEquals(Optional.of("cat"), DidYouMean.closest("bat", List.of("cat", "hat")));
    assertEquals(Optional.of("hat"), DidYouMean.closest("bat", List.of("hat", "cat")));
  }

  @Test
  void anExplicitAllowanceOverridesTheDefault() {
    assertEquals(Optional.empty(), DidYouMean.closest("bat", List.of("cat"), 0));
    assertEquals(Optional.of("cat"), DidYouMean.closest("bat", List.of("cat"), 1));
  }
}
