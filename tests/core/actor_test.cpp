// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Spawning, messaging, requests, behaviour changes and failure handling.
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include "support/eventually.hpp"
#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>

namespace actor_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

actor_system_config test_config() {
  return test_support::small_config(2, 50);
}

// Ordering, skipping and timeouts run on the deterministic fixture: every actor
// runs on the test's thread, and timers wait for advance_time().
class actor_deterministic : public test::deterministic_fixture {};

behavior adder(event_based_actor*) {
  return {[](int a, int b) { return a + b; }};
}

} // namespace

TEST(actor, request_receive_from_scoped_actor) {
  actor_system sys{test_config()};
  auto a = sys.spawn(adder);
  scoped_actor self{sys};
  int result = 0;
  self->request(a, 5s, 20, 22).receive([&](int r) { result = r; }, [&](error&) { result = -1; });
  EXPECT_EQ(result, 42);
}

// An actor that goes on with its mailbox hands the actor it woke to another
// worker: the woken one does not wait for the rest of the batch. Here the
// busy actor's next handler waits for the woken actor, which can only run
// on the other worker.
TEST(actor, an_actor_woken_by_a_busy_actor_runs_meanwhile) {
  actor_system sys{test_config()};
  std::atomic<bool> woken_ran{false};
  std::atomic<int> verdict{0}; // 1: the woken actor ran meanwhile, 2: it did not
  auto woken =
    sys.spawn([&woken_ran](event_based_actor*) -> behavior { return {[&woken_ran](int) { woken_ran = true; }}; });
  scoped_actor self{sys};
  self->send(woken, 0);
  ASSERT_TRUE(test_support::eventually([&] { return woken_ran.load(); }, 10s, 100us));
  woken_ran = false; // it is idle now: the next message wakes it
  auto busy = sys.spawn([&woken_ran, &verdict, woken](event_based_actor* me) -> behavior {
    return {
      [=](int x) {
        me->send(me, std::string{"wait"}); // the mailbox holds more work...
        me->send(woken, x);                // ...when this wakes the other actor
      },
      [&woken_ran, &verdict](const std::string&) {
        verdict = test_support::eventually([&] { return woken_ran.load(); }, 10s, 100us) ? 1 : 2;
      },
    };
  });
  self->send(busy, 1);
  ASSERT_TRUE(test_support::eventually([&] { return verdict.load() != 0; }, 20s, 100us));
  EXPECT_EQ(verdict.load(), 1);
}

TEST(actor, function_without_self_and_with_arguments) {
  actor_system sys{test_config()};
  auto a = sys.spawn([](int offset) -> behavior { return {[=](int x) { return x + offset; }}; }, 100);
  scoped_actor self{sys};
  int result = 0;
  self->request(a, 5s, 1).receive([&](int r) { result = r; });
  EXPECT_EQ(result, 101);
}

TEST(actor, send_and_receive_with_sender) {
  actor_system sys{test_config()};
  auto echo = sys.spawn([](event_based_actor* self) -> behavior {
    return {[=](const std::string& s) { self->send(actor_cast<actor>(self->current_sender()), s + s); }};
  });
  scoped_actor self{sys};
  self->send(echo, "ab");
  std::string got;
  self->receive([&](const std::string& s) { got = s; }, after(5s) >> [] {});
  EXPECT_EQ(got, "abab");
}

TEST(actor, receive_times_out) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  bool timed_out = false;
  auto start = std::chrono::steady_clock::now();
  self->receive([](int) {}, after(20ms) >> [&] { timed_out = true; });
  EXPECT_TRUE(timed_out);
  EXPECT_GE(std::chrono::steady_clock::now() - start, 20ms);
}

