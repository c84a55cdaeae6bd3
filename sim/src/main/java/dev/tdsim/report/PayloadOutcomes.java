package dev.tdsim.report;

import dev.tdsim.pipeline.HeightRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What became of the run's payloads at the heights that ran the real crypto, the {@code
 * payloads} section of summary.json: three counts that never mix. Opened wrong is a bug of tdsim
 * (exit 3); refused is a correct outcome (too few honest shares, a key-colliding payload, a
 * height never decrypted) and no error.
 *
 * @param openedCorrectly payloads opened to exactly what their client sent
 * @param refused payloads left unopened, every payload of a height never decrypted included
 * @param openedWrong payloads opened to a plaintext their client did not send
 * @param refusedWhy per reason, the payloads refused for it
 * @param heightsNotDecrypted heights committed (or proposed) whose plaintexts were never ready
 */
public record PayloadOutcomes(long openedCorrectly, long refused, long openedWrong,
    Map<String, Long> refusedWhy, List<Integer> heightsNotDecrypted) {

  public PayloadOutcomes {
    refusedWhy = java.util.Collections.unmodifiableMap(new TreeMap<>(refusedWhy));
    heightsNotDecrypted = List.copyOf(heightsNotDecrypted);
  }

  /** The outcomes of the decrypted heights and of those never decrypted. */
  static PayloadOutcomes of(List<HeightRecord> decrypted, List<HeightRecord> notDecrypted) {
    long opened = 0;
    long refused = 0;
    long wrong = 0;
    Map<String, Long> why = new TreeMap<>();
    List<Integer> never = new ArrayList<>();
    List<HeightRecord> all = new ArrayList<>(decrypted);
    all.addAll(notDecrypted);
    for (HeightRecord h : all) {
      opened += h.opened();
      refused += h.refused();
      wrong += h.openedWrong();
      if (h.refused() > 0) {
        why.merge(h.why(), (long) h.refused(), Long::sum);
      }
      if (!h.status().plaintextsReady()) {
        never.add(h.height());
      }
    }
    return new PayloadOutcomes(opened, refused, wrong, why, never);
  }

  /**
   * The console line (also report.html's): said only when something was refused, opened wrong
   * or never decrypted (a run that opened everything stays as before).
   */
  java.util.Optional<String> line() {
    if (refused == 0 && openedWrong == 0 && heightsNotDecrypted.isEmpty()) {
      return java.util.Optional.empty();
    }
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
        "payloads: %d opened correctly, %d correctly refused, %d opened wrongly", openedCorrectly,
        refused, openedWrong));
    if (!refusedWhy.isEmpty()) {
      b.append("; refused: ");
      List<String> parts = new ArrayList<>();
      refusedWhy.forEach((reason, n) -> parts.add(n + " (" + reason + ")"));
      b.append(String.join(", ", parts));
    }
    if (!heightsNotDecrypted.isEmpty()) {
      b.append("; heights never decrypted (each fits no budget): ").append(heightsNotDecrypted);
    }
    return java.util.Optional.of(b.toString());
  }
}
