// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Black-Scholes as pure actors, CAF 0.17 version of
// bench/workloads/blackscholes_actors.cpp: in every round the master copies one
// static part of the portfolio into a message per worker actor and copies the
// priced parts back from the answers.
//   caf_blackscholes [--workers=W] [N=1000000] [I=100]
#include "blackscholes_common.hpp"
#include "caf_common.hpp"

using namespace caf;
using price_atom = atom_constant<atom("price")>;
using priced_atom = atom_constant<atom("priced")>;

// The option record travels inside messages: CAF 0.17 wants to know how to inspect it.
namespace bench {
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, option_data& o) {
  return f(meta::type_name("option_data"), o.spot, o.strike, o.rate, o.volatility, o.years, o.call, o.price);
}
} // namespace bench

namespace {

behavior pricer(event_based_actor*) {
  return {
    [](price_atom, std::size_t part, bench::portfolio& options) {
      bench::price_options(options.data(), options.size());
      return make_message(priced_atom::value, part, std::move(options));
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000, 100}, bench::blackscholes_usage};
  const auto [n, iterations] = bench::blackscholes_sizes(a);
  auto options = bench::blackscholes_input(n);
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    const std::size_t parts = a.workers != 0 ? a.workers : std::max(1u, std::thread::hardware_concurrency());
    scoped_actor self{sys};
    std::vector<actor> workers;
    for (std::size_t k = 0; k < parts; ++k)
      workers.push_back(sys.spawn(pricer));
    bench::work_timer work;
    bool ok = true;
    for (std::size_t i = 0; i < iterations && ok; ++i) {
      for (std::size_t k = 0; k < parts; ++k) {
        const auto c = bench::blackscholes_chunk(n, parts, k);
        self->send(workers[k], price_atom::value, k,
                   bench::portfolio(options.begin() + static_cast<std::ptrdiff_t>(c.begin),
                                    options.begin() + static_cast<std::ptrdiff_t>(c.end)));
      }
      for (std::size_t k = 0; k < parts && ok; ++k)
        self->receive(
          [&](priced_atom, std::size_t part, bench::portfolio& priced) {
            std::copy(priced.begin(), priced.end(),
                      options.begin() + static_cast<std::ptrdiff_t>(bench::blackscholes_chunk(n, parts, part).begin));
          },
          after(bench::caf_result_timeout) >> [&] { ok = false; });
    }
    work.done();
    if (!ok)
      bench::caf_timed_out("blackscholes");
    for (auto& w : workers)
      self->send_exit(w, exit_reason::user_shutdown);
  }
  return bench::blackscholes_finish(options, n);
}
