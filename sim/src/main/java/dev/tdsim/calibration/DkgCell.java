package dev.tdsim.calibration;

import dev.tdsim.crypto.Workers;
import dev.tdsim.timing.CryptoOp;

/**
 * One key set of the DKG grid ({@link DkgCalibration}): a visit times a deal, one transcript's
 * decoding and verification, and the aggregation and own check at each transcript count.
 */
final class DkgCell extends GridCell {
  private final DkgCalibration.Setup setup;

  DkgCell(CellContext context, DkgCalibration.Setup setup) {
    super(context, Calibrator.KEY_SETUP, null,
        setup.transcripts.get(setup.transcripts.size() - 1), 0);
    this.setup = setup;
  }

  @Override
  String describe() {
    return "DKG " + setup.label + " (aggregating " + setup.transcripts + " transcripts)";
  }

  @Override
  void visit(Workers workers) {
    timed("DKG_DEAL", CryptoOp.DKG_DEAL, setup.transcriptSize(), workers,
        () -> setup.deal(workers));
    timed("DKG_VERIFY", CryptoOp.DKG_VERIFY, setup.transcriptSize(), workers,
        () -> setup.verify(workers));
    for (int d : setup.transcripts) {
      timed("DKG_AGGREGATE/" + d, CryptoOp.DKG_AGGREGATE, setup.aggregateSize(d), workers,
          () -> setup.aggregate(d, workers));
      // One thread's work whatever the pool (as in a scenario): timed at 1 thread only.
      if (workers.threads() == 1) {
        timed("DKG_OWN_CHECK/" + d, CryptoOp.DKG_OWN_CHECK, setup.ownCheckSize(d), workers,
            () -> setup.ownCheck(d));
      }
    }
  }
}
