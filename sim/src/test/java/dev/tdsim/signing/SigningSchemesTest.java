package dev.tdsim.signing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.tbls.ThresholdBls;
import dev.tdsim.signing.RoundSchedule.Message;
import dev.tdsim.signing.RoundSchedule.Round;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every registered scheme signs for real and hands over rounds a schedule can take. */
class SigningSchemesTest {
  @Test
  void everySchemeSignsAndItsRoundsFitTheCommittee() {
    for (String name : SigningSchemes.names()) {
      SigningScheme scheme = SigningSchemes.byName(name);
      SigningCommittee keys = scheme.committee(3, 5, SeededDrbg.of(1, "keys " + name, 0));
      assertEquals(5, keys.parties(), name);
      SigningRun run = keys.sign("block 1".getBytes(StandardCharsets.UTF_8),
          SeededDrbg.of(1, "sign " + name, 0));
      assertEquals(scheme.signatureBytes(), run.signature().length, name);
      assertTrue(run.coordinator() >= 0 && run.coordinator() < 5, name);
      long sent = 0;
      for (Round r : run.allRounds()) {
        assertEquals(5, r.computeNanos().length, name);
        for (Message m : r.messages()) {
          assertTrue(m.from() < 5 && m.to() < 5, name);
          sent += m.bytes();
        }
      }
      assertTrue(sent > 0, name + " sends nothing");
      // the schedule takes the rounds: on a 50 ms network the signature needs at least one trip
      RoundSchedule.Result r = RoundSchedule.run(5, run.allRounds(), uniform(50_000_000L));
      assertTrue(r.latencyNanos() >= 50_000_000L, name + ": " + r.latencyNanos());
      SigningScheme.SingleKeySigner alone = scheme.singleKey(SeededDrbg.of(1, "one " + name, 0));
      // the same signature form (ECDSA's single-key r || s has no recovery byte)
      int alonesBytes = alone.sign(new byte[] {7}).length;
      assertTrue(alonesBytes > 0 && alonesBytes <= scheme.signatureBytes(), alone.name());
    }
  }

  @Test
  void thresholdBlsIsOneRoundOfPartialsToTheCombiner() {
    SigningCommittee keys = SigningSchemes.byName("threshold-bls").committee(2, 3,
        SeededDrbg.of(2, "keys", 0));
    SigningRun run = keys.sign(new byte[] {1, 2, 3}, SeededDrbg.of(2, "sign", 0));
    assertEquals(List.of(), run.presign());
    assertEquals(0, run.coordinator());
    assertEquals(ThresholdBls.SIGNATURE_BYTES, run.signature().length);
    List<Message> partials = run.online().get(0).messages();
    assertEquals(2, partials.size()); // the combiner's own partial does not travel
    assertTrue(partials.stream().allMatch(m -> m.to() == 0));
  }

  @Test
  void badCommitteesAndNamesAreRefused() {
    SigningScheme bls = SigningSchemes.byName("threshold-bls");
    assertThrows(IllegalArgumentException.class,
        () -> bls.committee(4, 3, SeededDrbg.of(3, "keys", 0)));
    assertThrows(IllegalArgumentException.class,
        () -> bls.committee(0, 3, SeededDrbg.of(3, "keys", 0)));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SigningSchemes.byName("threshold-bsl"));
    assertTrue(e.getMessage().contains("threshold-bls"), e.getMessage());
  }

  static Links uniform(long oneWayNanos) {
    return new Links() {
      @Override
      public long oneWayNanos(int from, int to) {
        return oneWayNanos;
      }

      @Override
      public long transmissionNanos(long bytes) {
        return bytes * 8; // 1 Gbps
      }
    };
  }
}
