// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The published libcppa and CAF code listings (docs/references.md), compiled
// against troupe with only mechanical changes (namespace troupe, `self->` for
// libcppa's implicit self, `sys.spawn`, output sent to an observing actor
// instead of std::cout), each checked for the behaviour it is meant to show.
// The listings keep the layout they were published in, so the formatter leaves this file alone.
// clang-format off
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include "support/eventually.hpp"
#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace paper_listings_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::receive_one;

namespace {

actor_system_config two_workers() {
  return test_support::small_config(2);
}

// Listings whose point is timing or ordering run on the deterministic fixture.
using listing_kv_store_deterministic = test::deterministic_fixture;
using listing_become_deterministic = test::deterministic_fixture;
using listing_dynamic_math_deterministic = test::deterministic_fixture;

// Waits (bounded) until no non-hidden actor runs.
bool wait_until_no_actors(actor_system& sys) {
  return test_support::eventually([&] { return sys.running_actors() == 0; }, 10s, 1ms);
}

// ---- the key-value store ------------------------------------------------------

using Key = std::string;
using Value = int;

void key_value_store(event_based_actor* self) {
  auto data = std::make_shared<std::map<Key, Value>>();
  self->become(
    on(atom("set"), arg_match)
    >> [=](Key k, Value v) { (*data)[k] = v; },
    on(atom("get"), arg_match)
    >> [=](Key k) {
      self->reply((*data)[k]);
    }
  );
}

// ---- the caller side (sync_send(...).then) -------------------------------------

behavior kv_client(event_based_actor* self, actor server, actor out) {
  return {
    [=](const Key& key) {
      self->sync_send(server, atom("get"), key).then(
        [=](Value val) {
          std::ostringstream cout;
          cout << key << " => " << val;
          self->send(out, cout.str());
        }
      );
    },
    on(atom("note"), arg_match) >> [=](const std::string& s) { self->send(out, s); },
  };
}

// A key-value server that answers `get` only after `delay` (via a response promise).
behavior slow_kv_server(event_based_actor* self, std::chrono::milliseconds delay) {
  return {
    on(atom("get"), arg_match) >> [=](const Key& k) {
      auto rp = self->make_response_promise();
      auto rpp = std::make_shared<response_promise>(rp);
      self->delayed_send(self, delay, atom("answer"), static_cast<Value>(k.size()));
      self->become(keep_behavior, on(atom("answer"), arg_match) >> [=](Value v) {
        rpp->deliver(v);
        self->unbecome();
      });
      return rp;
    },
  };
}

// ---- guards ----------------------------------------------------------------

behavior guard_listing(event_based_actor*) {
  return {
    on(42) >> [] {
      // matches only the integer value 42
      return std::string{"42"};
    },
    on<int>().when(_x1 % 2 == 0) >> [] {
      // matches even integer values (except 42)
      return std::string{"even"};
    },
    on<int>() >> [] {
      // matches odd integer values; not invoked
      // if a previous rule matches first
      return std::string{"odd"};
    }
  };
}

// ---- the sb_actor printer -------------------------------------------------

struct printer : sb_actor<printer> {
  printer(actor_config& cfg, actor out) : sb_actor<printer>(cfg), out(std::move(out)) {}
  actor out; // stands in for std::cout
  behavior init_state = (others() >> [this] {
    send(out, to_string(this->last_received()));
  });
};

// ---- keep_behavior / unbecome ---------------------------------------------

// receives {int, float} sequences
void testee(event_based_actor* self, actor out) {
  self->become (
    on<int>() >> [=](int value1) {
      self->become (
        // the keep_behavior policy stores
        // the current behavior on the
        // behavior stack to be able to
        // return to this behavior later
        // on by calling unbecome()
        keep_behavior,
        on<float>() >> [=](float value2) {
          std::ostringstream cout;
          cout << value1 << " => "
               << value2;
          self->send(out, cout.str());
          self->unbecome();
        }
      );
    }
  );
}

// ---- recursive actor creation -----------------------------------------------

void spread_testee(event_based_actor* self, actor parent) {
  self->become(
    on(atom("spread"), 0) >> [=] {
      self->send(parent, atom("result"), 1);
      self->quit();
    },
    on(atom("spread"), arg_match) >> [=](int n) {
      self->send(self->spawn(spread_testee, actor{self}), atom("spread"), n - 1);
      self->send(self->spawn(spread_testee, actor{self}), atom("spread"), n - 1);
      self->become(on(atom("result"), arg_match) >> [=](int x1) {
        self->become(on(atom("result"), arg_match) >> [=](int x2) {
          self->send(parent, atom("result"), x1 + x2);
          self->quit();
        });
      });
    });
}

// main(X): spawn(testee, self) ! {spread, X}; receive {result, Y} => assert(2^X == Y)
int spread_main(actor_system& sys, scoped_actor& self, int x) {
  self->send(sys.spawn(spread_testee, actor{self}), atom("spread"), x);
  int y = -1;
  self->receive(on(atom("result"), arg_match) >> [&](int r) { y = r; },
                after(30s) >> [] { ADD_FAILURE() << "spread timed out"; });
  return y;
}

// ---- the dynamically typed math actor ---------------------------------------

behavior f(event_based_actor* self) {
  (void) self;
  return {
    on(atom("add"), arg_match)
    >> [](int a, int b) {
      return a + b;
    },
    on(atom("sub"), arg_match)
    >> [](int a, int b) {
      return a - b;
    }
  };
}

// ---- a user-defined scheduling policy ---------------------------------------

// A thread pool: one central FIFO queue, no per-worker data, the opposite of
// work stealing. Counts its calls.
struct thread_pool_policy {
  struct coordinator_data {
    std::mutex mtx;
    std::condition_variable cv;
    std::deque<resumable*> queue;
    std::atomic<std::size_t> central{0};
    std::atomic<std::size_t> external{0};
    std::atomic<std::size_t> internal{0};
    std::atomic<std::size_t> later{0};
    std::atomic<std::size_t> dequeued{0};
  };
  struct worker_data {};

