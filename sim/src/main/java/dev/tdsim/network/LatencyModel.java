package dev.tdsim.network;

import java.util.List;

/**
 * The one-way base latency of a link, before jitter and serialization, between two locations
 * ("regions"). Validators are placed in regions once ({@link #regionIndex}), after which lookups
 * are array reads: {@link NetworkModel} asks this for every message.
 *
 * <p>Implementations are chosen by name in {@link LatencyModels}.
 */
public interface LatencyModel {

  /** The registry name, lower case. */
  String name();

  /**
   * The index of a region name as used by {@link #oneWayLatencyNanos(int, int)}.
   *
   * @throws IllegalArgumentException for a name this model does not know, listing the known ones
   */
  int regionIndex(String region);

  /** Canonical region names by index (a model without geography has one, {@code "any"}). */
  List<String> regionNames();

  /** One-way base latency from a node in {@code fromRegion} to a node in {@code toRegion}. */
  long oneWayLatencyNanos(int fromRegion, int toRegion);
}
