package dev.tdsim.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RegistryTest {
  private final Registry<Integer> colours = Registry.<Integer>builder("colour")
      .add("red", 1).add("green", 2).add("blue", 3).build();

  @Test
  void keepsRegistrationOrder() {
    assertEquals(List.of("red", "green", "blue"), colours.names());
    assertEquals(List.of(1, 2, 3), colours.all());
    assertEquals(List.of("red", "green", "blue"), List.copyOf(colours.asMap().keySet()));
    assertEquals("colour", colours.what());
  }

  @Test
  void findsByExactName() {
    assertEquals(2, colours.get("green"));
    assertEquals(Optional.of(3), colours.find("blue"));
    assertEquals(Optional.empty(), colours.find("Blue"));
    assertTrue(colours.contains("red"));
    assertFalse(colours.contains(" red"));
    assertFalse(colours.contains(null));
  }

  @Test
  void unknownNameListsTheKnownOnesInOrder() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> colours.get("purple"));
    assertEquals("unknown colour 'purple'; known: red, green, blue", e.getMessage());
    assertEquals("unknown colour 'null'; known: red, green, blue", colours.unknown(null));
  }

  @Test
  void unknownNameSuggestsACloseOne() {
    assertEquals("unknown colour 'gren'; known: red, green, blue; did you mean 'green'?",
        colours.unknown("gren"));
    assertEquals("unknown colour 'Blue'; known: red, green, blue; did you mean 'blue'?",
        colours.unknown("Blue"));
    assertEquals("unknown colour ''; known: red, green, blue", colours.unknown(""));
  }

  @Test
  void anyCaseRegistryIgnoresCaseAndBlanks() {
    Registry<Integer> lenient = Registry.<Integer>builder("colour").matchingAnyCase()
        .add("red", 1).build();
    assertEquals(1, lenient.get(" RED "));
    assertEquals("red", lenient.canonicalName(" Red"));
    assertTrue(lenient.contains("Red"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> lenient.canonicalName("rose"));
    assertEquals("unknown colour 'rose'; known: red", e.getMessage());
  }

  @Test
  void duplicateRegistrationIsRejected() {
    Registry.Builder<Integer> b = Registry.<Integer>builder("colour").add("red", 1);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.add("red", 2));
    assertEquals("colour registered twice: red", e.getMessage());
    assertEquals(List.of(1), b.build().all());
  }

  @Test
  void namesMustBeLowerCaseAndEntriesPresent() {
    Registry.Builder<Integer> b = Registry.builder("colour");
    assertThrows(IllegalStateException.class, () -> b.add("Red", 1));
    assertThrows(IllegalStateException.class, () -> b.add(" red", 1));
    assertThrows(IllegalStateException.class, () -> b.add("", 1));
    assertThrows(IllegalStateException.class, () -> b.add(null, 1));
    assertThrows(IllegalStateException.class, () -> b.add("red", null));
  }

  @Test
  void builtRegistryIsImmutable() {
    Registry.Builder<Integer> b = Registry.<Integer>builder("colour").add("red", 1);
    Registry<Integer> built = b.build();
    b.add("green", 2);
    assertEquals(List.of("red"), built.names());
    assertTrue(b.has("green"));
    assertThrows(UnsupportedOperationException.class, () -> built.names().add("blue"));
    assertThrows(UnsupportedOperationException.class, () -> built.all().add(3));
    assertThrows(UnsupportedOperationException.class, () -> built.asMap().put("blue", 3));
  }

  @Test
  void ofRegistersEachEntryUnderItsName() {
    Registry<String> words = Registry.of("word", w -> w.substring(0, 1), List.of("apple", "bee"));
    assertEquals(List.of("a", "b"), words.names());
    assertEquals("bee", words.get("b"));
  }
}