  template <class Coordinator>
  void central_enqueue(Coordinator* self, resumable* job) {
    self->data().central.fetch_add(1, std::memory_order_relaxed);
    push(self->data(), job);
  }
  template <class Worker>
  void external_enqueue(Worker* self, resumable* job) {
    self->parent()->data().external.fetch_add(1, std::memory_order_relaxed);
    push(self->parent()->data(), job);
  }
  template <class Worker>
  void internal_enqueue(Worker* self, resumable* job) {
    self->parent()->data().internal.fetch_add(1, std::memory_order_relaxed);
    push(self->parent()->data(), job);
  }
  template <class Worker>
  void resume_job_later(Worker* self, resumable* job) {
    self->parent()->data().later.fetch_add(1, std::memory_order_relaxed);
    push(self->parent()->data(), job);
  }
  template <class Worker>
  resumable* dequeue(Worker* self) {
    auto* parent = self->parent();
    auto& d = parent->data();
    std::unique_lock guard{d.mtx};
    d.cv.wait(guard, [&] { return !d.queue.empty() || parent->stopping(); });
    if (d.queue.empty())
      return nullptr;
    auto* job = d.queue.front();
    d.queue.pop_front();
    d.dequeued.fetch_add(1, std::memory_order_relaxed);
    return job;
  }
  template <class Coordinator>
  void stop(Coordinator* self) {
    auto& d = self->data();
    { std::lock_guard guard{d.mtx}; }
    d.cv.notify_all();
  }
  template <class Worker, class F>
  void foreach_resumable(Worker*, F) {}
  template <class Coordinator, class F>
  void foreach_central_resumable(Coordinator* self, F fn) {
    auto& d = self->data();
    std::deque<resumable*> tmp;
    {
      std::lock_guard guard{d.mtx};
      tmp.swap(d.queue);
    }
    for (auto* job : tmp)
      fn(job);
  }
  static void push(coordinator_data& d, resumable* job) {
    {
      std::lock_guard guard{d.mtx};
      d.queue.push_back(job);
    }
    d.cv.notify_one();
  }
};

static_assert(scheduler_policy<thread_pool_policy>);

// The longest run of equal consecutive entries.
std::size_t longest_run(const std::vector<char>& xs) {
  std::size_t best = 0, cur = 0;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    cur = (i > 0 && xs[i] == xs[i - 1]) ? cur + 1 : 1;
    best = std::max(best, cur);
  }
  return best;
}

