/**
 * Seeded random streams: {@link dev.tdsim.random.RandomStreams} derives an independent generator
 * for every (component, index) from the scenario seed, so every draw of a run is reproducible and
 * independent of the order in which streams are requested.
 */
package dev.tdsim.random;
