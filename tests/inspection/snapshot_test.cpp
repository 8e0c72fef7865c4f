// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// inspection::snapshot on a deterministic system: which actors it lists, and
// what their statistics say after a known sequence of messages.
#include <troupe/inspection.hpp>
#include <troupe/test.hpp>
#include <troupe/troupe.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace snapshot_test {

using namespace troupe;
using namespace std::chrono_literals;

actor_system_config with_probe(bool track = true) {
  actor_system_config cfg;
  cfg.load<inspection::probe>();
  if (!track) {
    const char* args[] = {"test", "--inspect.track-actors=false"};
    if (auto err = cfg.parse(2, const_cast<char**>(args)))
      throw std::runtime_error(to_string(err));
  }
  return cfg;
}

const inspection::actor_snapshot* row_of(const inspection::node_snapshot& s, const actor& a) {
  auto i = std::find_if(s.actors.begin(), s.actors.end(), [&](const auto& r) { return r.id == a.id(); });
  return i == s.actors.end() ? nullptr : &*i;
}

class counter : public event_based_actor {
public:
  explicit counter(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[this](int x) { return n_ += x; }};
  }
  const char* name() const override { return "counter"; }

private:
  int n_ = 0;
};

struct tracked : test::deterministic_fixture {
  tracked() : deterministic_fixture(with_probe()) {}
};

TEST_F(tracked, lists_every_live_actor_with_its_name_and_id) {
  auto a = sys.spawn<counter>();
  auto b = sys.spawn([]() -> behavior { return {[](int) {}}; });
  run();
  auto s = inspection::snapshot(sys);
  EXPECT_TRUE(s.tracking);
  EXPECT_EQ(s.node, sys.node());
  EXPECT_FALSE(s.host.empty());
  EXPECT_GT(s.pid, 0u);
  EXPECT_EQ(s.running_actors, 2u);
  ASSERT_EQ(s.actors.size(), 2u); // the fixture's own scoped actor is hidden
  ASSERT_NE(row_of(s, a), nullptr);
  ASSERT_NE(row_of(s, b), nullptr);
  EXPECT_EQ(row_of(s, a)->name, "counter");
  EXPECT_EQ(row_of(s, b)->name, "actor");
  EXPECT_LT(s.actors[0].id, s.actors[1].id);
}

TEST_F(tracked, an_actor_leaves_the_list_when_it_terminates) {
  auto a = sys.spawn<counter>();
  auto b = sys.spawn<counter>();
  run();
  self->send_exit(a, exit_reason::user_shutdown);
  run();
  auto s = inspection::snapshot(sys);
  EXPECT_EQ(row_of(s, a), nullptr);
  EXPECT_NE(row_of(s, b), nullptr);
}

TEST_F(tracked, counts_processed_messages_and_their_answers_as_sent) {
  auto a = sys.spawn<counter>();
  auto asker = sys.spawn([=](event_based_actor* me) -> behavior {
    for (int i = 0; i < 5; ++i)
      me->send(a, 1);
    return {[](int) {}};
  });
  run();
  auto s = inspection::snapshot(sys);
  auto* ra = row_of(s, a);
  auto* rq = row_of(s, asker);
  ASSERT_NE(ra, nullptr);
  ASSERT_NE(rq, nullptr);
  EXPECT_EQ(ra->processed, 5u);
  EXPECT_EQ(ra->sent, 5u); // its answers go back to the asker
  EXPECT_EQ(rq->sent, 5u);
  EXPECT_EQ(rq->processed, 5u);
  EXPECT_EQ(ra->mailbox_depth, 0u);
  EXPECT_EQ(ra->state, inspection::actor_state::idle);
}

TEST_F(tracked, mailbox_depth_counts_messages_waiting_now_and_the_most_seen) {
  // Skips every int until it gets a string: the ints wait in its mailbox.
  auto picky = sys.spawn([](event_based_actor* me) -> behavior {
    return {[=](const std::string&) { me->become([](int) {}); }, [](int) { return skip; }};
  });
  run();
  for (int i = 0; i < 7; ++i)
    self->send(picky, i);
  auto s = inspection::snapshot(sys);
  ASSERT_NE(row_of(s, picky), nullptr);
  EXPECT_EQ(row_of(s, picky)->mailbox_depth, 7u) << "enqueued, not yet looked at";
  EXPECT_EQ(row_of(s, picky)->state, inspection::actor_state::busy);
  run();
  s = inspection::snapshot(sys);
  EXPECT_EQ(row_of(s, picky)->mailbox_depth, 7u) << "skipped: still waiting";
  EXPECT_EQ(row_of(s, picky)->skipped, 7u);
  EXPECT_EQ(row_of(s, picky)->max_mailbox_depth, 7u);
  self->send(picky, std::string{"go"});
  run();
  s = inspection::snapshot(sys);
  EXPECT_EQ(row_of(s, picky)->mailbox_depth, 0u);
  EXPECT_EQ(row_of(s, picky)->max_mailbox_depth, 8u);
  EXPECT_EQ(row_of(s, picky)->processed, 8u);
}