// One worker; a blocker actor occupies it while two actors get `n` messages each;
// then both run and log a tag per message. Returns the log.
std::vector<char> interleaving_log(std::size_t max_msgs, int n) {
  actor_system_config cfg;
  cfg.set_scheduler<policy::work_stealing>(1, max_msgs);
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto log = std::make_shared<std::vector<char>>();
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  auto blocker = sys.spawn([=](event_based_actor* b, actor out) -> behavior {
    return {on(atom("block")) >> [=] {
      b->send(out, atom("blocked"));
      released.wait(); // keeps the only worker busy
      b->quit();
    }};
  }, actor{self});
  self->send(blocker, atom("block"));
  self->receive(on(atom("blocked")) >> [] {}, after(5s) >> [] { ADD_FAILURE() << "blocker did not start"; });
  auto logger = [=](event_based_actor* a, char tag, actor out) -> behavior {
    auto count = std::make_shared<int>(0);
    return {[=](int) {
      log->push_back(tag); // only the single worker thread runs these actors
      if (++*count == n)
        a->send(out, atom("done"));
    }};
  };
  auto a = sys.spawn(logger, 'A', actor{self});
  auto b = sys.spawn(logger, 'B', actor{self});
  for (int i = 0; i < n; ++i) {
    self->send(a, i);
    self->send(b, i);
  }
  release.set_value();
  for (int i = 0; i < 2; ++i)
    self->receive(on(atom("done")) >> [] {}, after(10s) >> [] { ADD_FAILURE() << "logger did not finish"; });
  return *log;
}

} // namespace

// the key-value store actor; `set` stores, `get` replies with the value.
TEST(listing_kv_store, key_value_store_set_and_get_with_reply) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto server = sys.spawn(key_value_store);
  self->send(server, atom("set"), Key{"a"}, Value{1});
  self->send(server, atom("set"), Key{"b"}, Value{2});
  self->send(server, atom("set"), Key{"a"}, Value{3}); // overwrite
  Value got = -1;
  self->request(server, 5s, atom("get"), Key{"a"}).receive([&](Value v) { got = v; },
                                                           [&](error& e) { ADD_FAILURE() << to_string(e); });
  EXPECT_EQ(got, 3);
  // reply() to an asynchronous get answers the sender with a plain message.
  self->send(server, atom("get"), Key{"b"});
  EXPECT_EQ(receive_one<Value>(self), 2);
  // Unknown keys read as a default-constructed value.
  self->request(server, 5s, atom("get"), Key{"zz"}).receive([&](Value v) { got = v; });
  EXPECT_EQ(got, 0);
}

// requests from many threads are processed sequentially, no locking needed.
TEST(listing_kv_store, key_value_store_serves_parallel_clients) {
  actor_system sys{two_workers()};
  auto server = sys.spawn(key_value_store);
  constexpr int clients = 4;
  constexpr int per_client = 200;
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      scoped_actor self{sys};
      for (int i = 0; i < per_client; ++i) {
        auto key = "k" + std::to_string(c);
        self->send(server, atom("set"), key, i);
        Value v = -1;
        self->request(server, 5s, atom("get"), key).receive([&](Value x) { v = x; }, [&](error&) {});
        if (v != i)
          wrong.fetch_add(1);
      }
    });
  }
  for (auto& t : threads)
    t.join();
  EXPECT_EQ(wrong.load(), 0);
}

// the caller side, sync_send(server, atom("get"), key).then([=](Value val) {...}).
TEST(listing_kv_store, sync_send_then_client) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto server = sys.spawn(key_value_store);
  self->send(server, atom("set"), Key{"answer"}, Value{42});
  auto client = sys.spawn(kv_client, server, actor{self});
  self->send(client, Key{"answer"});
  EXPECT_EQ(receive_one<std::string>(self), "answer => 42");
}

