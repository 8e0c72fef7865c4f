// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Exceptions, termination and bad input: an exception in user code ends the
// pattern with unhandled_exception and the waiting request receives that
// error; internal actors end with their pattern; an input of the wrong type
// gets the core's outcome for an unmatched message.
#include "pattern_test_actors.hpp"

#include "troupe/test.hpp"

namespace failure_test {

using namespace pattern_test;

namespace {

auto throw_on_negative = [](auto range) {
  for (auto& x : range)
    if (x < 0)
      throw std::runtime_error("negative element");
};

// Asks p with `input`; expects the unhandled_exception error naming `what`,
// and p's termination with exit_reason::unhandled_exception.
template <class T>
void expect_exception_fails(scoped_actor& self, const actor& p, T input, const std::string& what) {
  self->monitor(p);
  error err;
  bool answered = false;
  self->request(p, std::chrono::seconds(30), std::move(input))
    .receive([&](const message&) { answered = true; }, [&](error& e) { err = e; });
  EXPECT_FALSE(answered);
  EXPECT_EQ(err, exit_reason::unhandled_exception) << to_string(err);
  EXPECT_NE(to_string(err).find(what), std::string::npos) << to_string(err);
  EXPECT_EQ(down_reason(self, p), exit_reason::unhandled_exception);
}

class patterns_map_exception : public ::testing::TestWithParam<std::tuple<Runtime, std::size_t, std::size_t>> {};

} // namespace

TEST(patterns_failure, exception_in_a_seq_stage_fails_the_pipeline_and_the_request) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Pipeline(Seq<incrementer>{}, Seq<picky>{}));
  expect_exception_fails(self, p, std::int64_t{-5}, "negative input");
}

TEST(patterns_failure, exception_in_an_ordered_farm_replica_fails_the_farm_and_the_request) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Farm(Seq<picky>{}).replicas(2).ordered());
  expect_exception_fails(self, p, std::int64_t{-1}, "negative input");
}

TEST(patterns_failure, exception_in_an_unordered_farm_replica_fails_the_farm_and_the_request) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Farm(Seq<picky>{}).replicas(2));
  expect_exception_fails(self, p, std::int64_t{-1}, "negative input");
}

TEST_P(patterns_map_exception, exception_in_the_map_function_fails_the_map_and_the_request) {
  auto [runtime, chunk, size] = GetParam();
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto m = Map<Cnt>(throw_on_negative).replicas(3).runtime(runtime);
  if (chunk != 0)
    m.scheduler(PartitionSched::dynamic_{chunk});
  auto p = spawn_ok(sys, m);
  Cnt input(size, 1);
  input.back() = -1;
  expect_exception_fails(self, p, input, "negative element");
}

INSTANTIATE_TEST_SUITE_P(runtimes_and_sizes, patterns_map_exception,
                         ::testing::Combine(::testing::Values(Runtime::actors, Runtime::threads),
                                            ::testing::Values(std::size_t{0}, std::size_t{2}),
                                            ::testing::Values(std::size_t{1}, std::size_t{100})));

TEST(patterns_failure, exception_in_a_div_conq_function_fails_the_pattern_and_the_request) {
  using Rng = DivConq<Cnt>::range;
  auto halves = [](Rng& r) -> std::vector<Rng> { return {r.first(r.size() / 2), r.subspan(r.size() / 2)}; };
  auto whole = [](std::vector<Rng>& parts) -> Rng {
    return Rng{parts.front().data(), parts.front().size() + parts.back().size()};
  };
  auto seq = [](Rng&) {};
  auto small = [](const Rng& r) { return r.size() <= 2; };
  auto throwing_merge = [](std::vector<Rng>&) -> Rng { throw std::logic_error("merge failed"); };
  auto throwing_seq = [](Rng&) { throw std::logic_error("seq failed"); };
  {
    actor_system sys{two_workers()};
    scoped_actor self{sys};
    expect_exception_fails(self, spawn_ok(sys, DivConq<Cnt>(halves, throwing_merge, seq, small)), Cnt(50, 1),
                           "merge failed");
  }
  {
    actor_system sys{two_workers()};
    scoped_actor self{sys};
    expect_exception_fails(self, spawn_ok(sys, DivConq<Cnt>(halves, whole, throwing_seq, small)), Cnt(50, 1),
                           "seq failed");
  }
}