TEST_F(tracked, counts_unmatched_messages) {
  auto a = sys.spawn([](event_based_actor* me) -> behavior {
    me->set_default_handler(drop);
    return {[](int) {}};
  });
  run();
  self->send(a, 1.5);
  self->send(a, std::string{"nobody handles this"});
  self->send(a, 1);
  run();
  auto s = inspection::snapshot(sys);
  ASSERT_NE(row_of(s, a), nullptr);
  EXPECT_EQ(row_of(s, a)->unmatched, 2u);
  EXPECT_EQ(row_of(s, a)->processed, 3u); // a dropped message is done with, too
  EXPECT_EQ(row_of(s, a)->mailbox_depth, 0u);
}

TEST_F(tracked, a_stale_timeout_is_done_with_and_counts_as_neither_processed_nor_waiting) {
  int timeouts = 0;
  auto a = sys.spawn([&timeouts](event_based_actor*) -> behavior {
    return {[](int) {}, after(std::chrono::seconds(1)) >> [&timeouts] { ++timeouts; }};
  });
  run();
  self->send(a, 1); // handled: the timeout armed at the start is stale now
  run();
  advance_time(std::chrono::seconds(1));
  run();
  EXPECT_EQ(timeouts, 1) << "the stale timeout ran its handler";
  auto s = inspection::snapshot(sys);
  ASSERT_NE(row_of(s, a), nullptr);
  EXPECT_EQ(row_of(s, a)->processed, 2u) << "the int and the current timeout";
  EXPECT_EQ(row_of(s, a)->mailbox_depth, 0u) << "the stale timeout still counts as held";
  EXPECT_EQ(row_of(s, a)->max_mailbox_depth, 2u) << "both timeouts, taken at once";
}

TEST_F(tracked, times_a_sample_of_the_messages_and_of_the_mailbox_wait) {
  auto a = sys.spawn<counter>();
  run();
  // Its first messages' samples would count for the node only.
  for (int i = 0; i < 4; ++i)
    self->send(a, 1);
  run();
  for (int i = 0; i < 1024; ++i)
    self->send(a, 1);
  run();
  auto s = inspection::snapshot(sys);
  auto* r = row_of(s, a);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->processed, 1028u);
  // One in 32 of the messages the fixture's unit handles is timed: some 32 of
  // these 1024.
  EXPECT_GE(r->processing.samples, 30u);
  EXPECT_LE(r->processing.samples, 34u);
  EXPECT_GT(r->processing.p50.count(), 0);
  EXPECT_GE(r->processing.p99, r->processing.p50);
  EXPECT_FALSE(r->processing.buckets.empty());
  // One in 64 of a thread's messages to tracked actors carries a timestamp:
  // of these 1024, one at least (one per receiver at a time).
  EXPECT_GE(r->mailbox_wait.samples, 1u);
  EXPECT_GT(r->processing_time.count(), 0);
  EXPECT_GE(r->age, r->processing_time);
  EXPECT_EQ(r->idle_time, r->age - r->processing_time);
}

TEST_F(tracked, an_actor_in_its_first_messages_times_them_for_the_node_only) {
  std::vector<actor> xs;
  for (int i = 0; i < 64; ++i)
    xs.push_back(sys.spawn<counter>());
  run();
  for (auto& x : xs)
    self->send(x, 1);
  run();
  std::uint64_t own = 0;
  std::uint64_t blocks = 0;
  std::uint64_t node = 0;
  sys.tracker().for_each(
    [&](detail::actor_statistics& st) {
      if (auto* t = st.timing.load(std::memory_order_acquire)) {
        ++blocks;
        own += t->sampled_messages.get();
      }
    },
    [&](const detail::retired_timing& r) {
      for (auto n : r.processing)
        node += n;
    });
  // One in 32 of the 64 messages is timed; none is an actor's fourth.
  EXPECT_EQ(blocks, 0u);
  EXPECT_EQ(own, 0u);
  EXPECT_EQ(node, 2u);
  auto s = inspection::snapshot(sys);
  ASSERT_NE(row_of(s, xs.front()), nullptr);
  EXPECT_EQ(row_of(s, xs.front())->processing.samples, 0u);
  EXPECT_EQ(row_of(s, xs.front())->processed, 1u);
}

