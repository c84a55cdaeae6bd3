package dev.tdsim.crypto.curve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.crypto.field.Fr;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generator's table gives blst's own [s]G for every scalar, digits 0x80-0xFF included. */
class G2GeneratorTableTest {
  private static List<Fr> scalars() {
    List<Fr> out = new ArrayList<>();
    for (long v : new long[] {0, 1, 2, 127, 128, 255, 256, 257, 0xFFFF, Long.MAX_VALUE, -1, -2}) {
      out.add(Fr.of(v));
    }
    // every byte 0x80 or 0xFF (reduced mod r), and 2^248: the top digit alone
    out.add(Fr.of(new BigInteger("80".repeat(32), 16)));
    out.add(Fr.of(new BigInteger("ff".repeat(32), 16)));
    out.add(Fr.of(BigInteger.TWO.pow(248)));
    out.add(Fr.of(Fr.MODULUS.subtract(BigInteger.TWO.pow(200))));
    StrongRandom random = SeededDrbg.of(7, "test.g2-generator-table", 0);
    for (int i = 0; i < 64; i++) {
      out.add(Fr.random(random));
    }
    return out;
  }

  @Test
  void everyMultipleIsTheGeneratorsOwn() {
    List<Fr> scalars = scalars();
    List<G2Point> each = G2GeneratorTable.multiplyEach(scalars);
    List<G2Point> ranged;
    try (dev.tdsim.crypto.Workers workers = dev.tdsim.crypto.Workers.of(2)) {
      ranged = G2GeneratorTable.multiplyEach(scalars, workers);
    }
    for (int i = 0; i < scalars.size(); i++) {
      G2Point expected = G2Point.generator().multiply(scalars.get(i));
      assertEquals(expected, G2GeneratorTable.multiply(scalars.get(i)), "scalar " + i);
      assertEquals(expected, each.get(i), "batch, scalar " + i);
      assertEquals(expected, ranged.get(i), "batch in ranges, scalar " + i);
    }
    assertEquals(G2Point.identity(), G2GeneratorTable.multiply(Fr.zero()));
  }
}