// while a sync_send is pending, the client skips every other
// message until the response has arrived.
TEST_F(listing_kv_store_deterministic, sync_send_then_defers_other_messages_until_the_response) {
  auto server = sys.spawn(slow_kv_server, 50ms);
  auto client = sys.spawn(kv_client, server, actor{self});
  run();
  self->send(client, Key{"abcd"});
  self->send(client, atom("note"), "note");
  expect<Key>().from(self).to(client).with("abcd");
  expect<atom_value, Key>().from(client).to(server).with(atom("get"), "abcd");
  expect<atom_value, std::string>().from(self).to(client).with(atom("note"), "note"); // skipped
  EXPECT_FALSE(has_message(self));
  advance_time(50ms);
  run();
  EXPECT_EQ(received<std::string>(), "abcd => 4");
  EXPECT_EQ(received<std::string>(), "note");
}

// on<int>() >> [](int i) {...} matches exactly one int.
TEST(listing_patterns, on_int_callback) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto a = sys.spawn([]() -> behavior {
    return {on<int>() >> [](int i) { /*...*/ return i * 2; }};
  });
  int got = 0;
  self->request(a, 5s, 21).receive([&](int x) { got = x; });
  EXPECT_EQ(got, 42);
}

// the guard listing; first match wins: 42, then even, then odd.
TEST(listing_patterns, guards_42_even_odd) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto a = sys.spawn(guard_listing);
  auto ask = [&](int x) {
    std::string r;
    self->request(a, 5s, x).receive([&](const std::string& s) { r = s; },
                                    [&](error& e) { r = to_string(e); });
    return r;
  };
  EXPECT_EQ(ask(42), "42");
  EXPECT_EQ(ask(8), "even");
  EXPECT_EQ(ask(0), "even");
  EXPECT_EQ(ask(44), "even");
  EXPECT_EQ(ask(7), "odd");
  EXPECT_EQ(ask(-3), "odd");
  EXPECT_EQ(ask(43), "odd");
}

// "anything" matches any number of any types: on<int, anything>()
// matches all tuples with an integer as first element.
TEST(listing_patterns, anything_wildcard) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto a = sys.spawn([]() -> behavior {
    return {
      on<int, anything>() >> [](int first) { return first; },
      others >> [] { return std::string{"other"}; },
    };
  });
  auto ask = [&](auto... xs) {
    std::string r;
    self->request(a, 5s, xs...).receive([&](int x) { r = std::to_string(x); },
                                        [&](const std::string& s) { r = s; }, [&](error& e) { r = to_string(e); });
    return r;
  };
  EXPECT_EQ(ask(5), "5");
  EXPECT_EQ(ask(6, std::string{"x"}, 2.0), "6");
  EXPECT_EQ(ask(7, 8), "7");
  EXPECT_EQ(ask(std::string{"x"}, 5), "other");
  EXPECT_EQ(ask(1.5, 5), "other");
}

// partial_function with on(atom("add"), arg_match) and on_arg_match.
TEST(listing_patterns, partial_function_arg_match_and_on_arg_match) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* self) -> behavior {
    self->set_default_handler(drop); // unmatched requests answer with an error
    partial_function fun {
      on(atom("add"), arg_match) >> [](int v) {
        // matches the types <atom_value, int>
        // and is only invoked if the first
        // value is the atom 'add'
        return "add " + std::to_string(v);
      },
      on_arg_match >> [](int a, int b) {
        // matches the types <int, int>
        return a + b;
      }
    };
    return fun;
  });
  std::string r;
  auto on_str = [&](const std::string& s) { r = s; };
  auto on_int = [&](int x) { r = "int " + std::to_string(x); };
  auto on_err = [&](error& e) { r = to_string(e); };
  self->request(a, 5s, atom("add"), 5).receive(on_str, on_int, on_err);
  EXPECT_EQ(r, "add 5");
  self->request(a, 5s, 1, 2).receive(on_str, on_int, on_err);
  EXPECT_EQ(r, "int 3");
  error err;
  auto catch_err = [&](error& e) { err = e; };
  self->request(a, 5s, atom("sub"), 5).receive(on_str, on_int, catch_err);
  EXPECT_EQ(err, sec::unexpected_message);
  err.clear();
  self->request(a, 5s, atom("add"), 5.0).receive(on_str, on_int, catch_err);
  EXPECT_EQ(err, sec::unexpected_message);
  err.clear();
  self->request(a, 5s, 1, 2, 3).receive(on_str, on_int, catch_err);
  EXPECT_EQ(err, sec::unexpected_message);
}

