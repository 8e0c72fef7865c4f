// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Akka Streams 2.6.20 version of bench/workloads/stream.cpp: Source.range(0, N-1) ->
// map(x -> 2x + 1) -> Sink.fold into a 64-bit sum and a count. Akka fuses a graph into
// one actor by default; the .async() boundaries after the source and after the map
// make source, stage and sink three actors, as in troupe and CAF, with Akka's default
// buffer between them (akka.stream.materializer.max-input-buffer-size, 16 elements).
// The stream runs on the default dispatcher, the fork-join pool of W workers.
// Called through Bench.main:
//   java -cp 'lib/*:classes' bench.Bench stream [--workers=W] [N=20000000]
package bench;

import static bench.Bench.check;
import static bench.Bench.metric;
import static bench.Bench.shutdown;
import static bench.Bench.sizes;
import static bench.Bench.system;

import akka.actor.ActorSystem;
import akka.stream.javadsl.Sink;
import akka.stream.javadsl.Source;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

final class Streams {
  private Streams() {}

  /** The sink's accumulator: one per run, touched by the sink's actor only. */
  static final class Tally {
    long sum = 0;
    long count = 0;
  }

  static int stream(String[] argv) throws Exception {
    long n = sizes(argv, 20000000)[0];
    if (n <= 0 || n > (1L << 30)) throw new IllegalArgumentException("N must be in 1 .. 2^30");
    ActorSystem sys = system();
    long t0 = System.nanoTime();
    CompletionStage<Tally> done = Source.range(0, (int) n - 1)
        .async()
        .map(x -> 2 * x + 1)
        .async()
        .runWith(Sink.fold(new Tally(), (t, x) -> {
          t.sum += x;
          ++t.count;
          return t;
        }), sys);
    Tally t = done.toCompletableFuture().get(600, TimeUnit.SECONDS);
    double ns = System.nanoTime() - t0;
    shutdown(sys);
    metric("ns_per_item", ns / n);
    int rc = check(t.count == n, "the sink got N items");
    rc |= check(t.sum == n * n, "sum of 2x + 1 over 0 .. N-1 = N^2");
    return rc;
  }
}
