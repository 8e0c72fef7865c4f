// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The defined outcomes of bad input: unhandled messages, dead or invalid
// receivers, exceptions, timeouts, shutdown races, dropped promises, and the
// lifetime rules of links, monitors and timers. Each test name states the
// outcome; the comment above it says which rule it checks.
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include "support/eventually.hpp"
#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace failure_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::eventually;
using troupe::test_support::receive_one;

namespace {

actor_system_config test_config() {
  return test_support::small_config(2, 50);
}

// Tests of timing and ordering rules run on the deterministic fixture: every
// actor runs on the test's thread, and timers wait for advance_time().
class failure_deterministic : public test::deterministic_fixture {};

// Collects down messages; wait(who) returns the exit reason of `who` (down
// messages of other actors are kept for later calls).
class down_tracker {
public:
  explicit down_tracker(scoped_actor& self) : self_(self) {}

  error wait(const actor_addr& who) {
    while (seen_.count(who) == 0) {
      bool timed_out = false;
      self_->receive([&](down_msg& dm) { seen_[dm.source] = dm.reason; }, after(5s) >> [&] { timed_out = true; });
      if (timed_out) {
        ADD_FAILURE() << "no down_msg from " << to_string(who);
        return error{};
      }
    }
    return seen_[who];
  }
  error wait(const actor& who) { return wait(who.address()); }

private:
  scoped_actor& self_;
  std::map<actor_addr, error> seen_;
};

error wait_down(scoped_actor& self, const actor& who) {
  return down_tracker{self}.wait(who);
}

// Never answers: skips every message.
behavior silent_actor() {
  return {others >> [] { return skip; }};
}

behavior adder() {
  return {[](int a, int b) { return a + b; }};
}

// Becomes a string echo on atom("open").
behavior opener(event_based_actor* self) {
  return {on(atom("open")) >> [=] { self->become([](const std::string& s) { return "late " + s; }); }};
}

} // namespace

// ---- unhandled messages ------------------------------------------------------------------

// Default (skip): an unmatched message stays in the mailbox and is handled once a
// become() installs a behavior that matches it.
TEST_F(failure_deterministic, unhandled_message_default_skip_is_kept_and_handled_after_become) {
  auto a = sys.spawn(opener);
  self->send(a, "early");
  expect<std::string>().from(self).to(a).with("early"); // skipped: stays for later
  EXPECT_FALSE(has_message(self));                      // neither handled nor answered with an error
  self->send(a, atom("open"));
  expect<atom_value>().from(self).to(a).with(atom("open"));
  expect<std::string>().from(self).to(a).with("early"); // back in front after become
  EXPECT_EQ(received<std::string>(), "late early");
}

// Default (skip): a skipped request is not answered; it is answered once handled.
TEST_F(failure_deterministic, unhandled_request_default_skip_is_answered_after_become) {
  auto a = sys.spawn(opener);
  auto client = sys.spawn(
    [=](event_based_actor* c, actor out) -> behavior {
      c->request(a, 5s, "req")
        .then([=](const std::string& s) { c->send(out, s); }, [=](error& e) { c->send(out, to_string(e)); });
      return {};
    },
    actor{self});
  run();
  EXPECT_FALSE(has_message(self)); // skipped: not answered
  self->send(a, atom("open"));
  run();
  EXPECT_EQ(received<std::string>(), "late req");
}

// drop: a request that matches nothing is answered with sec::unexpected_message;
// an unmatched asynchronous message is discarded (a later become does not see it).
TEST_F(failure_deterministic, unhandled_message_drop_answers_requests_with_unexpected_message) {
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    s->set_default_handler(drop);
    return opener(s);
  });
  self->request(a, 5s, "req");
  run();
  EXPECT_EQ(received<error>(), sec::unexpected_message);
  self->send(a, "early"); // dropped
  self->send(a, atom("open"));
  self->send(a, "after");
  run();
  EXPECT_EQ(received<std::string>(), "late after");
  EXPECT_FALSE(has_message(self));
}

// print_and_drop: like drop, and the message is reported on stderr.
TEST(failure, unhandled_message_print_and_drop_reports_and_answers_with_error) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    s->set_default_handler(print_and_drop);
    return {[](int) {}};
  });
  testing::internal::CaptureStderr();
  error err;
  self->request(a, 5s, "printed-msg").receive([](const std::string&) {}, [&](error& e) { err = e; });
  auto out = testing::internal::GetCapturedStderr();
  EXPECT_EQ(err, sec::unexpected_message);
  EXPECT_NE(out.find("printed-msg"), std::string::npos) << out;
  EXPECT_NE(out.find("actor#" + std::to_string(a.id())), std::string::npos) << out;
  // The actor keeps running.
  self->send(a, atom("x"));
  int r = 0;
  auto b = sys.spawn(adder);
  self->request(b, 5s, 1, 1).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 2);
}

