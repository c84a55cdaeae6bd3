package dev.tdsim.crypto.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code Fr}'s multiplying constructor is {@link Mont}'s 4-limb {@code mul} inlined by hand (the
 * JIT does not inline a method that large into every caller, and writing into the fields saves the
 * scratch array). This keeps the two bodies the same statement for statement, so a fix to one
 * cannot miss the other: the sources must agree except for the {@code Mont.} qualifier and the
 * four final stores.
 */
class FrInlinedMulTest {
  private static final Path SOURCES = Path.of("src/main/java/dev/tdsim/crypto/field");

  @Test
  void theInlinedConstructorIsMontMulStatementForStatement() throws IOException {
    List<String> mont = body(Files.readAllLines(SOURCES.resolve("Mont.java")),
        "static void mul(long ax0, long ax1, long ax2, long ax3,");
    List<String> fr = body(Files.readAllLines(SOURCES.resolve("Fr.java")),
        "private Fr(long ax0, long ax1, long ax2, long ax3, long bx0,");
    assertTrue(mont.size() > 150, "Mont.mul's body found (" + mont.size() + " statements)");
    List<String> montStores = mont.subList(mont.size() - 4, mont.size());
    List<String> frStores = fr.subList(fr.size() - 4, fr.size());
    assertEquals(mont.subList(0, mont.size() - 4),
        fr.subList(0, fr.size() - 4).stream().map(l -> l.replace("Mont.", "")).toList());
    for (int i = 0; i < 4; i++) {
      assertEquals(montStores.get(i).replaceFirst("^z\\[zo( \\+ \\d)?\\]", "limb" + i),
          frStores.get(i).replaceFirst("^this\\.m\\d", "limb" + i));
    }
  }

  /** The code lines (comments and blank lines dropped, trimmed) of the method opening at header. */
  private static List<String> body(List<String> lines, String header) {
    int start = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(header)) {
        start = i;
        break;
      }
    }
    assertTrue(start >= 0, "no method starting with " + header);
    while (!lines.get(start).trim().endsWith("{")) {
      start++;
    }
    List<String> out = new ArrayList<>();
    for (int i = start + 1; i < lines.size(); i++) {
      String code = lines.get(i).replaceFirst("//.*$", "").trim();
      if (code.equals("}") && lines.get(i).startsWith("    }")) {
        return out;
      }
      if (!code.isEmpty()) {
        out.add(code);
      }
    }
    throw new AssertionError("unterminated method " + header);
  }
}
