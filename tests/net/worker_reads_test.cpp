// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Reading on idle workers (middleman.read-on-idle-workers): a plaintext TCP
// connection that carries messages is read by the scheduler's idle workers
// while any spins, and by the I/O thread while none does. Two systems in one
// process, over loopback.
//
// The tests take the part of an idle worker themselves, through the poller
// that the middleman installs: while the test thread is in an idle period,
// the I/O thread does not watch a busy connection for reading, so what
// arrives is read by a poller (the test thread, or a real idle worker).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "troupe/net.hpp"
#include "troupe/troupe.hpp"

namespace worker_reads_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

actor_system_config node_config(const char* workers = "2", const char* read_on_workers = "true") {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  // Long heartbeats: a connection stays busy for the whole test.
  EXPECT_FALSE(cfg.set("middleman.heartbeat-interval", "5s"));
  EXPECT_FALSE(cfg.set("middleman.connection-timeout", "60s"));
  EXPECT_FALSE(cfg.set("middleman.read-on-idle-workers", read_on_workers));
  EXPECT_FALSE(cfg.set("scheduler.workers", workers));
  return cfg;
}

// What the receiver saw: numbers in arrival order.
struct arrivals {
  std::mutex mtx;
  std::vector<int> seen;
  int with_handle = 0;

  void add(int n, bool handle) {
    std::lock_guard guard{mtx};
    seen.push_back(n);
    with_handle += handle ? 1 : 0;
  }
  std::size_t size() {
    std::lock_guard guard{mtx};
    return seen.size();
  }
};

// (int n) and (actor, int n) are recorded; ('echo', n) -> n.
behavior recorder(arrivals* log) {
  return {
    [=](int n) { log->add(n, false); },
    [=](const actor&, int n) { log->add(n, true); },
    on(atom("echo"), arg_match) >> [](int n) { return n; },
  };
}

// Acts as an idle worker on the calling thread for as long as it lives.
class idle_period {
public:
  explicit idle_period(actor_system& sys) : poller_(sys.scheduler().current_idle_poller()) {
    if (poller_ != nullptr)
      poller_->idle_begins(nullptr);
  }
  ~idle_period() {
    if (poller_ != nullptr)
      poller_->idle_ended(nullptr);
  }
  idle_period(const idle_period&) = delete;
  idle_period& operator=(const idle_period&) = delete;

  bool active() const noexcept { return poller_ != nullptr; }
  // Polls until pred() holds; false after `limit`.
  template <class Pred>
  bool poll_until(Pred pred, std::chrono::milliseconds limit = 10s) {
    auto deadline = std::chrono::steady_clock::now() + limit;
    while (!pred()) {
      if (std::chrono::steady_clock::now() > deadline)
        return false;
      if (!poller_->poll_idle(nullptr))
        std::this_thread::yield();
    }
    return true;
  }

private:
  scheduler::idle_poller* poller_;
};

class worker_reads_test : public ::testing::Test {
public:
  explicit worker_reads_test(const char* server_workers = "2", const char* read_on_workers = "true")
    : server_cfg(node_config(server_workers, read_on_workers)), client_cfg(node_config()), server(server_cfg),
      client(client_cfg) {}

  // Publishes `x` on the server and connects the client to it.
  actor connect(const actor& x) {
    auto port = server.middleman().publish(x, 0, "127.0.0.1");
    EXPECT_TRUE(port) << to_string(port.error());
    auto remote = client.middleman().remote_actor("127.0.0.1", port ? *port : 0);
    EXPECT_TRUE(remote) << to_string(remote.error());
    return remote ? *remote : actor{};
  }

  // Round trips through `remote`; false at the first that is not answered.
  bool echo(const actor& remote, int count) {
    scoped_actor self{client};
    bool ok = true;
    for (int i = 0; i < count && ok; ++i)
      self->request(remote, 5s, atom("echo"), i)
        .receive([&](int n) { ok = n == i; },
                 [&](error& e) {
                   ADD_FAILURE() << to_string(e);
                   ok = false;
                 });
    return ok;
  }

