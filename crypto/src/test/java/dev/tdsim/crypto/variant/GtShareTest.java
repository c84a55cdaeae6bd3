package dev.tdsim.crypto.variant;

import static dev.tdsim.crypto.variant.Fixture.KEYS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.CryptoException;
import dev.tdsim.crypto.curve.GtElement;
import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Ciphertext;
import dev.tdsim.crypto.tpke.KeyCollision;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The GT-family share with its evidence: encoding, and the per-validator check's verdicts. */
class GtShareTest {
  private static final CombineVariant<?> SIMPLE = Variants.byName("simple");

  private static List<Ciphertext> cts() {
    return Fixture.encrypt(SIMPLE, 2, SeededDrbg.of(501, "test", 0));
  }

  private static List<GtShare> decoded(int validator, List<byte[]> encoded) {
    List<GtShare> out = new ArrayList<>();
    for (byte[] e : encoded) {
      out.add(GtShare.decode(e, "test"));
    }
    return out;
  }

  private static Optional<String> check(int validator, List<Ciphertext> cts,
      List<GtShare> shares) {
    StrongRandom random = SeededDrbg.of(503, "test", 0);
    return GtShare.check(KEYS, validator, cts, shares, v -> v, random);
  }

  @Test
  void anHonestShareRoundTripsAndPassesItsCheck() {
    List<Ciphertext> cts = cts();
    List<byte[]> encoded = Fixture.make(SIMPLE.shareMaker(KEYS, 2, Fixture.all()), cts);
    assertEquals(GtShare.wireBytes(8), encoded.get(0).length);
    assertEquals(8 * 576 + 96, GtShare.wireBytes(8));
    List<GtShare> shares = decoded(2, encoded);
    assertEquals(8, shares.get(0).elements().size());
    assertEquals(cts.get(0).u().multiply(KEYS.validatorBlinding(2).inverse()),
        shares.get(0).blinded());
    assertEquals(Optional.empty(), check(2, cts, shares));
  }

  @Test
  void aWrongBlindedShareFailsAgainstTheBlindingKey() {
    List<Ciphertext> cts = cts();
    List<GtShare> own = decoded(2, Fixture.make(SIMPLE.shareMaker(KEYS, 2, Fixture.all()), cts));
    List<GtShare> other = decoded(3, Fixture.make(SIMPLE.shareMaker(KEYS, 3, Fixture.all()), cts));
    List<GtShare> mixed = List.of(own.get(0),
        new GtShare(own.get(1).elements(), other.get(1).blinded()));
    assertTrue(check(2, cts, mixed).orElseThrow().contains("blinding key"));
  }

  @Test
  void aWrongElementFailsAgainstTheVerifiedBlindedShare() {
    List<Ciphertext> cts = cts();
    List<GtShare> own = decoded(2, Fixture.make(SIMPLE.shareMaker(KEYS, 2, Fixture.all()), cts));
    List<GtElement> elements = new ArrayList<>(own.get(1).elements());
    elements.set(7, elements.get(7).multiply(KeyCollision.gtShift()));
    List<GtShare> bad = List.of(own.get(0), new GtShare(elements, own.get(1).blinded()));
    assertTrue(check(2, cts, bad).orElseThrow().contains("does not match"));
    // Another validator's elements with its own (right) D: the elements are not its own.
    List<GtShare> other = decoded(3, Fixture.make(SIMPLE.shareMaker(KEYS, 3, Fixture.all()), cts));
    List<GtShare> swapped = List.of(new GtShare(other.get(0).elements(), own.get(0).blinded()),
        own.get(1));
    assertTrue(check(2, cts, swapped).orElseThrow().contains("does not match"));
  }

  @Test
  void sharesWithDifferentElementCountsAreNamedForIt() {
    List<Ciphertext> cts = cts();
    List<GtShare> own = decoded(2, Fixture.make(SIMPLE.shareMaker(KEYS, 2, Fixture.all()), cts));
    List<GtShare> ragged = List.of(own.get(0),
        new GtShare(own.get(1).elements().subList(0, 7), own.get(1).blinded()));
    assertEquals("its shares hold 7 and 8 elements", check(2, cts, ragged).orElseThrow());
  }

  @Test
  void decodeNeedsElementsAndABlindedShare() {
    byte[] valid = Fixture.make(SIMPLE.shareMaker(KEYS, 2, Fixture.all()), cts()).get(0);
    for (byte[] bad : new byte[][] {null, new byte[0], new byte[96], new byte[576],
        Arrays.copyOf(valid, 576 + 95), Arrays.copyOf(valid, valid.length + 1)}) {
      CryptoException e = assertThrows(CryptoException.class, () -> GtShare.decode(bad, "op"));
      assertTrue(e.getMessage().contains("op") && e.getMessage().contains(
          "expected a multiple of 576 bytes plus 96, got " + (bad == null ? "null" : bad.length)),
          e.getMessage());
    }
    // The smallest share: one element and D (precomputed's).
    byte[] one = Fixture.make(Variants.byName("precomputed").shareMaker(KEYS, 2, Fixture.all()),
        cts()).get(0);
    assertEquals(576 + 96, one.length);
    assertEquals(1, GtShare.decode(one, "op").elements().size());
  }
}