TEST_F(actor_deterministic, unmatched_messages_are_skipped_until_become) {
  auto testee = sys.spawn([](event_based_actor* self) -> behavior {
    return {[=](atom_value a) {
      if (a == atom("open"))
        self->become([=](const std::string& s) { return s; });
    }};
  });
  // The string arrives first but is only handled after the behavior change.
  self->send(testee, "early");
  self->send(testee, atom("open"));
  expect<std::string>().from(self).to(testee).with("early"); // skipped
  expect<atom_value>().from(self).to(testee).with(atom("open"));
  expect<std::string>().from(self).to(testee).with("early"); // handled now
  EXPECT_EQ(received<std::string>(), "early");
}

TEST_F(actor_deterministic, keep_behavior_and_unbecome_testee) {
  auto testee = sys.spawn([](event_based_actor* self) {
    self->become(on<int>() >> [=](int value1) {
      self->become(
        keep_behavior, on<float>() >> [=](float value2) {
          self->send(actor_cast<actor>(self->current_sender()),
                     std::to_string(value1) + " => " + std::to_string(value2));
          self->unbecome();
        });
    });
  });
  self->send(testee, 1);
  self->send(testee, 2.5f);
  self->send(testee, 2);
  self->send(testee, 3.5f);
  expect<int>().to(testee).with(1);
  expect<float>().to(testee).with(2.5f);
  expect<std::string>().from(testee).to(self).with("1 => 2.500000");
  expect<int>().to(testee).with(2);
  expect<float>().to(testee).with(3.5f);
  expect<std::string>().from(testee).to(self).with("2 => 3.500000");
}

TEST(actor, empty_behavior_stack_terminates_normally) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* self) -> behavior { return {[=](int) { self->unbecome(); }}; });
  self->monitor(a);
  self->send(a, 1);
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(5s) >> [] {});
  EXPECT_EQ(reason, exit_reason::normal);
}

TEST(actor, request_to_dead_actor_yields_receiver_down) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* self) -> behavior { return {[=](int) { self->quit(); }}; });
  self->monitor(a);
  self->send(a, 1);
  self->receive([](down_msg&) {}, after(5s) >> [] {});
  error err;
  self->request(a, 5s, 1).receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::request_receiver_down);
}

TEST_F(actor_deterministic, request_timeout) {
  auto silent = sys.spawn([]() -> behavior { return {[](int) { return skip; }}; });
  auto handle = self->request(silent, 20ms, 1);
  expect<int>().from(self).to(silent).with(1); // skipped: never answered
  advance_time(19ms);
  EXPECT_FALSE(has_message(self));
  advance_time(1ms);
  error err;
  handle.receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::request_timeout);
}

TEST_F(actor_deterministic, then_is_multiplexed_and_await_is_exclusive) {
  auto slow = sys.spawn([](event_based_actor* self) -> behavior {
    return {[=](int x) {
      auto rp = self->make_response_promise();
      self->delayed_send(self, 30ms, atom("reply"), x);
      self->become(
        keep_behavior, on(atom("reply"), arg_match) >> [=](int y) mutable {
          rp.deliver(y * 2);
          self->unbecome();
        });
    }};
  });
  auto client = sys.spawn([=](event_based_actor* self) -> behavior {
    auto log = std::make_shared<std::string>();
    return {
      on(atom("then")) >> [=] { self->request(slow, 5s, 1).then([=](int r) { *log += "r" + std::to_string(r); }); },
      on(atom("await")) >> [=] { self->request(slow, 5s, 2).await([=](int r) { *log += "a" + std::to_string(r); }); },
      on(atom("note"), arg_match) >> [=](const std::string& s) { *log += s; },
      on(atom("log")) >> [=] { return *log; },
    };
  });
  // then(): the note overtakes the response.
  self->send(client, atom("then"));
  self->send(client, atom("note"), "n");
  expect<atom_value>().from(self).to(client).with(atom("then"));
  expect<int>().from(client).to(slow).with(1);
  expect<atom_value, std::string>().from(self).to(client).with(atom("note"), "n");
  advance_time(30ms);
  expect<atom_value, int>().from(slow).to(slow).with(atom("reply"), 1);
  expect<int>().from(slow).to(client).with(2);
  // await(): the note waits for the response.
  self->send(client, atom("await"));
  self->send(client, atom("note"), "m");
  expect<atom_value>().from(self).to(client).with(atom("await"));
  expect<int>().from(client).to(slow).with(2);
  expect<atom_value, std::string>().from(self).to(client).with(atom("note"), "m"); // stashed
  advance_time(30ms);
  expect<atom_value, int>().from(slow).to(slow).with(atom("reply"), 2);
  expect<int>().from(slow).to(client).with(4);
  expect<atom_value, std::string>().from(self).to(client).with(atom("note"), "m"); // now handled
  self->request(client, 5s, atom("log"));
  run();
  EXPECT_EQ(received<std::string>(), "nr2a4m");
}