// `self` gives access to advanced operations such as
// self->link_to(other): linked actors fail together; "everything is an actor",
// so main() (a scoped_actor) can link too and sees the exit_msg.
TEST(listing_self, self_link_to_other) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto other = sys.spawn([](event_based_actor* s) -> behavior {
    return {on(atom("fail")) >> [=] { s->quit(exit_reason::user_shutdown); }};
  });
  auto linker = sys.spawn([](event_based_actor* s, actor other) -> behavior {
    s->link_to(other);
    return {on(atom("ready")) >> [] { return atom("ready"); }};
  }, other);
  self->request(linker, 5s, atom("ready")).receive([](atom_value) {});
  self->link_to(other);
  self->monitor(linker);
  self->send(other, atom("fail"));
  error exit_reason_seen, down_reason;
  for (int i = 0; i < 2; ++i)
    self->receive([&](exit_msg& em) { exit_reason_seen = em.reason; },
                  [&](down_msg& dm) { down_reason = dm.reason; },
                  after(5s) >> [] { ADD_FAILURE() << "timeout"; });
  EXPECT_EQ(exit_reason_seen, exit_reason::user_shutdown);
  EXPECT_EQ(down_reason, exit_reason::user_shutdown);
}

// the sb_actor printer; init_state with others() >> ... last_received().
TEST(listing_become, sb_actor_printer_prints_last_received) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto p = sys.spawn<printer>(actor{self});
  self->send(p, 1, "a");
  EXPECT_EQ(receive_one<std::string>(self), "(1, \"a\")");
  self->send(p, atom("hello"));
  EXPECT_EQ(receive_one<std::string>(self), "('hello')");
  self->send(p, 2.5);
  EXPECT_EQ(receive_one<std::string>(self), "(2.5)");
}

// become(keep_behavior, ...) waits for the float, unbecome() returns
// to the int behavior; messages that do not fit the current behavior wait.
TEST(listing_become, keep_behavior_unbecome_testee) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto t = sys.spawn(testee, actor{self});
  self->send(t, 1);
  self->send(t, 2.5f);
  EXPECT_EQ(receive_one<std::string>(self), "1 => 2.5");
  // A float first: skipped until an int arrives.
  self->send(t, 3.5f);
  self->send(t, 3);
  EXPECT_EQ(receive_one<std::string>(self), "3 => 3.5");
  // Two ints: the second waits while the float behavior is active.
  self->send(t, 4);
  self->send(t, 5);
  self->send(t, 4.5f);
  self->send(t, 5.5f);
  EXPECT_EQ(receive_one<std::string>(self), "4 => 4.5");
  EXPECT_EQ(receive_one<std::string>(self), "5 => 5.5");
}

// An actor whose behavior stack is empty after unbecome() terminates with
// exit_reason::normal.
TEST(listing_become, unbecome_of_the_last_behavior_finishes_normally) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* self) {
    self->become(on<int>() >> [=](int) { self->unbecome(); });
  });
  self->monitor(a);
  self->send(a, 1);
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(5s) >> [] { ADD_FAILURE() << "no down_msg"; });
  EXPECT_EQ(reason, exit_reason::normal);
}

// sync_send(testee, atom("get")).then(on_arg_match >> ..., after(...) >> ...):
// the response path.
TEST_F(listing_become_deterministic, sync_send_then_with_timeout_response_path) {
  auto server = sys.spawn([]() -> behavior { return {on(atom("get")) >> [] { return std::string{"str"}; }}; });
  auto client = sys.spawn([](event_based_actor* self, actor testee, actor out) -> behavior {
    return {on(atom("go")) >> [=] {
      self->sync_send(testee, atom("get")).then(
        on_arg_match >> [=](const std::string& str) {
          // handle str
          self->send(out, "got " + str);
        },
        after(std::chrono::milliseconds(200)) >> [=] {
          // handle timeout
          self->send(out, std::string{"timeout"});
        }
      );
    }};
  }, server, actor{self});
  self->send(client, atom("go"));
  run();
  EXPECT_EQ(received<std::string>(), "got str");
  // The timeout of a request that was answered never fires.
  advance_time(400ms);
  run();
  EXPECT_FALSE(has_message(self));
}

