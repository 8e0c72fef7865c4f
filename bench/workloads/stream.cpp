// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A local back-pressured stream (bench/README.md, `stream`): a source actor yields the
// ints 0 .. N-1, a map stage actor makes each x into 2x + 1, a sink actor sums them into
// a 64-bit checksum and reports it with its count when the stream ends. Check: count = N,
// sum = N^2. Batches of 256 items, credit 4,096 for the stage and the sink (the settings
// of bench/micro/stream_throughput).
//   stream [--workers=W] [N=20000000]   (N <= 2^30, so that 2x + 1 fits an int)
#include "troupe_stream.hpp"

using namespace troupe;

int main(int argc, char** argv) {
  bench::args a{argc, argv, {20000000}, "[N]"};
  const long long n = bench::stream_items(a);
  bench::stream_result got;
  double secs = 0;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    const int items = static_cast<int>(n);
    auto source = streams::spawn_source<int>(
      sys, [items] { return bench::stream_numbers(items); }, streams::source_options{bench::stream_batch});
    auto stage = streams::spawn_stage(sys, source, streams::map([](int x) { return bench::stream_op(x); }),
                                      streams::flow_options{bench::stream_credit});
    bench::spawn_summing_sink(sys, stage, actor{self});
    got = bench::await_stream_result(self, "stream");
    work.done();
    secs = sw.seconds();
  }
  return bench::stream_report(n, got, secs, bench::stream_expected(n), "sum of 2x + 1 over 0 .. N-1 = N^2");
}