// reflect_and_quit: the unmatched message goes back to its sender (as the response
// of a request) and the actor terminates with sec::unexpected_message.
TEST(failure, unhandled_message_reflect_and_quit_reflects_and_terminates) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    s->set_default_handler(reflect_and_quit);
    return {[](int) {}};
  });
  self->monitor(a);
  std::string reflected;
  self->request(a, 5s, "mirror")
    .receive([&](const std::string& s) { reflected = s; }, [&](error& e) { reflected = to_string(e); });
  EXPECT_EQ(reflected, "mirror");
  EXPECT_EQ(wait_down(self, a), sec::unexpected_message);
}

// reflect_and_quit: an asynchronous message is sent back to its sender.
TEST(failure, unhandled_async_message_reflect_and_quit_sends_it_back) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    s->set_default_handler(reflect_and_quit);
    return {[](int) {}};
  });
  self->monitor(a);
  self->send(a, 1.5, "back");
  bool got = false;
  self->receive([&](double d, const std::string& s) { got = d == 1.5 && s == "back"; },
                after(5s) >> [] { ADD_FAILURE() << "nothing reflected"; });
  EXPECT_TRUE(got);
  EXPECT_EQ(wait_down(self, a), sec::unexpected_message);
}

// A handler that returns `skip` leaves the message in the mailbox for a later
// behavior, whatever the default handler for unmatched messages is.
TEST_F(failure_deterministic, handler_returning_skip_keeps_message_regardless_of_default_handler) {
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    s->set_default_handler(drop);
    return {[](int) { return skip; }, on(atom("open")) >> [=] { s->become([](int x) { return x * 10; }); }};
  });
  self->send(a, 4);
  self->send(a, atom("open"));
  run();
  EXPECT_EQ(received<int>(), 40) << "the skipped message was dropped by the default handler";
  auto b = sys.spawn([](event_based_actor* s) -> behavior {
    s->set_default_handler(reflect_and_quit);
    return {[](int) { return skip; }, on(atom("ping")) >> [] { return atom("pong"); }};
  });
  self->send(b, 7);
  self->request(b, 2s, atom("ping"));
  run();
  EXPECT_EQ(received<atom_value>(), atom("pong")) << "the skipped message made the actor reflect and quit";
  EXPECT_FALSE(has_message(self)); // nothing was reflected
}

// A response that matches none of the response handlers (and is no error) makes
// the requester fail with sec::unexpected_response.
TEST(failure, unmatched_response_terminates_requester_with_unexpected_response) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto server = sys.spawn(adder);
  auto client = sys.spawn([=](event_based_actor* c) { c->request(server, 5s, 1, 2).then([](const std::string&) {}); });
  self->monitor(client);
  EXPECT_EQ(wait_down(self, client), sec::unexpected_response);
}

// ---- dead, invalid and null receivers ------------------------------------------------------

// An asynchronous message to a terminated actor is dropped at once (its payload
// released), without error and without crash.
TEST_F(failure_deterministic, async_message_to_terminated_actor_is_dropped) {
  auto a = sys.spawn([](event_based_actor* s) -> behavior { return {[=](int) { s->quit(); }}; });
  self->monitor(a);
  self->send(a, 1);
  run();
  EXPECT_EQ(received<down_msg>().reason, exit_reason::normal);
  auto token = std::make_shared<int>(7);
  self->send(a, token);
  anon_send(a, token);
  EXPECT_EQ(token.use_count(), 1);
  run();
  EXPECT_FALSE(has_message(self)); // no error message comes back
}

// A request to a terminated actor is answered with sec::request_receiver_down
// (blocking and event-based requesters alike).
TEST(failure, request_to_terminated_actor_yields_request_receiver_down) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* s) -> behavior { return {[=](int) { s->quit(); }}; });
  self->monitor(a);
  self->send(a, 1);
  wait_down(self, a);
  error err;
  self->request(a, 5s, 1).receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::request_receiver_down);
  auto client = sys.spawn(
    [=](event_based_actor* c, actor out) { c->request(a, 5s, 2).then([](int) {}, [=](error& e) { c->send(out, e); }); },
    actor{self});
  EXPECT_EQ(receive_one<error>(self), sec::request_receiver_down);
}

