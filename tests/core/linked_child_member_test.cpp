// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A class-based actor that keeps a strong handle to a linked child in a member:
// whichever way the parent ends, both actors terminate and the actor_system's
// destructor returns. The parent's last reference is often the scheduler's,
// dropped by a worker after the parent's last message; the child's exit message
// then comes from that worker's thread. Many rounds, each with a system of its
// own; a watchdog fails the program instead of letting a lost actor hang it.
#include <troupe/troupe.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>

namespace linked_child_member_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

enum class parent_end { quit_normal, quit_error, unreachable, child_fails };

// Ways to hold the child (bit flags, every combination is run).
constexpr int traps_exits = 1;
constexpr int detached_child = 2;
constexpr int lazy_child = 4;
constexpr int answers_through_request = 8;
constexpr int variants = 16;

behavior doubler(event_based_actor* self) {
  return {
    [](int x) { return 2 * x; },
    on(atom("fail")) >> [=] { self->quit(exit_reason::user_shutdown); },
  };
}

class parent_with_child : public event_based_actor {
public:
  parent_with_child(actor_config& cfg, int variant) : event_based_actor(cfg), variant_(variant) {}

  behavior make_behavior() override {
    if ((variant_ & traps_exits) != 0)
      set_exit_handler([this](exit_msg& em) {
        if (em.reason != exit_reason::normal)
          quit(em.reason);
      });
    if ((variant_ & detached_child) != 0)
      child_ = spawn<linked + detached>(doubler);
    else if ((variant_ & lazy_child) != 0)
      child_ = spawn<linked + lazy_init>(doubler);
    else
      child_ = spawn<linked>(doubler);
    return {
      [this](int x) -> result<int> {
        if ((variant_ & answers_through_request) == 0)
          return delegate(child_, x);
        auto rp = make_response_promise<int>();
        request(child_, 5s, x).then([rp](int y) mutable { rp.deliver(y); });
        return rp;
      },
      on(atom("stop")) >> [this] { quit(); },
      on(atom("fail")) >> [this] { quit(exit_reason::user_shutdown); },
      on(atom("kill_child")) >> [this] { send(child_, atom("fail")); },
    };
  }

private:
  int variant_;
  actor child_; // kept until the parent is destroyed
};

void one_round(parent_end how, int variant) {
  actor_system_config cfg;
  cfg.workers = 2;
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto parent = sys.spawn<parent_with_child>(variant);
  int answer = 0;
  self->request(parent, 5s, 21).receive([&](int x) { answer = x; }, [](error&) {});
  EXPECT_EQ(answer, 42);
  switch (how) {
    case parent_end::quit_normal:
      self->send(parent, atom("stop"));
      break;
    case parent_end::quit_error:
      self->send(parent, atom("fail"));
      break;
    case parent_end::unreachable:
      break; // the handle goes with this scope
    case parent_end::child_fails:
      self->send(parent, atom("kill_child"));
      break;
  }
}

void rounds_under_watchdog(parent_end how) {
  auto done = std::async(std::launch::async, [how] {
    for (int i = 0; i < 20 * variants; ++i)
      one_round(how, i % variants);
  });
  if (done.wait_for(60s) != std::future_status::ready) {
    std::printf("an actor_system still waited for its actors after 60 s\n");
    std::fflush(stdout);
    std::_Exit(1); // the waiting destructor cannot be joined
  }
  done.get();
}

} // namespace

TEST(linked_child_member, parent_quits_normally) {
  rounds_under_watchdog(parent_end::quit_normal);
}

TEST(linked_child_member, parent_quits_with_error) {
  rounds_under_watchdog(parent_end::quit_error);
}

TEST(linked_child_member, parent_becomes_unreachable) {
  rounds_under_watchdog(parent_end::unreachable);
}

TEST(linked_child_member, child_fails_first) {
  rounds_under_watchdog(parent_end::child_fails);
}

} // namespace linked_child_member_test
