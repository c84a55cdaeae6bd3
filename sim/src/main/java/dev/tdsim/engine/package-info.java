/**
 * The discrete-event loop: {@link dev.tdsim.engine.Simulation} keeps a nanosecond clock and fires
 * {@link dev.tdsim.engine.Event}s in (time, scheduling order), so the same inputs give the same
 * trace. Events draw randomness from {@link dev.tdsim.random.RandomStreams}, never from the loop.
 */
package dev.tdsim.engine;
