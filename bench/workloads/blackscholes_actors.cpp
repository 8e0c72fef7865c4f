// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Black-Scholes as pure actors (the seed's baseline for Map): in every round the
// master copies one static part of the portfolio into a message per worker
// actor, and copies the priced parts back from the answers
// (bench/workloads/blackscholes_common.hpp).
//   blackscholes_actors [--workers=W] [N=1000000] [I=100]
#include <thread>

#include "blackscholes_common.hpp"
#include "troupe_common.hpp"

using namespace troupe;

namespace {

behavior pricer(event_based_actor*) {
  return {
    on(atom("price"), arg_match) >>
      [](std::size_t part, bench::portfolio& options) {
        bench::price_options(options.data(), options.size());
        return std::make_tuple(atom("priced"), part, std::move(options));
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000, 100}, bench::blackscholes_usage};
  const auto [n, iterations] = bench::blackscholes_sizes(a);
  auto options = bench::blackscholes_input(n);
  {
    auto cfg = bench::troupe_config(a);
    actor_system sys{cfg};
    const std::size_t parts = a.workers != 0 ? a.workers : std::max(1u, std::thread::hardware_concurrency());
    scoped_actor self{sys};
    std::vector<actor> workers;
    for (std::size_t k = 0; k < parts; ++k)
      workers.push_back(sys.spawn(pricer));
    bench::work_timer work;
    for (std::size_t i = 0; i < iterations; ++i) {
      for (std::size_t k = 0; k < parts; ++k) {
        const auto c = bench::blackscholes_chunk(n, parts, k);
        self->send(workers[k], atom("price"), k,
                   bench::portfolio(options.begin() + static_cast<std::ptrdiff_t>(c.begin),
                                    options.begin() + static_cast<std::ptrdiff_t>(c.end)));
      }
      for (std::size_t k = 0; k < parts; ++k)
        self->receive(
          on(atom("priced"), arg_match) >>
            [&](std::size_t part, bench::portfolio& priced) {
              std::copy(priced.begin(), priced.end(),
                        options.begin() + static_cast<std::ptrdiff_t>(bench::blackscholes_chunk(n, parts, part).begin));
            },
          after(bench::result_timeout) >> [] { bench::timed_out("blackscholes"); });
    }
    work.done();
    for (auto& w : workers)
      self->send_exit(w, exit_reason::user_shutdown);
  }
  return bench::blackscholes_finish(options, n);
}
