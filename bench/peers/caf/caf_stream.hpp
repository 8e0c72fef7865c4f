// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// CAF 0.17 side of the `stream` and `remote_stream` workloads: the source of the ints
// 0 .. N-1 (attach_stream_source), the summing sink (attach_stream_sink) and the main
// thread's wait for its report. CAF's own batching and credit (the stream.* defaults).
#include <algorithm>
#include <cstdint>

#include "caf_common.hpp"
#include "stream_common.hpp"

namespace bench {

using stream_done_atom = caf::atom_constant<caf::atom("done")>;

// A source: (open, N) opens a stream of the ints 0 .. N-1 towards the next stage of the
// message (CAF's composition, sink * ... * source, carries the handshake on).
inline caf::behavior stream_source(caf::event_based_actor* self) {
  return {
    [=](caf::open_atom, int n) {
      return caf::attach_stream_source(
        self, [](int& next) { next = 0; },
        [n](int& next, caf::downstream<int>& out, size_t hint) {
          const int last = static_cast<int>(std::min<long long>(static_cast<long long>(next) + hint, n));
          for (; next < last; ++next)
            out.push(next);
        },
        [n](const int& next) { return next == n; });
    },
  };
}

// A sink that sums its items and, when the stream ends, sends (done, sum, count,
// normal end) to `report_to` and quits.
inline caf::behavior summing_sink(caf::event_based_actor* self, caf::actor report_to) {
  return {
    [=](caf::stream<int> in) {
      return caf::attach_stream_sink(
        self, in, [](stream_result&) {},
        [](stream_result& r, int x) {
          r.sum += x;
          ++r.count;
        },
        [=](stream_result& r, const caf::error& err) {
          caf::anon_send(report_to, stream_done_atom::value, r.sum, r.count, !err);
          self->quit();
        });
    },
  };
}

// The summing sink's report, received by `self`; ends the program when none comes.
inline stream_result await_stream_result(caf::scoped_actor& self, const char* what) {
  stream_result got;
  bool arrived = false;
  self->receive(
    [&](stream_done_atom, std::int64_t sum, std::int64_t count, bool normal) {
      got = {sum, count, normal};
      arrived = true;
    },
    caf::after(caf_result_timeout) >> [] {});
  if (!arrived)
    caf_timed_out(what);
  return got;
}

} // namespace bench
