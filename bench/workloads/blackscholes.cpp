// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Black-Scholes with troupe's Map pattern: the portfolio goes to the Map by
// value, its workers price their static partitions in place, and it comes back
// for the next round (bench/workloads/blackscholes_common.hpp).
//   blackscholes [--workers=W] [N=1000000] [I=100]
#include <troupe/patterns.hpp>

#include "blackscholes_common.hpp"
#include "troupe_common.hpp"

using namespace troupe;
using namespace troupe::patterns;

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000, 100}, bench::blackscholes_usage};
  const auto [n, iterations] = bench::blackscholes_sizes(a);
  auto options = bench::blackscholes_input(n);
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    auto pricer =
      spawn_pattern(sys, Map<bench::portfolio>([](auto range) { bench::price_options(range.data(), range.size()); })
                           .scheduler(PartitionSched::static_())
                           .runtime(Runtime::actors));
    if (!pricer)
      return bench::check(false, "spawn_pattern");
    bench::work_timer work;
    for (std::size_t i = 0; i < iterations; ++i) {
      bool got = false;
      self->request(*pricer, bench::result_timeout, std::move(options))
        .receive(
          [&](bench::portfolio& priced) {
            options = std::move(priced);
            got = true;
          },
          [](error&) {});
      if (!got)
        bench::timed_out("blackscholes");
    }
    work.done();
  }
  return bench::blackscholes_finish(options, n);
}