// the same listing, the timeout path; a late response is dropped.
TEST_F(listing_become_deterministic, sync_send_then_with_timeout_timeout_path) {
  auto server = sys.spawn(slow_kv_server, 300ms); // answers after the client gave up
  auto client = sys.spawn([](event_based_actor* self, actor testee, actor out) -> behavior {
    return {
      on(atom("go")) >> [=] {
        self->sync_send(testee, atom("get"), Key{"k"}).then(
          on_arg_match >> [=](int v) { self->send(out, "got " + std::to_string(v)); },
          after(std::chrono::milliseconds(30)) >> [=] {
            // handle timeout
            self->send(out, std::string{"timeout"});
          }
        );
      },
      on(atom("ping")) >> [=] { self->send(out, std::string{"pong"}); },
    };
  }, server, actor{self});
  self->monitor(client);
  self->send(client, atom("go"));
  run();
  advance_time(29ms);
  run();
  EXPECT_FALSE(has_message(self)); // not before 30 ms
  advance_time(1ms);
  run();
  EXPECT_EQ(received<std::string>(), "timeout");
  // The late response (after 300 ms) is dropped; the client goes on working.
  advance_time(500ms);
  run();
  EXPECT_FALSE(has_message(self));
  self->send(client, atom("ping"));
  run();
  EXPECT_EQ(received<std::string>(), "pong");
}

// the recursive spread program at a small N: 2^N leaves report 1 each.
TEST(listing_spread, spread_creates_2_pow_n_leaves_and_all_finish) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  constexpr int x = 10; // 2047 actors
  EXPECT_EQ(spread_main(sys, self, x), 1 << x);
  EXPECT_TRUE(wait_until_no_actors(sys)) << sys.running_actors() << " actors still running";
}

// the four-case pattern expression; the first matching case wins.
TEST(listing_pattern_expression, pattern_expression_with_four_cases) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto a = sys.spawn([](event_based_actor* self, actor out) -> behavior {
    self->set_default_handler(drop);
    auto callback = [=](int i) { self->send(out, atom("callback"), i); };
    auto expr = (
      // case 1
      on(42) >> [=]() { self->send(out, atom("case1")); },
      // case 2
      on("print", val<int>) >> callback,
      // case 3
      on("print", arg_match) >> callback,
      // case 4
      [=](int i, float f) { self->send(out, atom("case4"), i, f); }
    );
    return expr;
  }, actor{self});
  std::string got;
  auto rec = [&] {
    got.clear();
    self->receive(on(atom("case1")) >> [&] { got = "case1"; },
                  on(atom("callback"), arg_match) >> [&](int i) { got = "callback " + std::to_string(i); },
                  on(atom("case4"), arg_match) >> [&](int i, float f) {
                    got = "case4 " + std::to_string(i) + " " + std::to_string(f);
                  },
                  after(5s) >> [] { ADD_FAILURE() << "timeout"; });
    return got;
  };
  self->send(a, 42);
  EXPECT_EQ(rec(), "case1");
  self->send(a, "print", 7);
  EXPECT_EQ(rec(), "callback 7");
  self->send(a, 3, 1.5f);
  EXPECT_EQ(rec(), "case4 3 " + std::to_string(1.5f));
  // Case 1 matches "exactly one integer of value 42"; nothing matches these.
  for (auto msg : {make_message(41), make_message(42, 1), make_message("print", 1.0), make_message("show", 1)}) {
    error err;
    self->request(a, 5s, msg).receive([] {}, [&](error& e) { err = e; });
    EXPECT_EQ(err, sec::unexpected_message) << to_string(msg);
  }
}

// Case 3 can never match: case 2 takes every message it would; case 3 deduces
// (string, int) from "print" and the callback's signature.
TEST(listing_pattern_expression, case_3_is_shadowed_by_case_2) {
  actor_system sys{two_workers()};
  scoped_actor self{sys};
  auto shadowed = sys.spawn([]() -> behavior {
    return (on("print", val<int>) >> [](int i) { return "case2 " + std::to_string(i); },
            on("print", arg_match) >> [](int i) { return "case3 " + std::to_string(i); });
  });
  auto only3 = sys.spawn([]() -> behavior {
    return {on("print", arg_match) >> [](int i) { return "case3 " + std::to_string(i); }};
  });
  std::string r;
  self->request(shadowed, 5s, "print", 9).receive([&](const std::string& s) { r = s; });
  EXPECT_EQ(r, "case2 9");
  self->request(only3, 5s, "print", 9).receive([&](const std::string& s) { r = s; });
  EXPECT_EQ(r, "case3 9");
}

