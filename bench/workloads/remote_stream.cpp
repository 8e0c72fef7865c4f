// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A stream between two processes on loopback (bench/README.md, `remote_stream`): the
// source actor lives in a second process (this program run with --serve), which
// publishes it; here a sink on the remote source's handle sums the ints 0 .. N-1 and
// reports the sum and the count when the stream ends. Check: count = N, sum =
// N (N-1) / 2. Batches of 256 items (std::vector<int> messages, announced for the
// network), credit 4,096. The server learns N from BENCH_STREAM_ITEMS. Work time: from
// the connection being up (after remote_actor) to the sink's end being known here.
//   remote_stream [--workers=W] [N=10000000]
#include <cstdlib>
#include <string>
#include <vector>

#include "troupe_remote.hpp"
#include "troupe_stream.hpp"

using namespace troupe;

namespace {

// The server's published actor: a source of the N ints the client asked for.
actor spawn_numbers(actor_system& sys) {
  const char* items = std::getenv(bench::stream_items_variable);
  const int n = items != nullptr ? std::atoi(items) : 0;
  return streams::spawn_source<int>(
           sys, [n] { return bench::stream_numbers(n); }, streams::source_options{bench::stream_batch})
    .producer();
}

} // namespace

int main(int argc, char** argv) {
  // The batches cross the network (the stream functions may announce them too).
  announce<std::vector<int>>();
  if (bench::is_server(argc, argv))
    return bench::serve_troupe(argc, argv, bench::troupe_net_config, spawn_numbers);
  bench::args a{argc, argv, {10000000}, "[N]"};
  const long long n = bench::stream_items(a);
  ::setenv(bench::stream_items_variable, std::to_string(n).c_str(), 1);
  bench::server_process server{bench::workers_option(a.workers).c_str()};
  bench::stream_result got;
  double secs = 0;
  {
    actor_system sys{bench::troupe_net_config(a)};
    auto source = sys.middleman().remote_actor("127.0.0.1", server.port());
    if (!source)
      return bench::check(false, "connected to the server");
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    bench::spawn_summing_sink(sys, stream<int>{*source}, actor{self});
    got = bench::await_stream_result(self, "remote_stream");
    work.done();
    secs = sw.seconds();
  }
  return bench::stream_report(n, got, secs, bench::stream_expected_plain(n), "sum of x over 0 .. N-1 = N (N-1) / 2");
}