  actor_system_config server_cfg;
  actor_system_config client_cfg;
  actor_system server;
  actor_system client;
};

class worker_reads_off_test : public worker_reads_test {
public:
  worker_reads_off_test() : worker_reads_test("2", "false") {}
};

class one_busy_worker_test : public worker_reads_test {
public:
  one_busy_worker_test() : worker_reads_test("1") {}
};

} // namespace

TEST_F(worker_reads_test, idle_workers_read_a_busy_connection_in_the_order_sent) {
  arrivals log;
  auto rec = server.spawn(recorder, &log);
  auto remote = connect(rec);
  ASSERT_TRUE(echo(remote, 10)); // messages make the connection busy
  constexpr int n = 300;
  constexpr int extra = 50;
  {
    idle_period idle{server};
    ASSERT_TRUE(idle.active());
    scoped_actor self{client};
    // Every fifth message carries a handle to an actor of the client's node:
    // its proxy is made on the I/O thread, which reads on from there.
    for (int i = 0; i < n; ++i) {
      if (i % 5 == 4)
        self->send(remote, actor{self}, i);
      else
        self->send(remote, i);
    }
    EXPECT_TRUE(idle.poll_until([&] { return log.size() == n; })) << log.size() << " of " << n;
    // The I/O thread, once a frame made it read, reads on while bytes keep
    // coming, so the burst may have been all its own. A plain message that
    // arrives while it waits is left to the pollers: one at a time, until a
    // poller delivered one (the first one, unless the I/O thread was still
    // finishing its turn).
    for (int k = 0; k < extra && server.middleman().messages_read_on_workers() == 0; ++k) {
      self->send(remote, n + k);
      ASSERT_TRUE(idle.poll_until([&] { return log.size() == static_cast<std::size_t>(n + k + 1); }));
    }
  }
  std::lock_guard guard{log.mtx};
  ASSERT_GE(log.seen.size(), static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < log.seen.size(); ++i)
    ASSERT_EQ(log.seen[i], static_cast<int>(i)) << "out of order";
  EXPECT_EQ(log.with_handle, n / 5);
  EXPECT_GT(server.middleman().messages_read_on_workers(), 0u);
  scoped_actor {
    server
    } -> send_exit(rec, exit_reason::user_shutdown);
}

TEST_F(one_busy_worker_test, the_io_thread_reads_while_every_worker_is_busy) {
  // The published actor has a thread of its own, so it answers while the
  // server's only worker is kept busy.
  arrivals log;
  auto rec = server.spawn<detached>(recorder, &log);
  auto remote = connect(rec);
  ASSERT_TRUE(echo(remote, 50)); // busy: read on the idle worker, too
  struct flags {
    std::atomic<bool> running{false};
    std::atomic<bool> release{false};
  };
  auto f = std::make_shared<flags>();
  auto busy = server.spawn([f]() -> behavior {
    return {[f](int) {
      f->running = true;
      while (!f->release.load())
        std::this_thread::yield();
    }};
  });
  anon_send(busy, 1);
  while (!f->running.load())
    std::this_thread::yield();
  // No worker spins now: the I/O thread must read the connection again.
  EXPECT_TRUE(echo(remote, 50));
  f->release = true;
  scoped_actor self{server};
  self->send_exit(busy, exit_reason::user_shutdown);
  self->send_exit(rec, exit_reason::user_shutdown);
}

TEST_F(worker_reads_off_test, with_the_option_off_the_io_thread_reads_everything) {
  arrivals log;
  auto rec = server.spawn(recorder, &log);
  auto remote = connect(rec);
  ASSERT_TRUE(echo(remote, 200));
  {
    idle_period idle{server};
    EXPECT_FALSE(idle.active()); // no poller installed
  }
  EXPECT_EQ(server.middleman().messages_read_on_workers(), 0u);
  scoped_actor {
    server
    } -> send_exit(rec, exit_reason::user_shutdown);
}

} // namespace worker_reads_test
