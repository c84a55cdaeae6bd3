package dev.tdsim.engine;

import java.util.Objects;

/**
 * The discrete-event loop: a clock in nanoseconds and a queue of {@link Event}s fired in (time,
 * scheduling order). This is the classic next-event time-advance scheme (Law, "Simulation Modeling
 * and Analysis", 5th ed., section 1.3): the clock jumps from event to event, nothing happens in
 * between.
 *
 * <p>Determinism: ties in time fire in the order they were scheduled (a global sequence number),
 * so the same events scheduled in the same order give the same trace on every run and JVM. No
 * wall clock, thread, hash order or logging is involved; randomness belongs to the events, which
 * draw it from {@link dev.tdsim.random.RandomStreams}.
 *
 * <p>Time is a {@code long} of nanoseconds from 0: 2^63 ns is 292 years, so overflow can only come
 * from a bogus delay, which is rejected. Not thread-safe: one simulation runs on one thread
 * (independent simulations may run in parallel).
 */
public final class Simulation {

  private final TimeQueue queue;
  private final QueueKind queueKind;
  private long nowNanos;
  private long nextSeq;
  private long eventsProcessed;
  private boolean stopRequested;
  private boolean running;

  /** A simulation on the default queue ({@link QueueKind#DEFAULT}). */
  public Simulation() {
    this(QueueKind.DEFAULT);
  }

  /** A simulation on the given queue; every kind gives the same trace. */
  public Simulation(QueueKind queueKind) {
    this.queueKind = Objects.requireNonNull(queueKind, "queueKind");
    this.queue = queueKind.create();
  }

  public QueueKind queueKind() {
    return queueKind;
  }

  /** The current simulated time: the time of the event being fired, or where the last run ended. */
  public long nowNanos() {
    return nowNanos;
  }

  /**
   * Events fired since creation, over all runs (cancelled {@link Cancellable}s included), where
   * each receiver reached by a {@link #scheduleFanout} counts as one event: a broadcast to V
   * receivers adds V (its deliverable receivers), as it did when it was V scheduled events.
   */
  public long eventsProcessed() {
    return eventsProcessed;
  }

  /**
   * Queue entries not fired yet: a {@link #scheduleFanout} is one entry until its last receiver is
   * delivered, whatever the number of receivers left.
   */
  public int pendingEvents() {
    return queue.size();
  }

  /** The time of the next queued event, or {@link Long#MAX_VALUE} when the queue is empty. */
  public long nextEventNanos() {
    return queue.isEmpty() ? Long.MAX_VALUE : queue.peekTime();
  }

  /**
   * Queues {@code event} at absolute time {@code atNanos}; equal times fire in scheduling order.
   *
   * @throws IllegalArgumentException if {@code atNanos} is before {@link #nowNanos()}: an event in
   *     the past would break causality (its effects would precede already-fired events)
   */
  public void schedule(long atNanos, Event event) {
    Objects.requireNonNull(event, "event");
    if (atNanos < nowNanos) {
      throw new IllegalArgumentException(
          "cannot schedule in the past: atNanos=" + atNanos + " < nowNanos=" + nowNanos);
    }
    queue.add(atNanos, nextSeq++, event);
  }

  /**
   * Queues {@code event} {@code delayNanos} after now.
   *
   * @throws IllegalArgumentException if the delay is negative or now + delay overflows
   */
  public void scheduleAfter(long delayNanos, Event event) {
    if (delayNanos < 0) {
      throw new IllegalArgumentException("delayNanos must be >= 0, got " + delayNanos);
    }
    long at = nowNanos + delayNanos;
    if (at < nowNanos) {
      throw new IllegalArgumentException(
          "delayNanos=" + delayNanos + " overflows the clock at nowNanos=" + nowNanos);
    }
    schedule(at, event);
  }