// Requests that wait in the mailbox (or were skipped) when the receiver terminates
// are answered with sec::request_receiver_down.
TEST_F(failure_deterministic, pending_requests_of_a_terminating_actor_get_request_receiver_down) {
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    return {[](int) { return skip; }, on(atom("stop")) >> [=] { s->quit(); }};
  });
  auto client = sys.spawn(
    [=](event_based_actor* c, actor out) { c->request(a, 5s, 1).then([](int) {}, [=](error& e) { c->send(out, e); }); },
    actor{self});
  run();
  EXPECT_FALSE(has_message(self)); // the request waits, skipped
  self->send(a, atom("stop"));
  run();
  EXPECT_EQ(received<error>(), sec::request_receiver_down);
}

// A request to an invalid (null) handle is answered with sec::request_receiver_down;
// sending to a null handle does nothing.
TEST(failure, request_to_null_handle_yields_request_receiver_down) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  actor nobody;
  self->send(nobody, 1);
  anon_send(nobody, 1);
  error err;
  self->request(nobody, 5s, 1).receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::request_receiver_down);
  auto client =
    sys.spawn([](event_based_actor* c,
                 actor out) { c->request(actor{}, 5s, 2).then([](int) {}, [=](error& e) { c->send(out, e); }); },
              actor{self});
  EXPECT_EQ(receive_one<error>(self), sec::request_receiver_down);
  err.clear();
  auto client2 =
    sys.spawn([](event_based_actor* c,
                 actor out) { c->sync_send(actor{}, 2).then([](int) {}, [=](error& e) { c->send(out, e); }); },
              actor{self});
  EXPECT_EQ(receive_one<error>(self), sec::request_receiver_down);
}

// ---- exceptions -----------------------------------------------------------------------------

// An exception escaping a handler terminates the actor with
// exit_reason::unhandled_exception (the what() text in context()); linked actors
// exit with it, monitors get a down_msg, and the rest of the system keeps working.
TEST(failure, exception_in_handler_kills_actor_and_links_but_not_the_system) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([]() -> behavior { return {[](int) -> int { throw std::runtime_error("boom"); }}; });
  auto peer = sys.spawn([=](event_based_actor* s) -> behavior {
    s->link_to(a);
    return {on(atom("ready")) >> [] { return atom("ready"); }};
  });
  bool ready = false;
  self->request(peer, 5s, atom("ready")).receive([&](atom_value) { ready = true; });
  ASSERT_TRUE(ready); // the link exists
  self->monitor(a);
  self->monitor(peer);
  self->send(a, 1);
  down_tracker downs{self};
  auto reason = downs.wait(a);
  EXPECT_EQ(reason, exit_reason::unhandled_exception);
  EXPECT_NE(reason.context().find("boom"), std::string::npos) << to_string(reason);
  EXPECT_EQ(downs.wait(peer), exit_reason::unhandled_exception);
  // New actors work.
  auto b = sys.spawn(adder);
  int r = 0;
  self->request(b, 5s, 20, 22).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 42);
}

// A request whose handler throws is answered with the exception's error.
TEST(failure, exception_in_request_handler_answers_with_unhandled_exception) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([]() -> behavior { return {[](int) -> int { throw std::logic_error("bad logic"); }}; });
  error err;
  self->request(a, 5s, 1).receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, exit_reason::unhandled_exception);
  EXPECT_NE(err.context().find("bad logic"), std::string::npos) << to_string(err);
}

// A thrown non-std::exception is reported as "unknown exception".
TEST(failure, non_std_exception_in_handler_is_unknown_exception) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([]() -> behavior { return {[](int) { throw 42; }}; });
  self->monitor(a);
  self->send(a, 1);
  auto reason = wait_down(self, a);
  EXPECT_EQ(reason, exit_reason::unhandled_exception);
  EXPECT_NE(reason.context().find("unknown exception"), std::string::npos) << to_string(reason);
}

// An exception from the spawned function (before any behavior exists) terminates
// the actor with exit_reason::unhandled_exception; queued requests get
// sec::request_receiver_down.
TEST(failure, exception_from_spawned_function_terminates_with_unhandled_exception) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([]() -> behavior { throw std::runtime_error("init failed"); });
  self->monitor(a);
  auto reason = wait_down(self, a);
  EXPECT_EQ(reason, exit_reason::unhandled_exception);
  EXPECT_NE(reason.context().find("init failed"), std::string::npos) << to_string(reason);
  error err;
  self->request(a, 5s, 1).receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::request_receiver_down);
}