TEST_F(tracked, a_new_actor_reads_the_clock_when_its_unit_noted_none_for_64_messages) {
  auto a = sys.spawn<counter>();
  run();
  for (int i = 0; i < 40; ++i)
    self->send(a, 1);
  run(); // one of them was timed: the fixture's unit noted that clock reading
  std::this_thread::sleep_for(300ms);
  // An actor without statistics: its messages are counted, none is timed.
  auto quiet = sys.spawn<hidden>([]() -> behavior { return {[](int) {}}; });
  for (int i = 0; i < 70; ++i)
    self->send(quiet, 1);
  run();
  auto b = sys.spawn<counter>();
  run();
  auto s = inspection::snapshot(sys);
  ASSERT_NE(row_of(s, a), nullptr);
  ASSERT_NE(row_of(s, b), nullptr);
  EXPECT_GE(row_of(s, a)->age, 300ms);
  EXPECT_LT(row_of(s, b)->age, 200ms); // the noted reading is 70 messages and 300 ms old
}

TEST_F(tracked, an_actor_whose_handler_throws_leaves_the_list) {
  auto a = sys.spawn([]() -> behavior {
    return {[](int x) {
      if (x < 0)
        throw std::runtime_error("negative");
    }};
  });
  auto b = sys.spawn<counter>();
  run();
  self->send(a, -1);
  run();
  auto s = inspection::snapshot(sys);
  EXPECT_EQ(row_of(s, a), nullptr);
  EXPECT_NE(row_of(s, b), nullptr);
  EXPECT_EQ(s.running_actors, 1u);
}

TEST_F(tracked, an_ended_actor_frees_its_entry_and_the_next_spawn_takes_it) {
  constexpr int n = 600;
  std::vector<actor> xs;
  for (int i = 0; i < n; ++i)
    xs.push_back(sys.spawn<counter>());
  run();
  EXPECT_EQ(sys.tracker().size(), static_cast<std::size_t>(n));
  auto entries = sys.tracker().listed();
  EXPECT_GE(entries, static_cast<std::size_t>(n));
  for (auto& x : xs)
    self->send_exit(x, exit_reason::kill);
  xs.clear();
  run();
  EXPECT_EQ(sys.tracker().size(), 0u);
  EXPECT_TRUE(inspection::snapshot(sys).actors.empty());
  EXPECT_EQ(sys.tracker().kept(), 0u); // no reader was about: their memory went back as they died
  // The spawns after them fill the freed entries: the lists do not grow.
  for (int i = 0; i < n; ++i)
    xs.push_back(sys.spawn<counter>());
  run();
  EXPECT_EQ(sys.tracker().size(), static_cast<std::size_t>(n));
  EXPECT_EQ(sys.tracker().listed(), entries);
  auto s = inspection::snapshot(sys);
  ASSERT_EQ(s.actors.size(), static_cast<std::size_t>(n));
  for (auto& x : xs)
    EXPECT_NE(row_of(s, x), nullptr);
  for (auto& x : xs)
    self->send_exit(x, exit_reason::kill);
  run();
}

TEST_F(tracked, actors_that_end_while_a_reader_is_about_keep_their_memory_until_it_left) {
  constexpr int n = 100;
  std::vector<actor> xs;
  for (int i = 0; i < n; ++i)
    xs.push_back(sys.spawn<counter>());
  run();
  {
    detail::actor_readers::scope reading; // as a snapshot taken on another thread would be
    for (auto& x : xs)
      self->send_exit(x, exit_reason::kill);
    xs.clear();
    run();
    EXPECT_EQ(sys.tracker().kept(), static_cast<std::size_t>(n));
    sys.tracker().sweep(); // the reader is still about: nothing goes
    EXPECT_EQ(sys.tracker().kept(), static_cast<std::size_t>(n));
  }
  EXPECT_EQ(sys.tracker().size(), 0u); // a reader that came later sees none of them, and lets them go
  EXPECT_EQ(sys.tracker().kept(), 0u);
  auto a = sys.spawn<counter>();
  run();
  auto s = inspection::snapshot(sys);
  ASSERT_EQ(s.actors.size(), 1u);
  EXPECT_EQ(s.actors[0].id, a.id());
  self->send_exit(a, exit_reason::kill);
  run();
}

