package dev.tdsim.workload;

import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The clients of a run as one stream of submissions, in time order: when (the arrival process
 * at the scheduled rate), where (a validator drawn uniformly among the entry points) and how
 * large (the workload's size distribution). A burst comes as consecutive submissions with the
 * same time. Every draw is from the given stream, in that order per submission: the time (Poisson
 * only), the validator (when there are several), the size (when the distribution draws).
 */
public final class Clients {
  private final Arrival.ArrivalTimes times;
  private final long msgSizeBytes;
  private final MsgSizeDistribution sizes;
  private final int[] entryValidators;
  private final SplittableRandom random;
  private boolean ended;

  /**
   * @param ratePerSecond the rate when {@code arrivals} has no schedule, > 0
   * @param entryValidators the validators submissions go to (e.g. {@link
   *     EntryPoints#validators}), at least one
   * @throws IllegalArgumentException on a schedule or burst interval that could not be read from
   *     a scenario (a burst rounding to no submission at a positive rate)
   */
  public Clients(ArrivalConfig arrivals, double ratePerSecond, long msgSizeBytes,
      MsgSizeDistribution sizes, int[] entryValidators, SplittableRandom random) {
    if (arrivals.burstIntervalNanos() <= 0) {
      throw new IllegalArgumentException("burst interval " + arrivals.burstIntervalNanos());
    }
    if (entryValidators.length == 0) {
      throw new IllegalArgumentException("no validator to submit to");
    }
    RateSchedule schedule = arrivals.schedule(ratePerSecond);
    arrivals.arrival().problem(schedule, arrivals.burstIntervalNanos()).ifPresent(p -> {
      throw new IllegalArgumentException(p);
    });
    this.random = Objects.requireNonNull(random, "random");
    this.times = arrivals.arrival().times(schedule, arrivals.burstIntervalNanos(), random);
    this.msgSizeBytes = msgSizeBytes;
    this.sizes = Objects.requireNonNull(sizes, "sizes");
    this.entryValidators = entryValidators.clone();
  }

  /**
   * The next submission, at a time no earlier than the previous one's; null when the schedule
   * has ended in a pause (and for ever after).
   */
  public Submission next() {
    if (ended) {
      return null;
    }
    long at = times.next();
    if (at == Arrival.NEVER) {
      ended = true;
      return null;
    }
    int validator = entryValidators.length == 1 ? entryValidators[0]
        : entryValidators[random.nextInt(entryValidators.length)];
    return new Submission(at, validator, sizes.drawBytes(msgSizeBytes, random));
  }
}
