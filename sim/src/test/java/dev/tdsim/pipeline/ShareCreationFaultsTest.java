package dev.tdsim.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tdsim.faults.FaultKind;
import dev.tdsim.faults.FaultKinds;
import dev.tdsim.faults.FaultPlan;
import dev.tdsim.faults.FaultSpec;
import dev.tdsim.faults.FaultTarget;
import dev.tdsim.pipeline.PipelineFixture.Sent;
import dev.tdsim.timing.CryptoOp;
import dev.tdsim.timing.OpSize;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a faulty validator's shares cost and weigh on the wire ({@code simple}, the fixture's 4
 * validators, 3 transactions, 10 ms links): height 1 is combined by 2, backed up by 3. Each
 * share costs the fixture's known SHARE_CREATE time; a faulty validator's shares leave once it
 * made everything it sends.
 */
class ShareCreationFaultsTest {
  private static final long MS = 1_000_000L;

  private static PipelineFixture run(FaultKind kind, int faulty, long... commitNanos) {
    FaultPlan plan = FaultPlan.resolve(
        List.of(FaultSpec.of(kind, new FaultTarget.Validators(List.of(faulty)))),
        dev.tdsim.faults.Committee.equal(PipelineFixture.VALIDATORS));
    PipelineFixture f = PipelineFixture.builder("simple").faults(plan).build();
    f.propose(1, 0);
    f.commitAll(1, commitNanos);
    f.run();
    return f;
  }

  private static long create(PipelineFixture f, int validator) {
    return f.cost(CryptoOp.SHARE_CREATE,
        new OpSize(3, 1, PipelineFixture.POINTS_EACH, f.payloadBytes()), validator);
  }

  private static List<Sent> firstFrom(PipelineFixture f, int validator) {
    long first = f.net.shares().stream().filter(m -> m.from() == validator)
        .mapToLong(Sent::atNanos).min().orElseThrow();
    return f.net.shares().stream().filter(m -> m.from() == validator && m.atNanos() == first)
        .toList();
  }

  @Test
  void anEquivocatorMakesBothKindsOfSharesBeforeSendingEitherToTheCombinerAndTheBackup() {
    PipelineFixture f = run(FaultKinds.EQUIVOCATE_SHARE, 0, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    List<Sent> out = firstFrom(f, 0);
    assertEquals(List.of(3, 2), out.stream().map(Sent::to).toList(),
        "the correct shares to the backup 3, the wrong ones to the combiner 2");
    long twoSetsMade = 10 * MS + 2 * create(f, 0);
    assertEquals(List.of(twoSetsMade, twoSetsMade), out.stream().map(Sent::atNanos).toList());
    // an honest validator made one set
    assertEquals(20 * MS + create(f, 1), firstFrom(f, 1).get(0).atNanos());
    assertEquals(out.get(0).bytes(), out.get(1).bytes(), "both kinds weigh the same");
  }

  @Test
  void anEquivocatingBackupSendsNothingToItself() {
    // 3 is the backup: its correct shares have no other validator to go to
    PipelineFixture f = run(FaultKinds.EQUIVOCATE_SHARE, 3, 20 * MS, 30 * MS, 40 * MS, 10 * MS);
    List<Sent> out = firstFrom(f, 3);
    assertEquals(List.of(2), out.stream().map(Sent::to).toList());
    assertEquals(10 * MS + 2 * create(f, 3), out.get(0).atNanos());
  }

  @Test
  void malformedSharesAreOneByteShortEachAndCostOneSet() {
    PipelineFixture f = run(FaultKinds.MALFORMED_SHARE, 0, 10 * MS, 20 * MS, 30 * MS, 40 * MS);
    Sent malformed = firstFrom(f, 0).get(0);
    Sent honest = firstFrom(f, 1).get(0);
    assertEquals(2, malformed.to());
    assertEquals(honest.bytes() - 3, malformed.bytes(), "three shares, each a byte short");
    assertEquals(10 * MS + create(f, 0), malformed.atNanos());
  }
}
