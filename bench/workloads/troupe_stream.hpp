// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe side of the `stream` and `remote_stream` workloads: the source's generator,
// the summing sink and the main thread's wait for its report.
#include <cstdint>
#include <memory>

#include <troupe/streams.hpp>

#include "stream_common.hpp"
#include "troupe_common.hpp"

namespace bench {

// The ints 0 .. n-1.
inline troupe::generator<int> stream_numbers(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
}

// A sink on `in` (credit stream_credit) that sums its items and, when the stream ends,
// sends (done, sum, count, normal end) to `report_to`.
inline troupe::actor spawn_summing_sink(troupe::actor_system& sys, troupe::stream<int> in, troupe::actor report_to) {
  auto acc = std::make_shared<stream_result>(); // touched by the sink actor only
  return troupe::streams::spawn_sink(
    sys, std::move(in),
    [acc](int x) {
      acc->sum += x;
      ++acc->count;
    },
    [acc, report_to](const troupe::error& e) {
      troupe::anon_send(report_to, troupe::atom("done"), acc->sum, acc->count, !e);
    },
    troupe::streams::flow_options{stream_credit});
}

// The summing sink's report, received by `self`; ends the program when none comes.
inline stream_result await_stream_result(troupe::scoped_actor& self, const char* what) {
  stream_result got;
  self->receive(
    troupe::on(troupe::atom("done"), troupe::arg_match) >>
      [&](std::int64_t sum, std::int64_t count, bool normal) {
        got = {sum, count, normal};
      },
    troupe::after(result_timeout) >> [what] { timed_out(what); });
  return got;
}

} // namespace bench