// the atom-based math actor; send(ms, atom("add"), 1, 2) is answered
// with 3; send(ms, 1, 2) is "invalid but compiles": it is never handled.
TEST_F(listing_dynamic_math_deterministic, dynamic_math_actor) {
  actor ms = sys.spawn(f);
  self->send(ms, 1, 2);           // invalid but compiles
  self->send(ms, atom("add"), 1, 2); // ok
  run();
  EXPECT_EQ(received<int>(), 3);
  EXPECT_FALSE(has_message(self)); // nothing answers {1, 2}
  self->request(ms, 5s, atom("sub"), 10, 4);
  run();
  EXPECT_EQ(received<int>(), 6);
  // A request with the invalid message is never answered: it times out.
  auto handle = self->request(ms, 100ms, 1, 2);
  run();
  advance_time(100ms);
  error err;
  handle.receive([](int) { ADD_FAILURE() << "{1, 2} was handled"; }, [&](error& e) { err = e; });
  EXPECT_EQ(err, sec::request_timeout);
}

// set_scheduler<work_stealing>(num_workers, max_msgs) configures the
// number of worker threads and the messages per resume; actors run on it.
TEST(listing_scheduler, set_scheduler_work_stealing_configures_workers_and_max_msgs) {
  actor_system_config cfg;
  cfg.set_scheduler<policy::work_stealing>(3, 10);
  actor_system sys{cfg};
  EXPECT_EQ(sys.scheduler().num_workers(), 3u);
  EXPECT_EQ(sys.scheduler().max_throughput(), 10u);
  EXPECT_NE(dynamic_cast<scheduler::coordinator<policy::work_stealing>*>(&sys.scheduler()), nullptr);
  scoped_actor self{sys};
  EXPECT_EQ(spread_main(sys, self, 8), 256);
  auto ms = sys.spawn(f);
  int r = 0;
  self->request(ms, 5s, atom("add"), 40, 2).receive([&](int x) { r = x; });
  EXPECT_EQ(r, 42);
}

// max_msgs bounds the messages an actor handles per resume before it yields its
// worker: with one worker and two busy
// actors, neither handles more than max_msgs messages in a row; with a limit above
// the backlog each drains its mailbox at once.
TEST(listing_scheduler, max_msgs_bounds_the_messages_per_resume) {
  constexpr int n = 100;
  auto bounded = interleaving_log(10, n);
  ASSERT_EQ(bounded.size(), 2u * n);
  EXPECT_LE(longest_run(bounded), 10u);
  auto unbounded = interleaving_log(1000, n);
  ASSERT_EQ(unbounded.size(), 2u * n);
  EXPECT_EQ(longest_run(unbounded), static_cast<std::size_t>(n));
}

// a user-defined policy (a central-queue thread pool) installed with
// set_scheduler<Policy>(...) runs actors; top-level spawns use central_enqueue and
// actors spawned by actors use the worker (internal_enqueue).
TEST(listing_scheduler, set_scheduler_with_user_defined_policy) {
  actor_system_config cfg;
  cfg.set_scheduler<thread_pool_policy>(2, 5);
  actor_system sys{cfg};
  auto* coord = dynamic_cast<scheduler::coordinator<thread_pool_policy>*>(&sys.scheduler());
  ASSERT_NE(coord, nullptr);
  EXPECT_EQ(sys.scheduler().num_workers(), 2u);
  EXPECT_EQ(sys.scheduler().max_throughput(), 5u);
  {
    scoped_actor self{sys};
    EXPECT_EQ(spread_main(sys, self, 8), 256);
    auto ms = sys.spawn(f);
    int r = 0;
    self->request(ms, 5s, atom("sub"), 50, 8).receive([&](int x) { r = x; });
    EXPECT_EQ(r, 42);
  }
  auto& d = coord->data();
  EXPECT_GT(d.central.load(), 0u);
  EXPECT_GT(d.internal.load(), 0u);
  EXPECT_GT(d.dequeued.load(), 0u);
}

} // namespace paper_listings_test
