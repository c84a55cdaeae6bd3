package dev.tdsim.jmh;

import dev.tdsim.engine.QueueKind;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The {@link VotePattern} macro benchmark: one invocation = a fresh pattern running 20 heights at
 * V = 150, 4 at V = 500, 1 at V = 2000 (divide the time by that). Deliveries per height =
 * (2V + 1)(V - 1): 44,849 at V = 150, 499,499 at 500, 7,997,999 at 2000.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
public class VotePatternBench {

  @Param({"150", "500", "2000"})
  public int validators;

  @Param({"FANOUT", "PER_RECEIVER"})
  public String path;

  @Param({"HEAP", "CALENDAR", "RADIX"})
  public String queue;

  @Benchmark
  public long heights() {
    int heights = validators <= 150 ? 20 : validators <= 500 ? 4 : 1;
    return new VotePattern(validators, heights, 1, VotePattern.Path.parse(path),
        QueueKind.valueOf(queue)).run();
  }
}