TEST_F(actor_deterministic, sync_send_then_with_after_handles_timeout) {
  auto silent = sys.spawn([]() -> behavior { return {[](int) { return skip; }}; });
  auto client = sys.spawn([=](event_based_actor* self) -> behavior {
    return {on(atom("go")) >> [=] {
      auto rp = self->make_response_promise();
      self->sync_send(silent, 1).then([=](int) mutable { rp.deliver("value"); },
                                      after(20ms) >> [=]() mutable { rp.deliver("timeout"); });
      return rp;
    }};
  });
  self->request(client, 5s, atom("go"));
  expect<atom_value>().from(self).to(client).with(atom("go"));
  expect<int>().from(client).to(silent).with(1);
  advance_time(20ms);
  expect<error>().from(nullptr).to(client).with(error{sec::request_timeout});
  EXPECT_EQ(received<std::string>(), "timeout");
}

TEST(actor, exception_in_handler_terminates_with_unhandled_exception) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([]() -> behavior { return {[](int) -> int { throw std::runtime_error("boom"); }}; });
  self->monitor(a);
  error err;
  self->request(a, 5s, 1).receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, exit_reason::unhandled_exception);
  EXPECT_NE(err.context().find("boom"), std::string::npos);
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(5s) >> [] {});
  EXPECT_EQ(reason, exit_reason::unhandled_exception);
}

TEST_F(actor_deterministic, links_propagate_and_trap_exit) {
  auto victim = sys.spawn([]() -> behavior { return {[](int) {}}; });
  auto trapper = sys.spawn([=](event_based_actor* self) -> behavior {
    auto seen = std::make_shared<std::string>();
    self->set_exit_handler([=](exit_msg& em) { *seen = to_string(em.reason); });
    self->link_to(victim);
    return {on(atom("seen")) >> [=] { return *seen; }};
  });
  auto plain = sys.spawn([=](event_based_actor* self) -> behavior {
    self->link_to(victim);
    return {[](int) {}};
  });
  self->monitor(plain);
  run(); // every actor is initialised: the links exist
  anon_send(victim, exit_msg{{}, exit_reason::user_shutdown});
  run();
  EXPECT_EQ(received<down_msg>().reason, exit_reason::user_shutdown);
  self->request(trapper, 5s, atom("seen"));
  run();
  EXPECT_NE(received<std::string>().find("user_shutdown"), std::string::npos);
}

TEST_F(actor_deterministic, monitor_of_dead_actor_reports_at_once) {
  auto a = sys.spawn([](event_based_actor* self) { self->quit(exit_reason::user_shutdown); });
  auto addr = a.address();
  a = nullptr;
  run(); // a terminates
  self->monitor(addr);
  EXPECT_TRUE(has_message(self)); // at once: nothing had to run
  EXPECT_EQ(received<down_msg>().source, addr);
}

