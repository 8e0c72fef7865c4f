// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/test/deterministic_fixture.hpp"

#include <utility>

#include "troupe/error.hpp"
#include "troupe/local_actor.hpp"

namespace troupe::test {

actor_system_config deterministic_fixture::deterministic(actor_system_config cfg) {
  cfg.set_scheduler_factory(test_coordinator::factory());
  cfg.timer_clock = scheduler::timer_service::clock_mode::manual;
  return cfg;
}

deterministic_fixture::deterministic_fixture(actor_system_config cfg)
  : sys(deterministic(std::move(cfg))), sched(static_cast<test_coordinator&>(sys.scheduler())), self(sys) {}

deterministic_fixture::~deterministic_fixture() {
  run();
  // Pending timers hold messages and handles; a manual clock would never fire
  // them, so they go (unfired) before the system waits for its actors.
  sys.timers().stop();
  run();
  for (auto& x : sched.live_actors())
    self->send_exit(x, exit_reason::kill);
  run();
}

std::size_t deterministic_fixture::advance_time(duration d) {
  return sys.timers().advance_to(now() + d);
}

std::size_t deterministic_fixture::set_time(time_point t) {
  return sys.timers().advance_to(t);
}

std::size_t deterministic_fixture::trigger_next_timer() {
  auto next = next_timeout();
  if (next == time_point::max())
    return 0;
  return sys.timers().advance_to(next);
}

bool deterministic_fixture::has_message(const actor& x) {
  auto* self_ptr = x ? dynamic_cast<local_actor*>(x.ctrl()->get()) : nullptr;
  return self_ptr != nullptr && self_ptr->peek_mailbox() != nullptr;
}

} // namespace troupe::test