// Real threads: spawning threads, the workers that end the actors and a reader
// taking snapshots all work on the same lists at once. The sanitizer stages run
// it too.
TEST(tracking_threads, spawns_ends_and_snapshots_at_once_keep_the_lists_consistent) {
  actor_system_config cfg;
  cfg.load<inspection::probe>();
  cfg.set_scheduler(2, 300);
  actor_system sys{cfg};
  constexpr int spawners = 3;
  constexpr int per_spawner = 3000;
  std::atomic<bool> spawning{true};
  std::vector<std::thread> threads;
  for (int t = 0; t < spawners; ++t)
    threads.emplace_back([&] {
      scoped_actor self{sys};
      for (int i = 0; i < per_spawner; ++i) {
        auto a = sys.spawn([](event_based_actor* s) -> behavior { return {[=](int) { s->quit(); }}; });
        self->send(a, i);
      }
    });
  std::size_t snapshots = 0;
  std::thread reader{[&] {
    while (spawning.load()) {
      auto s = inspection::snapshot(sys);
      for (auto& row : s.actors) {
        EXPECT_GT(row.id, 0u);
        EXPECT_FALSE(row.name.empty()); // read from the actor itself, which had not ended
      }
      ++snapshots;
    }
  }};
  for (auto& t : threads)
    t.join();
  sys.await_all_actors_done();
  spawning = false;
  reader.join();
  EXPECT_GT(snapshots, 0u);
  EXPECT_EQ(sys.tracker().size(), 0u);
  EXPECT_TRUE(inspection::snapshot(sys).actors.empty());
  EXPECT_EQ(sys.tracker().kept(), 0u); // those that ended during a snapshot were let go after it
}

// An actor's age starts from its worker's latest clock reading, which the
// worker takes when it was idle: one that slept does not date a new actor
// back to before its sleep.
void an_actor_spawned_after_its_worker_slept_is_young(const char* policy) {
  actor_system_config cfg;
  cfg.load<inspection::probe>();
  const char* args[] = {"test", "--scheduler.workers=1", policy};
  ASSERT_FALSE(cfg.parse(3, const_cast<char**>(args)));
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto ask = [&](const actor& a) { self->request(a, 5s, 1).receive([](int) {}, [](error&) {}); };
  auto early = sys.spawn<counter>();
  for (int i = 0; i < 40; ++i)
    ask(early);                       // some are timed, and the worker notes those readings too
  std::this_thread::sleep_for(400ms); // the worker runs out of work: it spins, then sleeps
  auto late = sys.spawn<counter>();
  ask(late);
  auto s = inspection::snapshot(sys);
  ASSERT_NE(row_of(s, early), nullptr);
  ASSERT_NE(row_of(s, late), nullptr);
  EXPECT_GE(row_of(s, early)->age, 400ms);
  EXPECT_LT(row_of(s, late)->age, 200ms); // a reading from before the sleep would make it 400 ms older
}

TEST(tracking_threads, an_actor_spawned_after_a_stealing_worker_slept_counts_its_age_from_then) {
  an_actor_spawned_after_its_worker_slept_is_young("--scheduler.policy=stealing");
}

TEST(tracking_threads, an_actor_spawned_after_a_sharing_worker_slept_counts_its_age_from_then) {
  an_actor_spawned_after_its_worker_slept_is_young("--scheduler.policy=sharing");
}

struct untracked : test::deterministic_fixture {
  untracked() : deterministic_fixture(with_probe(false)) {}
};

TEST_F(untracked, inspect_track_actors_false_gives_no_actor_statistics) {
  auto a = sys.spawn<counter>();
  self->send(a, 1);
  run();
  auto s = inspection::snapshot(sys);
  EXPECT_FALSE(s.tracking);
  EXPECT_EQ(s.running_actors, 1u);
  EXPECT_TRUE(s.actors.empty());
}

TEST_F(untracked, the_node_counts_handled_messages_and_dead_letters_without_tracking) {
  auto a = sys.spawn<counter>();
  self->send(a, 1);
  self->send(a, 2);
  run();
  self->send_exit(a, exit_reason::kill);
  run();
  self->send(a, 3); // to a terminated actor
  run();
  auto s = inspection::snapshot(sys);
  EXPECT_TRUE(s.actors.empty());
  EXPECT_GE(s.processed_messages, 2u);
  EXPECT_EQ(s.dead_letters, 1u);
  EXPECT_EQ(s.running_actors, 0u);
}

struct without_probe : test::deterministic_fixture {};

TEST_F(without_probe, a_system_without_the_probe_tracks_nothing) {
  auto a = sys.spawn<counter>();
  run();
  auto s = inspection::snapshot(sys);
  EXPECT_FALSE(s.tracking);
  EXPECT_TRUE(s.actors.empty());
  EXPECT_EQ(s.running_actors, 1u);
}

TEST(inspection_options, the_probe_adds_inspect_track_actors_to_the_help) {
  auto cfg = with_probe();
  EXPECT_NE(cfg.help().find("inspect.track-actors"), std::string::npos);
}

TEST(inspection_layout, statistics_cost_an_untracked_actor_no_byte) {
  // The flag fills padding of abstract_actor; the block sits in front of tracked actors only.
  EXPECT_EQ(sizeof(abstract_actor), 32u);
  EXPECT_EQ(sizeof(detail::actor_statistics) % 16, 0u);
}

} // namespace snapshot_test
