package dev.tdsim.timing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Single-core CPU cost of each real crypto call, per design (a Ferveo variant or a
 * one-share-per-block design), as a linear function of the call's size: nanos = const + msgs*a
 * + validators*b + msgs*validators*c + shares*d + msgs*shares*e + msgBytes*f + msgs*log2(msgs)*g.
 * Fitted by {@code tdsim calibrate} on this machine; a built-in set (measured while building
 * tdsim, see docs/PERFORMANCE.md) is used until then. Its file form is {@link CostModelFile}.
 *
 * <p>Besides the coefficients a model keeps each fit's quality ({@link Fit}, not used for
 * predictions) and each operation's parallel efficiency ({@link Scaling}: Amdahl's serial
 * fraction and the CPU-time ratio per thread count); files written before scaling existed have
 * none, and then {@link #scaling} takes the builtin model's (measured on the project's machine
 * kind) and {@link #notes} says so.
 *
 * <p>The key setup's operations ({@link CryptoOp#keySetup}: the PVSS DKG's deal, verification,
 * aggregation and own check) cost the same whatever the design, so they are kept once ({@link
 * #keySetup}) and read for any design; a scenario needs them only when its keys come from a DKG
 * ({@link #missingKeySetupOps}).
 */
public final class CostModel {
  /** The term names, in the order of {@link Coefficients}. */
  public static final List<String> TERMS =
      List.of("const", "msgs", "validators", "msgs_validators", "shares", "msgs_shares",
          "msg_bytes", "msgs_log_msgs");

  /** The coefficients of one (design, operation), nanoseconds per unit of each term. */
  public record Coefficients(
      double constNanos,
      double perMsgNanos,
      double perValidatorNanos,
      double perMsgValidatorNanos,
      double perShareNanos,
      double perMsgShareNanos,
      double perMsgByteNanos,
      double perMsgLogMsgNanos) {
    /** Without the msgs x log2(msgs) term (the models written before it existed). */
    public Coefficients(double constNanos, double perMsgNanos, double perValidatorNanos,
        double perMsgValidatorNanos, double perShareNanos, double perMsgShareNanos,
        double perMsgByteNanos) {
      this(constNanos, perMsgNanos, perValidatorNanos, perMsgValidatorNanos, perShareNanos,
          perMsgShareNanos, perMsgByteNanos, 0);
    }

    /** msgs x log2(msgs): FFT-shaped work over the block (FK20's openings), 0 below 2 msgs. */
    public static double msgsLogMsgs(int msgs) {
      return msgs < 2 ? 0 : msgs * (Math.log(msgs) / Math.log(2));
    }

    public double predict(OpSize s) {
      double v = constNanos
          + perMsgNanos * s.msgs()
          + perValidatorNanos * s.validators()
          + perMsgValidatorNanos * (double) s.msgs() * s.validators()
          + perShareNanos * s.shares()
          + perMsgShareNanos * (double) s.msgs() * s.shares()
          + perMsgByteNanos * s.msgBytes()
          + perMsgLogMsgNanos * msgsLogMsgs(s.msgs());
      return Math.max(0, v);
    }

    /** The coefficients in the order of {@link #TERMS}. */
    public double[] toArray() {
      return new double[] {constNanos, perMsgNanos, perValidatorNanos, perMsgValidatorNanos,
          perShareNanos, perMsgShareNanos, perMsgByteNanos, perMsgLogMsgNanos};
    }

    /** From coefficients in the order of {@link #TERMS}. */
    public static Coefficients ofArray(double[] c) {
      if (c.length != TERMS.size()) {
        throw new IllegalArgumentException("expected " + TERMS.size() + " coefficients");
      }
      return new Coefficients(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
    }
  }

  /**
   * How well a fitted (design, operation) matched its measurements.
   *
   * @param r2 coefficient of determination on the calibration grid (NaN if undefined)
   * @param maxRelErr largest |predicted - measured| / measured over the grid points
   * @param points grid points the fit used
   */
  public record Fit(double r2, double maxRelErr, int points) {}

  /**
   * The costs of a set of operations: coefficients, and the fit quality and parallel scaling of
   * those that have them (the key setup's section of a file).
   */
  public record OpCosts(Map<CryptoOp, Coefficients> coefficients, Map<CryptoOp, Fit> fits,
      Map<CryptoOp, Scaling> scalings) {
    public static final OpCosts NONE = new OpCosts(Map.of(), Map.of(), Map.of());

    public OpCosts {
      coefficients = Collections.unmodifiableMap(enumMap(coefficients));
      fits = Collections.unmodifiableMap(enumMap(fits));
      scalings = Collections.unmodifiableMap(enumMap(scalings));
    }

    public boolean isEmpty() {
      return coefficients.isEmpty();
    }
  }

  /** An operation-ordered copy. */
  static <V> Map<CryptoOp, V> enumMap(Map<CryptoOp, V> source) {
    Map<CryptoOp, V> out = new EnumMap<>(CryptoOp.class);
    out.putAll(source);
    return out;
  }

  private final Map<String, Map<CryptoOp, Coefficients>> byDesign;
  /** The key setup's operations, the same for every design. */
  private final OpCosts keySetup;
  private final Map<String, Map<CryptoOp, Fit>> fits;
  private final Map<String, Map<CryptoOp, Scaling>> scalings;
  private final Map<String, Object> machine;
  private final String origin;
  /** Single-core sign and verify times of each vote signature scheme, by scheme name. */
  private final Map<String, VoteCost> votes;
  /** Each aggregating commit certificate scheme's costs, by scheme name. */
  private final Map<String, CertificateCost> certificates;

  /**
   * One vote signature scheme's measured single-core costs (median per call).
   *
   * @param signNanos signing one CometBFT vote
   * @param verifyNanos verifying one
   */
  public record VoteCost(long signNanos, long verifyNanos) {
    public VoteCost {
      if (signNanos <= 0 || verifyNanos <= 0) {
        throw new IllegalArgumentException("vote costs must be > 0 ns");
      }
    }
  }

  public CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byDesign, Map<String, Object> machine,
      String origin) {
    this(byDesign, Map.of(), machine, origin);
  }

  /** A model with the fit quality of each (design, operation) that has one. */
  public CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byDesign, Map<String, Map<CryptoOp, Fit>> fits,
      Map<String, Object> machine, String origin) {
    this(byDesign, fits, Map.of(), machine, origin);
  }

  /** A model with fit quality and the parallel scaling of each (design, operation) measured. */
  public CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byDesign, Map<String, Map<CryptoOp, Fit>> fits,
      Map<String, Map<CryptoOp, Scaling>> scalings, Map<String, Object> machine, String origin) {
    this(byDesign, fits, scalings, machine, origin, Map.of(), OpCosts.NONE, Map.of());
  }

  /** A model of every part (as a file holds them); votes and certificates in the given order. */
  CostModel(
      Map<String, Map<CryptoOp, Coefficients>> byDesign, Map<String, Map<CryptoOp, Fit>> fits,
      Map<String, Map<CryptoOp, Scaling>> scalings, Map<String, Object> machine, String origin,
      Map<String, VoteCost> votes, OpCosts keySetup, Map<String, CertificateCost> certificates) {
    this.byDesign = byDesign;
    this.keySetup = keySetup;
    this.fits = fits;
    this.scalings = scalings;
    this.machine = machine;
    this.origin = origin;
    this.votes = Collections.unmodifiableMap(new LinkedHashMap<>(votes));
    this.certificates = Collections.unmodifiableMap(new LinkedHashMap<>(certificates));
  }

  /** The same model with the vote signature costs measured by the same calibration. */
  public CostModel withVotes(Map<String, VoteCost> voteCosts) {
    return new CostModel(byDesign, fits, scalings, machine, origin, voteCosts, keySetup,
        certificates);
  }

  /** The same model with the certificate schemes' costs measured by the same calibration. */
  public CostModel withCertificates(Map<String, CertificateCost> costs) {
    return new CostModel(byDesign, fits, scalings, machine, origin, votes, keySetup, costs);
  }

  /** The same model with the key setup's operations (as measured by the same calibration). */
  public CostModel withKeySetup(OpCosts costs) {
    for (CryptoOp op : costs.coefficients().keySet()) {
      if (!op.keySetup()) {
        throw new IllegalArgumentException(op + " is not a key-setup operation");
      }
    }
    return new CostModel(byDesign, fits, scalings, machine, origin, votes, costs,
        certificates);
  }

  /** The key setup's operations (the DKG's), the same for every design; empty if none. */
  public OpCosts keySetup() {
    return keySetup;
  }

  /** The calibrated costs of a vote signature scheme, if this file has them. */
  public Optional<VoteCost> voteCost(String scheme) {
    return Optional.ofNullable(votes.get(scheme));
  }

  /** Every vote signature scheme's costs this model has, by scheme name. */
  Map<String, VoteCost> votes() {
    return votes;
  }

  /** The calibrated costs of an aggregating certificate scheme, if this file has them. */
  public Optional<CertificateCost> certificateCost(String scheme) {
    return Optional.ofNullable(certificates.get(scheme));
  }

  /** Every certificate scheme's costs this model has, by scheme name. */
  public Map<String, CertificateCost> certificates() {
    return certificates;
  }

  /** The builtin model, parsed once (the fallback scaling of files without one). */
  private static final class Builtin {
    static final CostModel MODEL = CostModelFile.readBuiltin();
  }

  /** The built-in model shipped with tdsim. */
  public static CostModel builtin() {
    return Builtin.MODEL;
  }

  /** Reads a calibration file ({@link CostModelFile#read}). */
  public static CostModel read(Path file) throws IOException {
    return CostModelFile.read(file);
  }

  /** The file form of this model ({@link CostModelFile#toYaml}). */
  public String toYaml() {
    return CostModelFile.toYaml(this);
  }

  /**
   * Predicted single-core CPU nanoseconds; an operation the design does not have costs 0. A
   * key-setup operation ({@link CryptoOp#keySetup}) is read from the key setup's section,
   * whatever the design.
   */
  public long cpuNanos(String design, CryptoOp op, OpSize size) {
    if (op.keySetup()) {
      Coefficients c = keySetup.coefficients().get(op);
      return c == null ? 0 : Math.round(c.predict(size));
    }
    Map<CryptoOp, Coefficients> ops = byDesign.get(design);
    if (ops == null) {
      throw new IllegalArgumentException(
          "cost model " + origin + " has no variant '" + design + "'; it has "
              + byDesign.keySet());
    }
    Coefficients c = ops.get(op);
    return c == null ? 0 : Math.round(c.predict(size));
  }

  /**
   * The operations {@code design} uses that this model has no cost for (which would be charged
   * 0): the ones the builtin model has for the design, since {@code tdsim calibrate} measures
   * exactly the operations a design's code runs. Empty for the builtin model itself and for a
   * design the builtin model does not know.
   */
  public List<CryptoOp> missingOps(String design) {
    Map<CryptoOp, Coefficients> used = Builtin.MODEL.byDesign.get(design);
    Map<CryptoOp, Coefficients> have = byDesign.getOrDefault(design, Map.of());
    if (used == null || this == Builtin.MODEL) {
      return List.of();
    }
    return used.keySet().stream().filter(op -> !have.containsKey(op)).toList();
  }

  /**
   * The key-setup operations (the DKG's) a scenario whose keys come from a DKG uses and this
   * model has no cost for: the ones the builtin model has. Empty for the builtin model itself.
   */
  public List<CryptoOp> missingKeySetupOps() {
    if (this == Builtin.MODEL) {
      return List.of();
    }
    return Builtin.MODEL.keySetup.coefficients().keySet().stream()
        .filter(op -> !keySetup.coefficients().containsKey(op)).toList();
  }

  /**
   * The parallel scaling of one (design, operation): this file's; for a file without one (made
   * before calibrations measured it) the builtin model's; {@link Scaling#LINEAR} where neither
   * has it (an operation never calibrated, e.g. BLAME). Never null.
   */
  public Scaling scaling(String design, CryptoOp op) {
    if (op.keySetup()) {
      Scaling s = keySetup.scalings().get(op);
      if (s != null) {
        return s;
      }
      return keySetup.scalings().isEmpty() && this != Builtin.MODEL
          ? Builtin.MODEL.scaling(design, op) : Scaling.LINEAR;
    }
    Scaling s = scalings.getOrDefault(design, Map.of()).get(op);
    if (s != null) {
      return s;
    }
    if (scalings.isEmpty() && this != Builtin.MODEL) {
      return Builtin.MODEL.scaling(design, op);
    }
    return Scaling.LINEAR;
  }

  /** Whether this file has measured parallel scaling (files before it read with defaults). */
  public boolean hasScaling() {
    return !scalings.isEmpty() || !keySetup.scalings().isEmpty();
  }

  /** The most threads any operation's scaling was measured at (1 when none was). */
  public int measuredThreads() {
    return java.util.stream.Stream.concat(
            scalings.values().stream().flatMap(m -> m.values().stream()),
            keySetup.scalings().values().stream())
        .mapToInt(Scaling::measuredThreads).max().orElse(1);
  }

  /**
   * Notes a run should show about this model: a file without parallel scaling reads with the
   * builtin model's serial fractions.
   */
  public List<String> notes() {
    if (hasScaling() || this == Builtin.MODEL) {
      return List.of();
    }
    return List.of("cost model " + origin + " has no parallel scaling (it predates 'tdsim"
        + " calibrate' measuring it): crypto time on several cores uses the builtin model's"
        + " serial fractions (Amdahl); run 'tdsim calibrate' for this machine's");
  }

  public Map<String, Object> machine() {
    return machine;
  }

  public String origin() {
    return origin;
  }

  public Map<String, Map<CryptoOp, Coefficients>> coefficients() {
    return byDesign;
  }

  /** The measured scaling of each (design, operation) this file has (none for older files). */
  Map<String, Map<CryptoOp, Scaling>> scalings() {
    return scalings;
  }

  /** The recorded fit quality of one (design, operation), if the file has one. */
  public Optional<Fit> fit(String design, CryptoOp op) {
    if (op.keySetup()) {
      return Optional.ofNullable(keySetup.fits().get(op));
    }
    return Optional.ofNullable(fits.getOrDefault(design, Map.of()).get(op));
  }
}