// An exception from a class-based actor's make_behavior() terminates it with
// exit_reason::unhandled_exception.
TEST(failure, exception_from_make_behavior_terminates_with_unhandled_exception) {
  struct throwing_init : event_based_actor {
    using event_based_actor::event_based_actor;
    behavior make_behavior() override { throw std::runtime_error("make_behavior failed"); }
  };
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn<throwing_init>();
  self->monitor(a);
  auto reason = wait_down(self, a);
  EXPECT_EQ(reason, exit_reason::unhandled_exception);
  EXPECT_NE(reason.context().find("make_behavior failed"), std::string::npos) << to_string(reason);
}

// An exception from a blocking actor's function terminates it with
// exit_reason::unhandled_exception.
TEST(failure, exception_from_blocking_actor_terminates_with_unhandled_exception) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn([](blocking_actor*) { throw std::runtime_error("blocking failed"); });
  self->monitor(a);
  auto reason = wait_down(self, a);
  EXPECT_EQ(reason, exit_reason::unhandled_exception);
  EXPECT_NE(reason.context().find("blocking failed"), std::string::npos) << to_string(reason);
}

// An exception from a class-based actor's constructor propagates out of spawn();
// nothing is left running (the system shuts down normally).
TEST(failure, exception_from_actor_constructor_propagates_from_spawn) {
  struct throwing_ctor : event_based_actor {
    explicit throwing_ctor(actor_config& cfg) : event_based_actor(cfg) { throw std::runtime_error("ctor failed"); }
  };
  actor_system sys{test_config()};
  EXPECT_THROW(sys.spawn<throwing_ctor>(), std::runtime_error);
  EXPECT_EQ(sys.running_actors(), 0u);
  scoped_actor self{sys};
  auto b = sys.spawn(adder);
  int r = 0;
  self->request(b, 5s, 1, 2).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 3);
}

// ---- timeouts and requests without error handlers ---------------------------------------------

// A request without a response in time yields sec::request_timeout to its error handler.
TEST_F(failure_deterministic, request_timeout_goes_to_error_handler) {
  auto silent = sys.spawn(silent_actor);
  auto client =
    sys.spawn([=](event_based_actor* c,
                  actor out) { c->request(silent, 20ms, 1).then([](int) {}, [=](error& e) { c->send(out, e); }); },
              actor{self});
  run();
  advance_time(19ms);
  run();
  EXPECT_FALSE(has_message(self)); // not before the deadline
  advance_time(1ms);
  run();
  EXPECT_EQ(received<error>(), sec::request_timeout);
  // A scoped actor's request times out the same way.
  auto handle = self->request(silent, 20ms, 1);
  run();
  advance_time(20ms);
  error err;
  handle.receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::request_timeout);
}

// A request without an error handler makes the requester exit with the
// error (here sec::request_timeout).
TEST_F(failure_deterministic, request_timeout_without_error_handler_terminates_requester) {
  auto silent = sys.spawn(silent_actor);
  auto client = sys.spawn([=](event_based_actor* c) { c->request(silent, 20ms, 1).then([](int) {}); });
  self->monitor(client);
  run();
  EXPECT_FALSE(has_message(self));
  advance_time(20ms);
  expect<error>().from(nullptr).to(client).with(error{sec::request_timeout});
  run();
  EXPECT_EQ(received<down_msg>().reason, sec::request_timeout);
}

// Any error, such as a receiver that is gone, terminates a requester that has no
// error handler (sync_send to a terminated actor: sec::request_receiver_down).
TEST(failure, sync_send_to_dead_actor_without_error_handler_terminates_requester) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto dead = sys.spawn([]() {});
  self->monitor(dead);
  wait_down(self, dead);
  auto client = sys.spawn([=](event_based_actor* c) -> behavior {
    c->sync_send(dead, 1).then([](int) {});
    return {[](double) {}};
  });
  self->monitor(client);
  EXPECT_EQ(wait_down(self, client), sec::request_receiver_down);
}

// A blocking actor's request without an error handler makes it exit with the error
// once its function returns.
TEST(failure, blocking_request_without_error_handler_becomes_exit_reason) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto silent = sys.spawn(silent_actor);
  auto a = sys.spawn([=](blocking_actor* b) { b->request(silent, 20ms, 1).receive([](int) {}); });
  self->monitor(a);
  EXPECT_EQ(wait_down(self, a), sec::request_timeout);
}

// ---- shutdown --------------------------------------------------------------------------------

