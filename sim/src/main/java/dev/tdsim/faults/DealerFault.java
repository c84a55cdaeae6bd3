package dev.tdsim.faults;

/**
 * What a faulty dealer does in a key epoch's DKG (fault kinds {@code crashed-dealer} and {@code
 * lying-dealer}): the fault applies to every DKG whose epoch's first height and start time fall
 * in the fault's window.
 *
 * @param fault the fault's index in the scenario's list
 * @param lies true: it sends a transcript that fails verification (one encrypted share swapped
 *     with another's); false: it sends no transcript at all (crashed while dealing)
 */
public record DealerFault(int fault, boolean lies) {}
