// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Coroutine handlers (troupe/coroutines.hpp), driven step by step by the
// deterministic fixture: the answer of a co_return, requests awaited in
// sequence and in groups, sleeps on the manual clock, the hold on other
// messages, the current message across suspensions, errors, exceptions, and
// what becomes of a suspended handler when its actor ends.
#include "troupe/coroutines.hpp"
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace coroutine_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using doubler_actor = typed_actor<replies_to<int>::with<int>>;

doubler_actor::behavior_type typed_doubler() {
  return {[](int x) { return 2 * x; }};
}

behavior doubler() {
  return {[](int x) { return 2 * x; }};
}

// Takes requests and never answers them (the promises are dropped only when it ends).
behavior silent(event_based_actor* self, std::shared_ptr<std::vector<response_promise>> kept) {
  return {[=](int) { kept->push_back(self->make_response_promise()); }};
}

// Sets *count when constructed and clears it when destroyed: shows that a frame's locals are destroyed.
struct frame_witness {
  explicit frame_witness(std::shared_ptr<int> n) : count(std::move(n)) { ++*count; }
  frame_witness(const frame_witness&) = delete;
  frame_witness& operator=(const frame_witness&) = delete;
  ~frame_witness() { --*count; }
  std::shared_ptr<int> count;
};

class coroutines : public test::deterministic_fixture {};

} // namespace

TEST_F(coroutines, a_handler_that_never_suspends_answers_like_a_plain_one) {
  auto a = sys.spawn([]() -> behavior { return {[](int x) -> task<int> { co_return x + 1; }}; });
  run();
  self->send(a, 41);
  expect<int>().from(self).to(a).with(41);
  expect<int>().from(a).to(self).with(42);
}

TEST_F(coroutines, a_request_chain_reads_top_down_and_answers_the_original_request) {
  auto d = sys.spawn(doubler);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<int> {
      auto once = co_await self->request(d, 1s, x);
      if (!once)
        co_return once.error();
      auto twice = co_await self->request(d, 1s, once->get_as<int>(0));
      if (!twice)
        co_return twice.error();
      co_return twice->get_as<int>(0) + 1;
    }};
  });
  run();
  self->send(a, 5);
  expect<int>().from(self).to(a).with(5);
  expect<int>().from(a).to(d).with(5);
  expect<int>().from(d).to(a).with(10);
  expect<int>().from(a).to(d).with(10);
  expect<int>().from(d).to(a).with(20);
  expect<int>().from(a).to(self).with(21);
}

TEST_F(coroutines, a_typed_request_yields_the_declared_response_type) {
  doubler_actor d = sys.spawn(typed_doubler);
  using front_actor = typed_actor<replies_to<int>::with<int>>;
  front_actor f = sys.spawn([=](front_actor::pointer self) -> front_actor::behavior_type {
    return {[=](int x) -> task<int> {
      expected<int> y = co_await self->request(d, 1s, x);
      co_return y ? *y + 1 : -1;
    }};
  });
  run();
  self->send(f, 20);
  expect<int>().from(self).to(f).with(20);
  expect<int>().from(f).to(d).with(20);
  expect<int>().from(d).to(f).with(40);
  expect<int>().from(f).to(self).with(41);
}

TEST_F(coroutines, a_suspended_handler_holds_other_messages_back_until_it_finishes) {
  auto log = std::make_shared<std::vector<std::string>>();
  auto d = sys.spawn(doubler);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<> {
              log->push_back("start " + std::to_string(x));
              auto y = co_await self->request(d, 1s, x);
              log->push_back("resumed " + std::to_string(y->get_as<int>(0)));
            },
            [=](const std::string& s) { log->push_back(s); }};
  });
  run();
  self->send(a, 3);
  self->send(a, std::string{"other"});
  expect<int>().from(self).to(a).with(3);
  EXPECT_EQ(*log, std::vector<std::string>{"start 3"});
  // The string is taken and put back: the handler still waits for the doubler.
  run_once(); // a defers "other", or the doubler answers
  run();
  EXPECT_EQ(*log, (std::vector<std::string>{"start 3", "resumed 6", "other"}));
}

TEST_F(coroutines, a_reentrant_actor_handles_other_messages_in_between) {
  auto log = std::make_shared<std::vector<std::string>>();
  auto kept = std::make_shared<std::vector<response_promise>>();
  auto s = sys.spawn(silent, kept);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    self->reentrant(true);
    return {[=](int x) -> task<> {
              log->push_back("start");
              auto y = co_await self->request(s, 1s, x);
              log->push_back(y ? "answer" : y.error() == sec::request_timeout ? "timeout" : "other error");
            },
            [=](const std::string& str) { log->push_back(str); }};
  });
  run();
  self->send(a, 1);
  run();
  self->send(a, std::string{"other"});
  run();
  EXPECT_EQ(*log, (std::vector<std::string>{"start", "other"}));
  advance_time(1s);
  run();
  EXPECT_EQ(*log, (std::vector<std::string>{"start", "other", "timeout"}));
}

TEST_F(coroutines, the_current_sender_stays_that_of_the_starting_message) {
  auto senders = std::make_shared<std::vector<actor_addr>>();
  auto d = sys.spawn(doubler);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<int> {
      senders->push_back(self->current_sender());
      auto y = co_await self->request(d, 1s, x);
      senders->push_back(self->current_sender());
      co_await self->sleep(1s);
      senders->push_back(self->current_sender());
      co_return y->get_as<int>(0);
    }};
  });
  run();
  self->send(a, 4);
  run();
  advance_time(1s);
  run();
  expect<int>().from(a).to(self).with(8);
  ASSERT_EQ(senders->size(), 3u);
  for (auto& s : *senders)
    EXPECT_EQ(s, self->address());
}