// A spawn after the system started shutting down yields an invalid handle.
TEST(failure, spawn_during_shutdown_returns_invalid_handle) {
  std::atomic<int> spawned{0};
  std::atomic<bool> got_invalid{false};
  {
    actor_system sys{test_config()};
    // A hidden actor (not awaited by the destructor) that spawns until refused.
    sys.spawn<hidden>([&](blocking_actor* self) {
      for (;;) {
        auto h = self->spawn([] {}); // terminates at once
        if (!h) {
          got_invalid = true;
          return;
        }
        spawned.fetch_add(1);
        std::this_thread::sleep_for(1ms);
      }
    });
    ASSERT_TRUE(eventually([&] { return spawned.load() >= 3; }));
  } // ~actor_system
  EXPECT_TRUE(got_invalid.load());
}

// become() works in a detached actor (it runs the event-based protocol on its own
// thread): skipped messages wait, keep_behavior/unbecome nest, and an empty
// behavior stack ends the actor (and its thread) normally.
TEST(failure, become_from_detached_actor_changes_behavior) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn<detached>([](event_based_actor* s) -> behavior {
    return {
      on(atom("open")) >>
        [=] {
          s->become([=](const std::string& x) { return "str " + x; },
                    on(atom("nest")) >>
                      [=] {
                        s->become(keep_behavior, [=](int i) {
                          s->unbecome();
                          return i * 2;
                        });
                      },
                    on(atom("close")) >> [=] { s->unbecome(); });
        },
    };
  });
  self->monitor(a);
  self->send(a, "early"); // skipped until "open"
  self->send(a, atom("open"));
  EXPECT_EQ(receive_one<std::string>(self), "str early");
  self->send(a, atom("nest"));
  self->send(a, "waits"); // the nested behavior takes only an int
  self->send(a, 21);
  EXPECT_EQ(receive_one<int>(self), 42);
  EXPECT_EQ(receive_one<std::string>(self), "str waits");
  self->send(a, atom("close"));
  EXPECT_EQ(wait_down(self, a), exit_reason::normal);
}

// A detached actor runs the same protocol as a scheduled one: an actor nobody
// holds a handle to still handles the reply it is waiting for (a scheduled actor
// does; see the second half).
TEST(failure, detached_actor_without_handles_handles_its_pending_reply) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto echo = sys.spawn([]() -> behavior { return {[](int n) { return n; }}; });
  auto client = [](event_based_actor* s, actor echo, actor out) -> behavior {
    s->send(echo, 1);
    return {[=](int n) {
      s->send(out, n);
      s->quit();
    }};
  };
  for (bool detach : {true, false}) {
    auto c = detach ? sys.spawn<detached>(client, echo, actor{self}) : sys.spawn(client, echo, actor{self});
    self->monitor(c);
    c = nullptr; // only the message to echo refers to the client now
    int got = 0;
    error reason;
    bool down = false;
    self->receive_while([&] { return !down; }, [&](int n) { got = n; },
                        [&](down_msg& dm) {
                          reason = dm.reason;
                          down = true;
                        },
                        after(5s) >> [&] { down = true; });
    EXPECT_EQ(got, 1) << (detach ? "detached" : "scheduled") << " client did not handle the reply";
    EXPECT_EQ(reason, exit_reason::normal) << (detach ? "detached: " : "scheduled: ") << to_string(reason);
  }
}

