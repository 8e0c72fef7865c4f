// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A stream between two processes, CAF 0.17 (libcaf_io) version of
// bench/workloads/remote_stream.cpp: the source actor (attach_stream_source) lives in a
// second process, which publishes it; here a sink actor (attach_stream_sink) sums the
// ints 0 .. N-1. The client composes the sink with the remote source (sink * source) and
// sends (open, N) through it, so the source's stream handshake reaches the sink across
// the connection. The stream's handle and batches (stream<int>, std::vector<int>) are
// message types of both systems.
//   remote_stream [--workers=W] [N=10000000]
#include <vector>

#include "caf_remote.hpp"
#include "caf_stream.hpp"

using namespace caf;

namespace {

void add_stream_types(actor_system_config& cfg) {
  cfg.add_message_type<stream<int>>("caf::stream<int>");
  cfg.add_message_type<std::vector<int>>("std::vector<int>");
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_caf(argc, argv, add_stream_types,
                            [](actor_system& sys) { return sys.spawn(bench::stream_source); });
  bench::args a{argc, argv, {10000000}, "[N]"};
  const long long n = bench::stream_items(a);
  bench::server_process server{bench::workers_option(a.workers).c_str()};
  bench::stream_result got;
  double secs = 0;
  {
    actor_system_config cfg;
    bench::configure_caf_io(cfg, a);
    add_stream_types(cfg);
    actor_system sys{cfg};
    auto source = sys.middleman().remote_actor("127.0.0.1", server.port());
    if (!source)
      return bench::check(false, "connected to the server");
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    auto snk = sys.spawn(bench::summing_sink, actor_cast<actor>(self));
    anon_send(snk * *source, open_atom::value, static_cast<int>(n));
    got = bench::await_stream_result(self, "remote_stream");
    work.done();
    secs = sw.seconds();
  }
  return bench::stream_report(n, got, secs, bench::stream_expected_plain(n), "sum of x over 0 .. N-1 = N (N-1) / 2");
}
