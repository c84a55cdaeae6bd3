package dev.tdsim.consensus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The protocol-neutral contract's values: the bounds every record enforces, the registry and
 * what each protocol declares of itself.
 */
class ConsensusContractTest {
  @Test
  void recordsRejectNegativeValuesAndAcceptZero() {
    assertEquals(0, new Block(1, 0, 1).txCount());
    assertThrows(IllegalArgumentException.class, () -> new Block(1, -1, 10));
    assertThrows(IllegalArgumentException.class, () -> new Block(1, 1, 0));
    assertEquals(NodeCosts.FREE, new NodeCosts(0, 0, 0, 0, 0, 0, 0, 64));
    for (int i = 0; i < 8; i++) {
      long[] c = new long[8];
      c[i] = -1;
      assertThrows(IllegalArgumentException.class,
          () -> new NodeCosts(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]), "field " + i);
    }
    assertEquals(0, NodeCosts.FREE.voteSignNanos() + NodeCosts.FREE.voteVerifyNanos());
    assertEquals(64, NodeCosts.FREE.voteSignatureBytes());
  }

  @Test
  void processingTimeSumsItsKinds() {
    assertEquals(1 + 20 + 300, new ProcessingTime(1, 20, 300).totalNanos());
    assertEquals(0, ProcessingTime.NONE.totalNanos());
  }

  @Test
  void statsKeepACopyOfTheirNotes() {
    List<String> notes = new ArrayList<>(List.of("a"));
    ConsensusStats s = new ConsensusStats("p", "m", 1, 2, 3, notes);
    notes.add("b");
    assertEquals(List.of("a"), s.notes());
  }

  @Test
  void theRegistryKnowsItsProtocolsAndNamesTheKnownOnesForAnUnknownName() {
    assertEquals(List.of("tendermint", "jolteon"), Protocols.names());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Protocols.create("hotstuff", null));
    assertEquals("unknown consensus protocol 'hotstuff'; known: tendermint, jolteon", e.getMessage());
  }

  /**
   * Every protocol's declaration is whole: its defaults read back through its own fields build
   * the same settings, each field's default is of its type's Java class, and no key repeats.
   */
  @Test
  void eachProtocolsFieldsRebuildItsDefaults() {
    for (ProtocolKind kind : Protocols.all()) {
      ProtocolSettings d = kind.defaults();
      java.util.Map<String, Object> values = new java.util.HashMap<>();
      for (ProtocolField f : kind.fields()) {
        assertEquals(f.defaultValue(), f.get().apply(d), kind.name() + "." + f.key());
        Class<?> expected = switch (f.type()) {
          case DURATION, DURATION_OR_ZERO, SIZE -> Long.class;
          case POSITIVE_NUMBER -> Double.class;
          case POSITIVE_INT -> Integer.class;
          case BOOLEAN -> Boolean.class;
          case CHOICE -> String.class;
        };
        assertEquals(expected, f.defaultValue().getClass(), kind.name() + "." + f.key());
        if (f.type() == ProtocolField.Type.CHOICE) {
          assertTrue(f.choices().contains(f.defaultValue()), kind.name() + "." + f.key());
        }
        assertEquals(null, values.put(f.key(), f.defaultValue()), "repeated key " + f.key());
      }
      assertEquals(d, kind.settings(values::get), kind.name());
      assertEquals(kind.name(), Protocols.byName(kind.name()).name());
    }
  }
}