// Destroying the actor system while actors still hold unprocessed (skipped)
// messages does not hang and releases every message.
TEST(failure, system_destruction_with_unprocessed_messages_releases_them) {
  auto token = std::make_shared<int>(1);
  auto start = std::chrono::steady_clock::now();
  {
    actor_system sys{test_config()};
    auto skipper = sys.spawn([]() -> behavior { return {[](int) {}}; });
    auto detached_skipper = sys.spawn<detached>([]() -> behavior { return {[](int) {}}; });
    auto blocking_quitter = sys.spawn([](blocking_actor* b) {
      b->receive(on(atom("quit")) >> [] {}); // other messages stay unreceived
    });
    for (int i = 0; i < 50; ++i) {
      anon_send(skipper, "unmatched", token);
      anon_send(detached_skipper, "unmatched", token);
      anon_send(blocking_quitter, "unmatched", token);
    }
    anon_send(blocking_quitter, atom("quit"));
    {
      scoped_actor self{sys};
      for (int i = 0; i < 50; ++i)
        self->send(self, "never received", token);
    }
    EXPECT_GT(token.use_count(), 1);
  }
  EXPECT_EQ(token.use_count(), 1);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

// Pending requests between idle actors and skipped requests do not prevent shutdown
// once no handle refers to the actors; their payloads are released.
TEST(failure, system_destruction_with_unanswered_request_releases_payloads) {
  auto token = std::make_shared<int>(1);
  {
    actor_system sys{test_config()};
    scoped_actor self{sys};
    auto silent = sys.spawn(silent_actor);
    // The request waits in silent's stash; the requester (self) is gone before
    // the system is destroyed.
    self->send(silent, token);
    error err;
    self->request(silent, 10ms, token).receive([](int) {}, [&](error& e) { err = e; });
    EXPECT_EQ(err, sec::request_timeout);
  }
  EXPECT_EQ(token.use_count(), 1);
}

// ---- lifetime: links, monitors and timers hold weak references -------------------------------

// Links and monitors do not keep a terminated actor alive: the behavior's captures
// are released at termination, and the actor object is destroyed once the last
// handle is gone, while linked and monitoring actors live on.
TEST(failure, links_and_monitors_do_not_keep_terminated_actors_alive) {
  struct probe : event_based_actor {
    probe(actor_config& cfg, std::shared_ptr<int> member, std::shared_ptr<int> captured)
      : event_based_actor(cfg), member_(std::move(member)), captured_(std::move(captured)) {}
    behavior make_behavior() override {
      auto t = std::move(captured_);
      return {on(atom("stop")) >> [this, t] { quit(exit_reason::user_shutdown); }};
    }
    std::shared_ptr<int> member_;
    std::shared_ptr<int> captured_;
  };
  actor_system sys{test_config()};
  scoped_actor self{sys};
  std::weak_ptr<int> member_probe, captured_probe;
  actor x;
  {
    auto m = std::make_shared<int>(1);
    auto c = std::make_shared<int>(2);
    member_probe = m;
    captured_probe = c;
    x = sys.spawn<probe>(std::move(m), std::move(c));
  }
  auto linked_peer = sys.spawn(
    [](event_based_actor* s, actor_addr target) -> behavior {
      s->set_exit_handler([](exit_msg&) {});
      s->link_to(target);
      return {on(atom("ready")) >> [] { return atom("ready"); }};
    },
    x.address());
  auto monitoring_peer = sys.spawn(
    [](event_based_actor* s, actor_addr target) -> behavior {
      s->monitor(target);
      return {on(atom("ready")) >> [] { return atom("ready"); }, [](down_msg&) {}};
    },
    x.address());
  for (auto& p : {linked_peer, monitoring_peer}) {
    bool ready = false;
    self->request(p, 5s, atom("ready")).receive([&](atom_value) { ready = true; });
    ASSERT_TRUE(ready);
  }
  self->monitor(x);
  self->send(x, atom("stop"));
  EXPECT_EQ(wait_down(self, x), exit_reason::user_shutdown);
  // The behavior (and what it captured) is gone before anyone learns of the termination.
  EXPECT_TRUE(captured_probe.expired());
  EXPECT_FALSE(member_probe.expired()); // our handle still holds the object
  x = nullptr;
  EXPECT_TRUE(eventually([&] { return member_probe.expired(); })) << "terminated actor kept alive";
  // Both peers are still alive.
  for (auto& p : {linked_peer, monitoring_peer}) {
    bool ready = false;
    self->request(p, 5s, atom("ready")).receive([&](atom_value) { ready = true; }, [](error&) {});
    EXPECT_TRUE(ready);
  }
}

// exit_reason::kill cannot be trapped: the exit handler sees other reasons, but a
// kill (sent directly or arriving through a link) terminates the actor.
TEST_F(failure_deterministic, exit_reason_kill_cannot_be_trapped) {
  auto make_trapper = [&] {
    return sys.spawn(
      [](event_based_actor* s, actor out) -> behavior {
        s->set_exit_handler([=](exit_msg& em) { s->send(out, to_string(em.reason)); });
        return {on(atom("ready")) >> [] { return atom("ready"); }};
      },
      actor{self});
  };
  auto trapper = make_trapper();
  self->monitor(trapper);
  self->send_exit(trapper, exit_reason::user_shutdown);
  run();
  EXPECT_NE(received<std::string>().find("user_shutdown"), std::string::npos);
  self->send_exit(trapper, exit_reason::normal);
  run();
  EXPECT_NE(received<std::string>().find("normal"), std::string::npos);
  self->send_exit(trapper, exit_reason::kill);
  run();
  EXPECT_EQ(received<down_msg>().reason, exit_reason::kill);
  EXPECT_FALSE(has_message(self)); // the handler never saw the kill
  // Through a link.
  auto trapper2 = make_trapper();
  auto victim = sys.spawn(
    [](event_based_actor* s, actor t) -> behavior {
      s->link_to(t);
      return {on(atom("ready")) >> [] { return atom("ready"); }};
    },
    trapper2);
  run();
  self->monitor(trapper2);
  self->send_exit(victim, exit_reason::kill);
  run();
  EXPECT_EQ(received<down_msg>().reason, exit_reason::kill);
  EXPECT_FALSE(has_message(self));
}

// exit_reason::kill cannot be trapped -- by blocking actors either, which see other
// exit messages as ordinary messages: a blocking actor waiting in receive() for
// something else terminates with exit_reason::kill.
TEST(failure, exit_reason_kill_terminates_a_blocking_actor) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto b = sys.spawn([](blocking_actor* b) {
    bool running = true;
    b->receive_while([&] { return running; }, [](int) {}, on(atom("stop")) >> [&] { running = false; });
  });
  self->monitor(b);
  self->send(b, 1);
  self->send_exit(b, exit_reason::kill);
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(2s) >> [] {});
  EXPECT_EQ(reason, exit_reason::kill) << "the blocking actor survived a kill";
  if (!reason) { // let it end so that the system can shut down
    self->send(b, atom("stop"));
    self->receive([](down_msg&) {}, after(5s) >> [] {});
  }
}

