package dev.tdsim.engine;

import java.util.Objects;

/**
 * An event that can be called off after it was scheduled, e.g. a Tendermint round timeout that a
 * quorum made moot. Cancelling costs nothing in the queue: the wrapper stays queued and does
 * nothing when its time comes. That keeps {@link Simulation#schedule} allocation-free and O(log n)
 * for the common, never-cancelled events instead of paying for removable heap entries everywhere.
 */
public final class Cancellable implements Event {

  private final Event delegate;
  private boolean cancelled;

  private Cancellable(Event delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  public static Cancellable of(Event delegate) {
    return new Cancellable(delegate);
  }

  /** Prevents the wrapped event from firing; idempotent, and harmless after it fired. */
  public void cancel() {
    cancelled = true;
  }

  public boolean isCancelled() {
    return cancelled;
  }

  @Override
  public void fire(Simulation sim) {
    if (!cancelled) {
      delegate.fire(sim);
    }
  }
}