TEST_F(coroutines, a_response_promise_made_after_a_suspension_answers_the_starting_request) {
  auto d = sys.spawn(doubler);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<int> {
      auto y = co_await self->request(d, 1s, x);
      auto rp = self->make_response_promise(); // the request that started the handler, not the doubler's answer
      rp.deliver(y->get_as<int>(0) + 100);
      co_return -1; // answered already: this goes nowhere
    }};
  });
  auto answers = std::make_shared<std::vector<int>>();
  auto client = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) { self->request(a, 1s, x).then([=](int r) { answers->push_back(r); }); }};
  });
  run();
  self->send(client, 3);
  run();
  EXPECT_EQ(*answers, std::vector<int>{106});
}

TEST_F(coroutines, sleep_resumes_on_the_manual_clock) {
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<int> {
      co_await self->sleep(5s);
      co_return x;
    }};
  });
  run();
  self->send(a, 7);
  run();
  EXPECT_EQ(advance_time(4s), 0u);
  run();
  disallow<int>().from(a).to(self);
  EXPECT_EQ(advance_time(1s), 1u);
  run_once();
  expect<int>().from(a).to(self).with(7);
}

TEST_F(coroutines, when_all_gathers_every_response_in_the_order_of_its_arguments) {
  auto d = sys.spawn(doubler);
  doubler_actor t = sys.spawn(typed_doubler);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<int> {
      auto [p, q] = co_await when_all(self->request(d, 1s, x), self->request(t, 1s, x + 1));
      static_assert(std::is_same_v<decltype(q), expected<int>>);
      co_return p->get_as<int>(0) * 100 + *q;
    }};
  });
  run();
  self->send(a, 1);
  run();
  expect<int>().from(a).to(self).with(204);
}

TEST_F(coroutines, when_any_takes_the_first_response_and_discards_the_rest) {
  auto kept = std::make_shared<std::vector<response_promise>>();
  auto s = sys.spawn(silent, kept);
  auto d = sys.spawn(doubler);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<int> {
      auto first = co_await when_any(self->request(s, infinite, x), self->request(d, infinite, x));
      co_return static_cast<int>(first.index) * 1000 + first.value->get_as<int>(0);
    }};
  });
  run();
  self->send(a, 3);
  run();
  expect<int>().from(a).to(self).with(1006);
  // The late answer of the silent actor reaches a handler that is gone: discarded, the actor keeps going.
  ASSERT_EQ(kept->size(), 1u);
  kept->front().deliver(99);
  run();
  self->send(a, 4);
  run();
  expect<int>().from(a).to(self).with(1008);
}

TEST_F(coroutines, a_timeout_and_a_dead_receiver_arrive_as_errors) {
  auto kept = std::make_shared<std::vector<response_promise>>();
  auto s = sys.spawn(silent, kept);
  auto gone = sys.spawn(doubler);
  run();
  anon_send_exit(gone, exit_reason::kill);
  run();
  auto errors = std::make_shared<std::vector<error>>();
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<> {
      auto late = co_await self->request(s, 2s, x);
      errors->push_back(late.error());
      auto dead = co_await self->request(gone, 2s, x);
      errors->push_back(dead.error());
    }};
  });
  run();
  self->send(a, 1);
  run();
  advance_time(2s);
  run();
  ASSERT_EQ(errors->size(), 2u);
  EXPECT_EQ((*errors)[0], sec::request_timeout);
  EXPECT_EQ((*errors)[1], sec::request_receiver_down);
}

TEST_F(coroutines, an_exception_after_suspending_answers_the_request_and_ends_the_actor) {
  auto d = sys.spawn(doubler);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) -> task<int> {
      co_await self->request(d, 1s, x);
      throw std::runtime_error{"broken after the answer"};
    }};
  });
  self->monitor(a);
  run();
  self->send(a, 1);
  run();
  expect<error>().from(a).to(self);
  expect<down_msg>().to(self); // down messages come from the runtime, not from the actor
}

TEST_F(coroutines, an_actor_that_ends_destroys_its_suspended_handlers_and_answers_their_requests) {
  auto alive = std::make_shared<int>(0);
  auto kept = std::make_shared<std::vector<response_promise>>();
  auto s = sys.spawn(silent, kept);
  auto a = sys.spawn([=](event_based_actor* self) -> behavior {
    self->reentrant(true);
    return {[=](int x) -> task<int> {
      frame_witness w{alive};
      auto y = co_await self->request(s, infinite, x);
      co_return y ? 1 : 0;
    }};
  });
  auto errors = std::make_shared<std::vector<error>>();
  auto client = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) { self->request(a, infinite, x).then([](int) {}, [=](error& e) { errors->push_back(e); }); }};
  });
  run();
  self->send(client, 1);
  self->send(client, 2);
  run();
  EXPECT_EQ(*alive, 2); // two handlers wait, each with its local
  anon_send_exit(a, exit_reason::kill);
  run();
  EXPECT_EQ(*alive, 0);
  // Both requests are answered: the actor that owed them is gone.
  EXPECT_EQ(*errors, (std::vector<error>{sec::request_receiver_down, sec::request_receiver_down}));
}

} // namespace coroutine_test
