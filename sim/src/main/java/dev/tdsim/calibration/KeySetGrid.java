package dev.tdsim.calibration;

import dev.tdsim.crypto.random.SeededDrbg;
import dev.tdsim.crypto.random.StrongRandom;
import dev.tdsim.crypto.tpke.Committee;
import dev.tdsim.crypto.tpke.SignerSet;
import dev.tdsim.timing.OpSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * One variant's or design's grid on one key set: what its cells are made of, the same for
 * Ferveo's variants and the one-share-per-block designs. Per message count a {@link Point}
 * (payloads and encryption stream of its own), and the signer sets every cell uses: the
 * threshold signers whose shares a block_propose combines, and for BLAME those plus the next
 * validator.
 */
final class KeySetGrid {
  /** Signers whose share creation is timed at each grid point. */
  private static final int TIMED_SHARE_MAKERS = 3;

  private final CalibrationSettings settings;
  private final CalibrationSettings.Grid grid;
  private final int keyIndex;
  final String name;
  final Committee committee;
  /** "NAME/VxN": the label of the cells' seeded streams. */
  final String label;
  /** The fewest validators whose points reach the threshold (see {@link #thresholdSigners}). */
  final SignerSet signers;
  /** The threshold signers' validators, in index order. */
  final List<Integer> makers;

  /** One message count of the grid: its payloads and its encryption stream. */
  record Point(int index, int msgs, int payloadBytes, List<byte[]> payloads,
      StrongRandom encryption) {}

  KeySetGrid(CalibrationSettings settings, String name, Committee committee,
      CalibrationSettings.Grid grid) {
    this.settings = settings;
    this.grid = grid;
    this.name = name;
    this.committee = committee;
    this.keyIndex = grid.keySets().indexOf(new CalibrationSettings.KeySpec(
        committee.validators(), committee.shares()));
    this.label = name + "/" + committee.validators() + "x" + committee.shares();
    this.signers = thresholdSigners(committee);
    this.makers = signers.validators();
  }

  /** How many message counts (cells) the grid has. */
  int size() {
    return grid.msgs().size();
  }

  /**
   * The j-th message count's point: random payload bytes (they need no strong stream), the
   * settings' sizes in turn over key sets and counts, and encryption scalars from a strong
   * stream of this cell only.
   */
  Point point(int j) {
    int m = grid.msgs().get(j);
    List<Integer> sizes = settings.sizesBytes();
    int size = sizes.get((keyIndex + j) % sizes.size());
    Random random = new Random(settings.seed() * 7919L + 31L * keyIndex + 1009L * m
        + name.hashCode());
    List<byte[]> payloads = new ArrayList<>(m);
    for (int i = 0; i < m; i++) {
      byte[] p = new byte[size];
      random.nextBytes(p);
      payloads.add(p);
    }
    return new Point(j, m, size, payloads,
        SeededDrbg.of(settings.seed(), "calibration.encrypt/" + label, m));
  }

  /** A point's block as the combiner's calls see it: (m, signers, their points, bytes). */
  OpSize block(Point p) {
    return new OpSize(p.msgs(), makers.size(), signers.pointCount(), blockBytes(p));
  }

  /**
   * BLAME's signer set: the threshold signers and the next validator, so that t honest points
   * remain after one bad signer is blamed; none when the threshold signers are every validator.
   */
  Optional<SignerSet> blameSigners() {
    if (makers.size() >= committee.validators()) {
      return Optional.empty();
    }
    List<Integer> withExtra = new ArrayList<>(makers);
    withExtra.add(makers.size());
    return Optional.of(SignerSet.of(committee, withExtra));
  }

  /** BLAME's size at a point: (m, its validators, their points, bytes). */
  OpSize blameSize(SignerSet blameSigners, Point p) {
    return new OpSize(p.msgs(), blameSigners.size(), blameSigners.pointCount(), blockBytes(p));
  }

  private static long blockBytes(Point p) {
    return (long) p.msgs() * p.payloadBytes();
  }

  /** The stream of the warm-up on this key set. */
  StrongRandom warmUpRandom() {
    return SeededDrbg.of(settings.seed(), "calibration.warm-up/" + label, 0);
  }

  /** A setup line about this grid: "NAME on VxN: {@code what}". */
  String setupLine(String what, Object... args) {
    return String.format(Locale.ROOT, "%s on %dx%d: ", name, committee.validators(),
        committee.shares()) + String.format(Locale.ROOT, what, args);
  }

  /** The fewest validators, in index order, whose points reach the threshold. */
  static SignerSet thresholdSigners(Committee committee) {
    List<Integer> chosen = new ArrayList<>();
    int points = 0;
    for (int v = 0; v < committee.validators() && points < committee.threshold(); v++) {
      chosen.add(v);
      points += committee.pointsOf(v);
    }
    return SignerSet.of(committee, chosen);
  }

  /** Up to {@link #TIMED_SHARE_MAKERS} signers spread over the set: first, middle, last. */
  static List<Integer> timedMakers(List<Integer> makers) {
    int k = Math.min(TIMED_SHARE_MAKERS, makers.size());
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      int pick = makers.get(k == 1 ? 0 : (int) ((long) i * (makers.size() - 1) / (k - 1)));
      if (!out.contains(pick)) {
        out.add(pick);
      }
    }
    return out;
  }

  /**
   * The fewest validators whose points reach the threshold, counted from validator {@code
   * visit * 7 mod V} on (wrapping): a different set at each visit while V allows.
   */
  static SignerSet rotatedSigners(Committee committee, int visit) {
    int v = committee.validators();
    int start = (int) ((visit * 7L) % v);
    List<Integer> chosen = new ArrayList<>();
    int points = 0;
    for (int i = 0; i < v && points < committee.threshold(); i++) {
      int x = (start + i) % v;
      chosen.add(x);
      points += committee.pointsOf(x);
    }
    chosen.sort(null);
    return SignerSet.of(committee, chosen);
  }
}