TEST(actor, stateful_actor_state_dies_with_actor) {
  struct counter_state {
    int n = 0;
    std::shared_ptr<int> token = std::make_shared<int>(0);
  };
  std::weak_ptr<int> token;
  {
    actor_system sys{test_config()};
    scoped_actor self{sys};
    auto a = sys.spawn([&](stateful_actor<counter_state>* self) -> behavior {
      token = self->state.token;
      return {[=](int x) { return self->state.n += x; }, on(atom("stop")) >> [=] { self->quit(); }};
    });
    int r = 0;
    self->request(a, 5s, 2).receive([&](int x) { r = x; });
    self->request(a, 5s, 3).receive([&](int x) { r = x; });
    EXPECT_EQ(r, 5);
    self->monitor(a);
    self->send(a, atom("stop"));
    self->receive([](down_msg&) {}, after(5s) >> [] {});
    // The handle `a` still exists, but the state is gone.
    EXPECT_TRUE(token.expired());
  }
}

TEST(actor, class_based_actor) {
  class counter : public event_based_actor {
  public:
    counter(actor_config& cfg, int start) : event_based_actor(cfg), n_(start) {}
    behavior make_behavior() override {
      return {[this](int x) { return n_ += x; }};
    }

  private:
    int n_;
  };
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn<counter>(10);
  int r = 0;
  self->request(a, 5s, 5).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 15);
}

TEST(actor, detached_actor_uses_event_based_protocol) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn<detached>([](event_based_actor* self) -> behavior {
    return {[=](int x) {
      self->become([](int y) { return y * 3; });
      return x * 2;
    }};
  });
  int r1 = 0, r2 = 0;
  self->request(a, 5s, 5).receive([&](int x) { r1 = x; });
  self->request(a, 5s, 5).receive([&](int x) { r2 = x; });
  EXPECT_EQ(r1, 10);
  EXPECT_EQ(r2, 15);
}

TEST(actor, spawn_linked_and_monitored_from_actor) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto parent = sys.spawn([](event_based_actor* self) -> behavior {
    auto child = self->spawn<linked>(
      [](event_based_actor* child) -> behavior { return {[=](int) { child->quit(exit_reason::user_shutdown); }}; });
    return {[=](int x) { self->send(child, x); }};
  });
  self->monitor(parent);
  self->send(parent, 1);
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(5s) >> [] {});
  EXPECT_EQ(reason, exit_reason::user_shutdown);
}

TEST_F(actor_deterministic, after_timeout_in_behavior) {
  auto a = sys.spawn(
    [](event_based_actor* self, actor parent) -> behavior {
      return {[](int) {}, after(20ms) >>
                            [=] {
                              self->send(parent, atom("timeout"));
                              self->quit();
                            }};
    },
    actor{self});
  run();
  advance_time(19ms);
  run();
  EXPECT_FALSE(has_message(self));
  advance_time(1ms);
  expect<timeout_msg>().from(nullptr).to(a);
  expect<atom_value>().from(a).to(self).with(atom("timeout"));
}

TEST(actor, delegate_answers_original_requester) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto worker = sys.spawn(adder);
  auto front = sys.spawn(
    [=](event_based_actor* self) -> behavior { return {[=](int a, int b) { self->delegate(worker, a, b); }}; });
  int r = 0;
  self->request(front, 5s, 1, 2).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 3);
}

TEST(actor, default_handler_drop_answers_requests_with_error) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* self) -> behavior {
    self->set_default_handler(drop);
    return {[](int) {}};
  });
  error err;
  self->request(a, 5s, "unexpected").receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::unexpected_message);
}

TEST(actor, unreachable_actor_is_destroyed) {
  std::weak_ptr<int> probe;
  actor_system sys{test_config()};
  {
    auto token = std::make_shared<int>(1);
    probe = token;
    auto a = sys.spawn([token]() -> behavior { return {[token](int) {}}; });
  }
  sys.await_all_actors_done();
  EXPECT_TRUE(probe.expired());
}

TEST(actor, system_destructor_with_pending_messages_does_not_leak) {
  auto token = std::make_shared<int>(1);
  {
    actor_system sys{test_config()};
    auto a = sys.spawn([]() -> behavior { return {[](int) {}}; });
    for (int i = 0; i < 100; ++i)
      anon_send(a, "unmatched", token); // skipped, stays in the mailbox
  }
  EXPECT_EQ(token.use_count(), 1);
}

} // namespace actor_test
