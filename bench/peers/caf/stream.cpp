// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A local stream, CAF 0.17 version of bench/workloads/stream.cpp: a source actor
// (attach_stream_source) makes the ints 0 .. N-1, a stage actor (attach_stream_stage)
// maps x to 2x + 1, a sink actor (attach_stream_sink) sums them and reports the sum and
// the count to main when the stream ends. The three actors are chained with CAF's
// composition (sink * stage * source), which carries the stream's handshake from each
// to the next. CAF's own batching and credit (stream.* defaults: batches sized by
// time, 50 us of work; at most 5 ms of delay per batch).
//   stream [--workers=W] [N=20000000]
#include "caf_stream.hpp"

using namespace caf;

namespace {

behavior stage(event_based_actor* self) {
  return {
    [=](stream<int> in) {
      return attach_stream_stage(
        self, in, [](unit_t&) {}, [](unit_t&, downstream<int>& out, int x) { out.push(bench::stream_op(x)); });
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {20000000}, "[N]"};
  const long long n = bench::stream_items(a);
  bench::stream_result got;
  double secs = 0;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    auto src = sys.spawn(bench::stream_source);
    auto stg = sys.spawn(stage);
    auto snk = sys.spawn(bench::summing_sink, actor_cast<actor>(self));
    anon_send(snk * stg * src, open_atom::value, static_cast<int>(n));
    got = bench::await_stream_result(self, "stream");
    work.done();
    secs = sw.seconds();
    // The source and the stage keep their behaviors after the stream: end them.
    anon_send_exit(src, exit_reason::user_shutdown);
    anon_send_exit(stg, exit_reason::user_shutdown);
  }
  return bench::stream_report(n, got, secs, bench::stream_expected(n), "sum of 2x + 1 over 0 .. N-1 = N^2");
}