  /**
   * Queues one broadcast: receiver {@code i} is delivered {@code delaysNanos[i]} after now, by
   * {@code target.deliver(i)} with the clock at its arrival. A delay of {@link Long#MAX_VALUE} (the
   * network's {@code QuorumArrival.NEVER}) or below 0 means receiver {@code i} is never reached;
   * the sender usually passes one of those for itself. The array is read during this call only,
   * so the caller may reuse it.
   *
   * <p>Order: the broadcast is one queue entry with one sequence number, keyed by its next
   * receiver's arrival; its receivers are delivered in (arrival time, receiver index) order, and
   * against other entries it orders by (time, sequence) like any event. The trace is the same as
   * scheduling {@code scheduleAfter(delaysNanos[i], ...)} for i = 0, 1, ... in one go, at a
   * fraction of the cost (one entry and one sort instead of V entries and V lambdas).
   *
   * @throws IllegalArgumentException if now + a delivered delay overflows the clock
   */
  public void scheduleFanout(long[] delaysNanos, FanoutTarget target) {
    Objects.requireNonNull(delaysNanos, "delaysNanos");
    Objects.requireNonNull(target, "target");
    Fanout fanout = Fanout.of(nowNanos, delaysNanos, target);
    if (fanout != null) {
      queue.add(fanout.firstNanos(), nextSeq++, fanout);
    }
  }

  /**
   * Queues a {@link Series} whose first step is due at {@code atNanos}: one entry that the loop
   * re-keys after each step (by {@link Series#advance()}) until the series is done. Ordered by
   * (time, sequence) like any event; it keeps its sequence number across steps.
   */
  public void scheduleSeries(long atNanos, Series series) {
    Objects.requireNonNull(series, "series");
    if (atNanos < nowNanos) {
      throw new IllegalArgumentException(
          "cannot schedule in the past: atNanos=" + atNanos + " < nowNanos=" + nowNanos);
    }
    queue.add(atNanos, nextSeq++, series);
  }

  /**
   * Asks the current run to return once the event being fired finishes; the queue is kept, so a
   * later run resumes. Outside a run it has no effect.
   */
  public void stop() {
    if (running) {
      stopRequested = true;
    }
  }

  /**
   * Fires events until the queue is empty or {@link #stop()} is called.
   *
   * @return the number of events fired by this call (each fanout receiver counted)
   */
  public long run() {
    return loop(Long.MAX_VALUE, null, false);
  }

  /**
   * Fires every event with time {@code <= endNanos} (events an event schedules at or before
   * {@code endNanos} included), then moves the clock to {@code endNanos}, so that a following
   * {@link #scheduleAfter} counts from the end of the window. A {@link #stop()} leaves the clock
   * at the stopping event.
   *
   * @return the number of events fired by this call
   */
  public long runUntil(long endNanos) {
    if (endNanos < nowNanos) {
      throw new IllegalArgumentException(
          "endNanos=" + endNanos + " is before nowNanos=" + nowNanos);
    }
    return loop(endNanos, null, true);
  }

  /**
   * Fires events until {@code condition} holds after an event, the queue is empty or {@link
   * #stop()} is called.
   *
   * @return the number of events fired by this call
   */
  public long runUntil(StopCondition condition) {
    return loop(Long.MAX_VALUE, Objects.requireNonNull(condition, "condition"), false);
  }

  private long loop(long endNanos, StopCondition condition, boolean advanceToEnd) {
    if (running) {
      throw new IllegalStateException("run called from inside an event: the loop is not reentrant");
    }
    running = true;
    long fired = 0;
    try {
      while (!queue.isEmpty() && queue.peekTime() <= endNanos) {
        nowNanos = queue.peekTime();
        Event event = queue.peekEvent();
        eventsProcessed++;
        fired++;
        if (event instanceof Series series) {
          long next = series.advance();
          if (next == Series.DONE) {
            queue.poll();
          } else {
            queue.rekeyHead(next); // re-keyed before the step: the step may schedule
          }
          series.fire(this);
        } else if (event instanceof Fanout fanout) {
          int receiver = fanout.next();
          if (fanout.hasNext()) {
            queue.rekeyHead(fanout.nextNanos()); // re-keyed before delivery: it may schedule
          } else {
            queue.poll();
          }
          fanout.target.deliver(receiver);
        } else {
          queue.poll();
          event.fire(this);
        }
        if (stopRequested || (condition != null && condition.shouldStop(this))) {
          return fired;
        }
      }
      if (advanceToEnd) {
        nowNanos = endNanos;
      }
      return fired;
    } finally {
      stopRequested = false;
      running = false;
    }
  }

  @Override
  public String toString() {
    return "Simulation[queue=" + queueKind + ", nowNanos=" + nowNanos + ", pending=" + queue.size() + ", processed="
        + eventsProcessed + "]";
  }
}