// exit_reason::normal sent to an actor that does not trap exits is ignored.
TEST(failure, exit_reason_normal_is_ignored_without_exit_handler) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto a = sys.spawn(adder);
  self->send_exit(a, exit_reason::normal);
  int r = 0;
  self->request(a, 5s, 1, 2).receive([&](int x) { r = x; }, [](error&) {});
  EXPECT_EQ(r, 3);
}

// A delayed_send whose receiver terminated before the timer fires is discarded
// silently; its payload is released.
TEST_F(failure_deterministic, delayed_send_outliving_its_actor_is_discarded) {
  auto token = std::make_shared<int>(1);
  auto a = sys.spawn([=](event_based_actor* s) -> behavior {
    s->delayed_send(s, 50ms, token);
    s->quit();
    return {[](std::shared_ptr<int>) { ADD_FAILURE() << "delivered to a dead actor"; }};
  });
  self->monitor(a);
  run();
  EXPECT_EQ(received<down_msg>().reason, exit_reason::normal);
  a = nullptr;
  EXPECT_EQ(pending_timers(), 1u);
  EXPECT_EQ(advance_time(50ms), 1u); // fires into a closed mailbox
  EXPECT_EQ(token.use_count(), 1);
  // delayed_send from a live sender to an actor that died meanwhile.
  auto b = sys.spawn([]() -> behavior { return {[](int) {}}; });
  self->delayed_send(b, 50ms, token);
  self->monitor(b);
  self->send_exit(b, exit_reason::kill);
  run();
  EXPECT_EQ(received<down_msg>().reason, exit_reason::kill);
  b = nullptr;
  EXPECT_EQ(advance_time(50ms), 1u);
  EXPECT_FALSE(sched.has_job());
  EXPECT_EQ(token.use_count(), 1);
}

// An after(...) timeout of an actor that terminated before it fires is discarded:
// the handler never runs.
TEST_F(failure_deterministic, after_timeout_outliving_its_actor_is_discarded) {
  auto fired = std::make_shared<bool>(false);
  auto a = sys.spawn([=](event_based_actor* s) -> behavior {
    return {on(atom("stop")) >> [=] { s->quit(); }, after(50ms) >> [=] { *fired = true; }};
  });
  self->monitor(a);
  self->send(a, atom("stop"));
  run();
  EXPECT_EQ(received<down_msg>().reason, exit_reason::normal);
  a = nullptr;
  advance_time(150ms);
  run();
  EXPECT_FALSE(has_message(self));
  EXPECT_FALSE(*fired);
}

// ---- response promises ------------------------------------------------------------------------

// A response promise dropped without delivering answers the requester with
// sec::broken_promise (also when copies existed, and when the actor holding it
// terminates).
TEST_F(failure_deterministic, dropped_response_promise_yields_broken_promise) {
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    auto kept = std::make_shared<std::vector<response_promise>>();
    return {
      on(atom("drop")) >>
        [=] {
          auto rp = s->make_response_promise();
          auto copy = rp;
          return rp; // every copy dies here
        },
      on(atom("keep")) >>
        [=] {
          kept->push_back(s->make_response_promise());
          return kept->back();
        },
      on(atom("quit")) >> [=] { s->quit(); },
    };
  });
  self->request(a, 5s, atom("drop"));
  run();
  EXPECT_EQ(received<error>(), sec::broken_promise);
  // A kept promise owes an answer until its holder terminates.
  auto client =
    sys.spawn([=](event_based_actor* c,
                  actor out) { c->request(a, 5s, atom("keep")).then([] {}, [=](error& e) { c->send(out, e); }); },
              actor{self});
  run();
  EXPECT_FALSE(has_message(self));
  self->send(a, atom("quit"));
  run();
  EXPECT_EQ(received<error>(), sec::broken_promise);
}

