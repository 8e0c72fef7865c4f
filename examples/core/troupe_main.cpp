// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A program written the way C++ Actor Framework programs are: TROUPE_MAIN with
// a config that adds its own options, predefined atoms as message tags, an
// error enum declared in one line and handle->id() / handle->node().
//
//   troupe_example_troupe_main --rounds=4 --step=2   # prints "total: 8"
//   troupe_example_troupe_main --help                 # lists --rounds and --step
//   troupe_example_troupe_main --step=-1             # error(counter, negative_step), exit 3
#include <troupe/troupe.hpp>

#include <cstdio>
#include <memory>
#include <string>

using namespace troupe;

TROUPE_ERROR_CODE_ENUM(counter_errc, "counter", negative_step, overflow);

struct config : actor_system_config {
  int rounds = 3;
  int step = 1;
  bool verbose = false;

  config() {
    add_option("rounds", rounds, "how many add messages to send");
    add_option("step", step, "what each add message adds (not negative)");
    add_option("verbose", verbose, "print every intermediate total");
  }
};

// Adds what add messages carry; refuses negative steps with a user error.
behavior counter(event_based_actor* self) {
  auto total = std::make_shared<int>(0);
  return {
    [self, total](add_atom, int x) {
      auto rp = self->make_response_promise();
      if (x < 0)
        rp.deliver(make_error(counter_errc::negative_step, std::to_string(x)));
      else
        rp.deliver(*total += x);
    },
    [total](get_atom) { return *total; },
  };
}

int troupe_main(actor_system& sys, const config& cfg) {
  auto c = sys.spawn(counter);
  std::printf("counter %llu on node %s\n", static_cast<unsigned long long>(c->id()), to_string(c->node()).c_str());
  if (c.node() != sys.node())
    return 1; // a local actor lives on its system's node
  scoped_actor self{sys};
  error failure;
  for (int i = 0; i < cfg.rounds && !failure; ++i)
    self->request(c, std::chrono::seconds{5}, add_atom_v, cfg.step)
      .receive(
        [&](int total) {
          if (cfg.verbose)
            std::printf("after %d: %d\n", i + 1, total);
        },
        [&](const error& err) { failure = err; });
  int total = -1;
  self->request(c, std::chrono::seconds{5}, get_atom_v).receive([&](int x) { total = x; }, [](const error&) {});
  self->send_exit(c, exit_reason::user_shutdown);
  if (failure) {
    std::fprintf(stderr, "counter failed: %s\n", to_string(failure).c_str());
    return failure.is(counter_errc::negative_step) ? 3 : 1;
  }
  std::printf("total: %d\n", total);
  return total == cfg.rounds * cfg.step ? 0 : 1;
}

TROUPE_MAIN()
