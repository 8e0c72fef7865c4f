// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Mailbox stress through actors (not raw queues): N:1 fan-in with per-sender
// FIFO checks, scoped actors on plain threads, and ping-pong storms that make
// every message hit an idle (blocked) receiver.
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace mailbox_stress_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

actor_system_config workers(std::size_t n) {
  actor_system_config cfg;
  cfg.set_scheduler(n);
  return cfg;
}

// Counts (sender, seq) messages and checks that each sender's sequence numbers
// arrive in order. atom("count"), s -> how many messages of s arrived so far.
// When `expected` messages arrived, sends (atom("total"), total, errors) to out.
struct fan_in_state {
  std::vector<int> next;
  long total = 0;
  long errors = 0;
};

behavior fan_in(stateful_actor<fan_in_state>* self, int senders, long expected, actor out) {
  self->state.next.assign(static_cast<std::size_t>(senders), 0);
  return {
    [=](int sender, int seq) {
      auto& st = self->state;
      if (sender < 0 || sender >= senders || seq != st.next[static_cast<std::size_t>(sender)])
        ++st.errors;
      else
        ++st.next[static_cast<std::size_t>(sender)];
      if (++st.total == expected)
        self->send(out, atom("total"), st.total, st.errors);
    },
    on(atom("count"), arg_match) >> [=](int sender) { return self->state.next[static_cast<std::size_t>(sender)]; },
  };
}

struct fan_in_result {
  long total = -1;
  long errors = -1;
};

fan_in_result await_total(scoped_actor& self) {
  fan_in_result r;
  self->receive(
    on(atom("total"), arg_match) >>
      [&](long total, long errors) {
        r = {total, errors};
      },
    after(60s) >> [] { ADD_FAILURE() << "receiver did not get all messages"; });
  return r;
}

} // namespace

// 20 sender actors x 20,000 messages to one receiver: nothing lost or duplicated,
// and the messages of each sender arrive in the order it sent them.
TEST(mailbox_stress, twenty_senders_to_one_receiver_keep_per_sender_order) {
  constexpr int senders = 20;
  constexpr int per_sender = 20'000;
  actor_system sys{workers(4)};
  scoped_actor self{sys};
  auto receiver = sys.spawn(fan_in, senders, long{senders} * per_sender, actor{self});
  std::vector<actor> sender_actors;
  for (int id = 0; id < senders; ++id) {
    sender_actors.push_back(sys.spawn(
      [](event_based_actor* s, actor target, int id) -> behavior {
        return {on(atom("go")) >> [=] {
          for (int i = 0; i < per_sender; ++i)
            s->send(target, id, i);
          s->quit();
        }};
      },
      receiver, id));
  }
  for (auto& s : sender_actors)
    self->send(s, atom("go"));
  auto r = await_total(self);
  EXPECT_EQ(r.total, long{senders} * per_sender);
  EXPECT_EQ(r.errors, 0);
  for (int id = 0; id < senders; ++id) {
    int n = -1;
    self->request(receiver, 5s, atom("count"), id).receive([&](int x) { n = x; }, [](error&) {});
    EXPECT_EQ(n, per_sender) << "sender " << id;
  }
}

// Senders that interleave their bursts with self-messages (so that they are
// rescheduled between bursts) still deliver in order.
TEST(mailbox_stress, bursty_senders_keep_per_sender_order) {
  constexpr int senders = 8;
  constexpr int bursts = 100;
  constexpr int burst_size = 50;
  actor_system sys{workers(3)};
  scoped_actor self{sys};
  auto receiver = sys.spawn(fan_in, senders, long{senders} * bursts * burst_size, actor{self});
  for (int id = 0; id < senders; ++id) {
    sys.spawn(
      [](event_based_actor* s, actor target, int id) -> behavior {
        s->send(s, atom("burst"), 0);
        return {on(atom("burst"), arg_match) >> [=](int b) {
          for (int i = 0; i < burst_size; ++i)
            s->send(target, id, b * burst_size + i);
          if (b + 1 < bursts)
            s->send(s, atom("burst"), b + 1);
          else
            s->quit();
        }};
      },
      receiver, id);
  }
  auto r = await_total(self);
  EXPECT_EQ(r.total, long{senders} * bursts * burst_size);
  EXPECT_EQ(r.errors, 0);
}

// Many scoped_actors on plain std::threads send concurrently to one receiver and
// make request round trips; each thread's messages arrive in order, and a request
// sent after a thread's messages sees all of them.
TEST(mailbox_stress, scoped_actors_on_plain_threads) {
  constexpr int threads = 8;
  constexpr int per_thread = 5'000;
  constexpr int round_trips = 200;
  actor_system sys{workers(2)};
  scoped_actor main_self{sys};
  auto receiver = sys.spawn(fan_in, threads, long{threads} * per_thread, actor{main_self});
  auto echo = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
  std::atomic<int> bad_counts{0};
  std::atomic<int> bad_echoes{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      scoped_actor self{sys};
      for (int i = 0; i < per_thread; ++i) {
        self->send(receiver, t, i);
        if (i % 25 == 0) {
          int got = -1;
          self->request(echo, 10s, i).receive([&](int x) { got = x; }, [](error&) {});
          if (got != i)
            bad_echoes.fetch_add(1);
        }
      }
      int count = -1;
      self->request(receiver, 10s, atom("count"), t).receive([&](int x) { count = x; }, [](error&) {});
      if (count != per_thread)
        bad_counts.fetch_add(1);
      for (int i = 0; i < round_trips; ++i) {
        int got = -1;
        self->request(echo, 10s, i).receive([&](int x) { got = x; }, [](error&) {});
        if (got != i)
          bad_echoes.fetch_add(1);
      }
    });
  }
  for (auto& th : pool)
    th.join();
  EXPECT_EQ(bad_counts.load(), 0);
  EXPECT_EQ(bad_echoes.load(), 0);
  auto r = await_total(main_self);
  EXPECT_EQ(r.total, long{threads} * per_thread);
  EXPECT_EQ(r.errors, 0);
}