// A promise answers once: later deliveries are ignored and pending() turns false.
TEST_F(failure_deterministic, response_promise_delivers_only_once) {
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    return {[=](int x) {
      auto rp = s->make_response_promise();
      bool was_pending = rp.pending();
      rp.deliver(x + 1);
      rp.deliver(x + 2);
      return std::make_tuple(was_pending, rp.pending()); // ignored: the promise answers
    }};
  });
  self->request(a, 5s, 1);
  run();
  EXPECT_EQ(received<int>(), 2);
  EXPECT_FALSE(has_message(self)); // neither the second delivery nor the handler's result
}

// A promise made for a plain message answers its sender the way a returned
// value would: with an ordinary message, once.
TEST_F(failure_deterministic, response_promise_for_plain_message_answers_like_a_result) {
  auto a = sys.spawn([](event_based_actor* s) -> behavior {
    return {[=](int x) {
      auto rp = s->make_response_promise();
      EXPECT_FALSE(rp.pending()); // no request is owed a response
      rp.deliver(x + 1);
      rp.deliver(x + 2);
      return rp;
    }};
  });
  self->send(a, 1);
  run();
  EXPECT_EQ(received<int>(), 2);
  EXPECT_FALSE(has_message(self));
}

// ---- empty behavior stack ------------------------------------------------------------------------

// An actor whose behavior stack becomes empty terminates normally: unbecome() of
// the last behavior, become() of an empty behavior, or no behavior at all.
TEST(failure, empty_behavior_stack_terminates_normally) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto by_unbecome = sys.spawn([](event_based_actor* s) -> behavior { return {[=](int) { s->unbecome(); }}; });
  auto by_empty_become =
    sys.spawn([](event_based_actor* s) -> behavior { return {[=](int) { s->become(behavior{}); }}; });
  auto no_behavior = sys.spawn([](event_based_actor*) {});
  auto empty_behavior = sys.spawn([]() -> behavior { return {}; });
  auto class_default = sys.spawn<event_based_actor>();
  for (auto& a : {by_unbecome, by_empty_become, no_behavior, empty_behavior, class_default})
    self->monitor(a);
  self->send(by_unbecome, 1);
  self->send(by_empty_become, 1);
  down_tracker downs{self};
  for (auto& a : {by_unbecome, by_empty_become, no_behavior, empty_behavior, class_default})
    EXPECT_EQ(downs.wait(a), exit_reason::normal) << to_string(a);
}

// An actor without behavior lives on while a response handler is pending, then
// terminates normally.
TEST_F(failure_deterministic, pending_response_keeps_actor_without_behavior_alive) {
  auto slow = sys.spawn([](event_based_actor* s) -> behavior {
    return {[=](int x) {
      auto rp = s->make_response_promise();
      s->delayed_send(s, 30ms, atom("go"));
      s->become(
        keep_behavior, on(atom("go")) >> [=]() mutable {
          rp.deliver(x * 2);
          s->unbecome();
        });
      return rp;
    }};
  });
  auto client =
    sys.spawn([=](event_based_actor* c, actor out) { c->request(slow, 5s, 21).then([=](int r) { c->send(out, r); }); },
              actor{self});
  self->monitor(client);
  run();
  EXPECT_EQ(sys.running_actors(), 2u) << "the client ended before its response";
  EXPECT_FALSE(has_message(self));
  advance_time(30ms);
  run();
  EXPECT_EQ(received<int>(), 42);
  EXPECT_EQ(received<down_msg>().reason, exit_reason::normal);
}

// ---- blocking receive ---------------------------------------------------------------------------

// receive() waits for a message that matches its handlers; everything else --
// down_msg included ("blocking actors see exit and down messages like any other
// message") -- stays queued for a later receive().
TEST(failure, blocking_receive_leaves_unmatched_down_msg_queued) {
  actor_system sys{test_config()};
  scoped_actor self{sys};
  auto dead = sys.spawn([] {});
  self->monitor(dead);
  wait_down(self, dead);
  self->monitor(dead); // already terminated: the down_msg is queued at once
  self->send(self, 42);
  int got = 0;
  self->receive([&](int x) { got = x; }, after(5s) >> [] { ADD_FAILURE() << "timeout"; });
  EXPECT_EQ(got, 42) << "receive() returned without a matching message";
  bool got_down = false;
  self->receive([&](down_msg&) { got_down = true; }, after(1s) >> [] {});
  EXPECT_TRUE(got_down) << "the unmatched down_msg was discarded";
}

} // namespace failure_test
