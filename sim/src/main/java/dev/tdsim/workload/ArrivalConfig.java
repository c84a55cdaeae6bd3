package dev.tdsim.workload;

import java.util.List;
import java.util.Objects;

/**
 * How clients submit (YAML keys of {@code workload}): the arrival process, the rate schedule and
 * where they submit. The scenario layer checks the values (with the file's lines) before it
 * builds this; {@link RateSchedule} and {@link Clients} refuse what it would have refused.
 *
 * @param arrival the process ({@code arrival}: {@code poisson}, {@code constant}, {@code bursts})
 * @param burstIntervalNanos the time between two bursts of {@link Arrival#BURSTS}, > 0 ({@code
 *     burst_interval}, 1 s); unused by the other processes
 * @param rateSchedule the rate's steps ({@code rate_schedule}); empty: the workload's constant
 *     {@code rate}
 * @param entry where clients submit ({@code entry}: {@code all}, a validator, a region)
 * @param sealAhead with a design that seals a transaction to one height: how many heights past
 *     the last one its entry validator committed a client seals for, >= 1 ({@code seal_ahead},
 *     2: the next height may already be proposed, so the one after it)
 */
public record ArrivalConfig(Arrival arrival, long burstIntervalNanos,
    List<RateStep> rateSchedule, EntryPoints entry, int sealAhead) {

  public static final Arrival DEFAULT_ARRIVAL = Arrival.POISSON;
  public static final long DEFAULT_BURST_INTERVAL_NANOS = 1_000_000_000L;
  public static final List<RateStep> DEFAULT_RATE_SCHEDULE = List.of();
  public static final EntryPoints DEFAULT_ENTRY = EntryPoints.ALL;
  public static final int DEFAULT_SEAL_AHEAD = 2;

  public ArrivalConfig {
    Objects.requireNonNull(arrival, "arrival");
    rateSchedule = List.copyOf(rateSchedule);
    Objects.requireNonNull(entry, "entry");
    if (sealAhead < 1) {
      throw new IllegalArgumentException("sealAhead must be >= 1, got " + sealAhead);
    }
  }

  /** These settings without {@code seal_ahead} (its default). */
  public ArrivalConfig(Arrival arrival, long burstIntervalNanos, List<RateStep> rateSchedule,
      EntryPoints entry) {
    this(arrival, burstIntervalNanos, rateSchedule, entry, DEFAULT_SEAL_AHEAD);
  }

  /** Poisson arrivals at the constant rate, at every validator: tdsim's workload before them. */
  public static ArrivalConfig defaults() {
    return new ArrivalConfig(DEFAULT_ARRIVAL, DEFAULT_BURST_INTERVAL_NANOS,
        DEFAULT_RATE_SCHEDULE, DEFAULT_ENTRY);
  }

  /** The schedule of the rate: the steps, or {@code constantRate} for ever when there are none. */
  public RateSchedule schedule(double constantRate) {
    return rateSchedule.isEmpty() ? RateSchedule.constant(constantRate)
        : new RateSchedule(rateSchedule);
  }
}