namespace {

// Sends (atom("ping"), n) to `pong` and expects (atom("pong"), n) back, `rounds`
// times; then reports (atom("done"), rounds_ok) to out and terminates.
behavior pinger(event_based_actor* self, actor pong, int rounds, actor out) {
  self->send(pong, atom("ping"), 0);
  auto ok = std::make_shared<int>(0);
  return {on(atom("pong"), arg_match) >> [=](int n) {
    if (n == *ok)
      ++*ok;
    if (n + 1 == rounds) {
      self->send(out, atom("done"), *ok);
      self->quit();
    } else {
      self->send(pong, atom("ping"), n + 1);
    }
  }};
}

behavior ponger(event_based_actor* self) {
  return {
    on(atom("ping"), arg_match) >> [](int n) { return std::make_tuple(atom("pong"), n); },
    on(atom("stop")) >> [=] { self->quit(); },
  };
}

// Waits for `pairs` done messages; returns how many reported all rounds.
int await_done(scoped_actor& self, int pairs, int rounds) {
  int complete = 0;
  int received = 0;
  bool timed_out = false;
  self->receive_while([&] { return received < pairs && !timed_out; },
                      on(atom("done"), arg_match) >>
                        [&](int ok) {
                          ++received;
                          if (ok == rounds)
                            ++complete;
                        },
                      after(30s) >> [&] { timed_out = true; });
  EXPECT_FALSE(timed_out) << received << " of " << pairs << " pairs finished";
  return complete;
}

} // namespace

// A ping storm: many pairs of event-based actors exchange tiny messages, so that
// nearly every message wakes a blocked (idle) actor.
TEST(mailbox_stress, ping_pong_storm_event_based) {
  constexpr int pairs = 100;
  constexpr int rounds = 1'000;
  actor_system sys{workers(4)};
  scoped_actor self{sys};
  std::vector<actor> pongs;
  for (int i = 0; i < pairs; ++i) {
    pongs.push_back(sys.spawn(ponger));
    sys.spawn(pinger, pongs.back(), rounds, actor{self});
  }
  EXPECT_EQ(await_done(self, pairs, rounds), pairs);
  for (auto& p : pongs)
    self->send(p, atom("stop"));
}

// The same storm with detached actors (each on its own thread) and blocking
// actors (receive() on a condition variable) on the pong side.
TEST(mailbox_stress, ping_pong_storm_detached_and_blocking) {
  constexpr int pairs = 4;
  constexpr int rounds = 2'000;
  actor_system sys{workers(2)};
  scoped_actor self{sys};
  std::vector<actor> pongs;
  std::vector<actor> pings; // keeps the detached pingers alive (see failure_test)
  for (int i = 0; i < pairs; ++i) {
    // detached pinger <-> detached ponger
    auto dp = sys.spawn<detached>(ponger);
    pongs.push_back(dp);
    pings.push_back(sys.spawn<detached>(pinger, dp, rounds, actor{self}));
    // event-based pinger <-> blocking ponger
    auto bp = sys.spawn([](blocking_actor* b) {
      bool running = true;
      b->receive_while([&] { return running; },
                       on(atom("ping"), arg_match) >>
                         [&](int n) { b->send(actor_cast<actor>(b->current_sender()), atom("pong"), n); },
                       on(atom("stop")) >> [&] { running = false; });
    });
    pongs.push_back(bp);
    sys.spawn(pinger, bp, rounds, actor{self});
  }
  EXPECT_EQ(await_done(self, 2 * pairs, rounds), 2 * pairs);
  for (auto& p : pongs)
    self->send(p, atom("stop"));
}

// A scoped actor ping-pongs with many actors at once from the main thread: each
// reply wakes the blocked scoped actor.
TEST(mailbox_stress, scoped_actor_ping_storm) {
  constexpr int actors = 50;
  constexpr int rounds = 200;
  actor_system sys{workers(2)};
  scoped_actor self{sys};
  std::vector<actor> pongs;
  for (int i = 0; i < actors; ++i)
    pongs.push_back(sys.spawn(ponger));
  int ok = 0;
  for (int r = 0; r < rounds; ++r) {
    for (auto& p : pongs)
      self->send(p, atom("ping"), r);
    int got = 0;
    bool timed_out = false;
    self->receive_while([&] { return got < actors && !timed_out; },
                        on(atom("pong"), arg_match) >>
                          [&](int n) {
                            ++got;
                            if (n == r)
                              ++ok;
                          },
                        after(10s) >> [&] { timed_out = true; });
    ASSERT_FALSE(timed_out) << "round " << r;
  }
  EXPECT_EQ(ok, actors * rounds);
  for (auto& p : pongs)
    self->send(p, atom("stop"));
}

} // namespace mailbox_stress_test