// On the deterministic fixture, so that the second input is in the Map's queue
// before the first one fails.
class patterns_failure_deterministic : public test::deterministic_fixture {};

TEST_F(patterns_failure_deterministic, requests_waiting_behind_a_failure_receive_the_error) {
  auto p = spawn_ok(sys, Map<Cnt>(throw_on_negative).replicas(2));
  run();
  Cnt bad(100, 1);
  bad[50] = -1;
  (void)self->request(p, infinite, bad);
  (void)self->request(p, infinite, Cnt(100, 1));
  run();
  EXPECT_EQ(received<error>(), exit_reason::unhandled_exception);
  EXPECT_EQ(received<error>(), exit_reason::unhandled_exception);
}

TEST(patterns_failure, internal_actors_terminate_with_the_pattern) {
  actor_system sys{two_workers()};
  spawn_log log;
  {
    scoped_actor self{sys};
    auto sum = Seq<summer>(log.recorder<summer>());
    auto p = spawn_ok(sys, Pipeline(Seq<iota_maker>{}, Map<Cnt>(throw_on_negative).replicas(2),
                                    Map<Cnt>(throw_on_negative).replicas(2).runtime(Runtime::threads),
                                    Farm(sum).replicas(3).policy(round_robin()).ordered()));
    // Three inputs: each replica of the farm has run once.
    for (int i = 0; i < 3; ++i)
      EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{3}), 3);
    auto internals = log.get();
    ASSERT_EQ(internals.size(), 3u);
    for (auto& a : internals)
      self->monitor(a);
    self->monitor(p);
    self->send_exit(p, exit_reason::user_shutdown);
    down_tracker downs{self};
    EXPECT_EQ(downs.reason(p.address()), exit_reason::user_shutdown);
    for (auto& a : internals)
      EXPECT_EQ(downs.reason(a), exit_reason::user_shutdown);
  }
  // Every actor of the pattern, the Map workers included, has terminated.
  sys.await_all_actors_done();
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST(patterns_failure, a_pattern_nobody_refers_to_terminates_with_its_internal_actors) {
  actor_system sys{two_workers()};
  {
    scoped_actor self{sys};
    auto p = spawn_ok(sys, Farm(Pipeline(Seq<iota_maker>{}, Map<Cnt>(throw_on_negative).replicas(2))).replicas(2));
    EXPECT_EQ(ask<Cnt>(self, p, std::int64_t{2}), (Cnt{0, 1}));
    EXPECT_GT(sys.running_actors(), 0u);
  }
  sys.await_all_actors_done();
  EXPECT_EQ(sys.running_actors(), 0u);
}

TEST(patterns_failure, an_internal_actor_that_fails_ends_the_pattern_with_its_reason) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  spawn_log log;
  auto p = spawn_ok(sys, Pipeline(Seq<incrementer>(log.recorder<incrementer>()), Seq<multiplier>{}));
  EXPECT_EQ(ask<std::int64_t>(self, p, std::int64_t{1}), 4);
  self->monitor(p);
  ASSERT_EQ(log.get().size(), 1u);
  self->send_exit(actor_cast<actor>(log.get()[0]), exit_reason::user_shutdown);
  EXPECT_EQ(down_reason(self, p), exit_reason::user_shutdown);
}

TEST(patterns_failure, an_input_of_the_wrong_type_stays_unmatched_until_the_pattern_ends) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = spawn_ok(sys, Map<Cnt>(throw_on_negative).replicas(2));
  auto pending = self->request(p, std::chrono::seconds(30), std::string{"not a container"});
  // The Map keeps working meanwhile.
  EXPECT_EQ(ask<Cnt>(self, p, Cnt{1, 2, 3}), (Cnt{1, 2, 3}));
  self->send_exit(p, exit_reason::user_shutdown);
  error err;
  pending.receive([](const message&) {}, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::request_receiver_down);
}

} // namespace failure_test
