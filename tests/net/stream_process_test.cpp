// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Streams between processes over TCP on loopback: a fast remote source and a
// slow local sink (every item, in order, and neither process's memory grows
// with the stream), a local source whose remote sink freezes (it stops at the
// sink's credit, and ends when the heartbeats find the node lost), and a
// source whose node is killed (the sink ends with the lost link).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <thread>

#include "node_session.hpp"
#include "test_streams.hpp"
#include "troupe/net.hpp"
#include "troupe/streams.hpp"

namespace stream_process_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::await_down;
using troupe::test::session;

namespace {

// The resident set of process `pid` ("self" for this one), in KiB.
long resident_kib(const std::string& pid) {
  std::ifstream status{"/proc/" + pid + "/status"};
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0)
      return std::stol(line.substr(6));
  return -1;
}

struct sink_report {
  std::atomic<std::int64_t> received{0};
  std::atomic<bool> in_order{true};
  std::atomic<bool> ended{false};
  error end;
  long base_local = 0, base_remote = 0; // resident sets once the stream flows
  long most_local = 0, most_remote = 0;
};

} // namespace

TEST(stream_processes, a_fast_remote_source_and_a_slow_local_sink_keep_both_memories_bounded) {
  constexpr std::int64_t items = TROUPE_STREAM_ITEMS;
  constexpr int item_size = 1024;
  session s{"streams"};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  actor producer;
  self->request(s.svc, 5s, atom("source"), items, item_size)
    .receive([&](actor& p) { producer = std::move(p); }, [](error& e) { FAIL() << to_string(e); });
  ASSERT_TRUE(producer);
  EXPECT_NE(producer.node(), s.sys.node());
  auto report = std::make_shared<sink_report>();
  auto remote_pid = std::to_string(s.node.pid());
  streams::spawn_sink(
    s.sys, stream<std::string>{producer},
    [report, remote_pid](const std::string& text) {
      auto k = report->received.load();
      if (test::number_of(text) != k || text.size() != item_size)
        report->in_order = false;
      // A slow consumer: a bounded spin per item.
      auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(2);
      while (std::chrono::steady_clock::now() < until) {}
      if (k % 1000 == 0) {
        auto here = resident_kib("self");
        auto there = resident_kib(remote_pid);
        if (k == 1000) {
          report->base_local = here;
          report->base_remote = there;
        }
        report->most_local = std::max(report->most_local, here);
        report->most_remote = std::max(report->most_remote, there);
      }
      report->received = k + 1;
    },
    [report](error e) {
      report->end = std::move(e);
      report->ended = true;
    },
    streams::flow_options{64});
  for (int waited = 0; !report->ended && waited < 120'000; waited += 10)
    std::this_thread::sleep_for(10ms); // a bounded wait for another process's stream
  ASSERT_TRUE(report->ended) << report->received << " of " << items << " items";
  EXPECT_FALSE(report->end) << to_string(report->end);
  EXPECT_EQ(report->received, items);
  EXPECT_TRUE(report->in_order) << "an item lost or out of order";
#ifndef TROUPE_STREAM_SANITIZED
  // The stream carries about 100 MiB; credit keeps 64 KiB of it in flight. Neither process may grow by more
  // than 8 MiB, wherever it would buffer: mailboxes, the connection's queues, the source. (Measured: under
  // 0.2 MiB each; with a credit of a million, 54 MiB here.)
  EXPECT_LT(report->most_local - report->base_local, 8 * 1024) << "KiB grown here";
  EXPECT_LT(report->most_remote - report->base_remote, 8 * 1024) << "KiB grown in the source's process";
#endif
  EXPECT_EQ(s.node.stop(), 0);
}

TEST(stream_processes, a_frozen_remote_sink_stops_its_source_at_the_credit_then_ends_it) {
  constexpr std::uint32_t credit = 64;
  session s{"streams", "400ms"};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  auto produced = std::make_shared<std::atomic<std::int64_t>>(0);
  auto source = streams::spawn_source<int>(s.sys, [produced] {
    return [](std::shared_ptr<std::atomic<std::int64_t>> p) -> generator<int> {
      for (int i = 0;; ++i) {
        p->fetch_add(1);
        co_yield i;
      }
    }(produced);
  });
  scoped_actor self{s.sys};
  self->monitor(source.producer());
  actor sink;
  self->request(s.svc, 5s, atom("sink"), source.producer(), credit)
    .receive([&](actor& a) { sink = std::move(a); }, [](error& e) { FAIL() << to_string(e); });
  ASSERT_TRUE(sink);
  for (int waited = 0; produced->load() < 20'000 && waited < 30'000; waited += 1)
    std::this_thread::sleep_for(1ms); // a bounded wait for the other process to consume
  ASSERT_GE(produced->load(), 20'000);
  s.node.freeze(); // alive but silent: only the heartbeats notice
  auto at_freeze = produced->load();
  // The source ends once the connection's timeout finds the node lost: its consumer is gone.
  EXPECT_EQ(await_down(self), exit_reason::normal);
  // The frozen sink had consumed at most what was produced when it froze; the source never runs further ahead
  // of its consumer than the credit.
  EXPECT_LE(produced->load(), at_freeze + credit);
  s.node.kill_now();
}

TEST(stream_processes, a_source_on_a_killed_node_ends_the_local_sink_with_the_lost_link) {
  session s{"streams"};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  actor producer;
  self->request(s.svc, 5s, atom("source"), std::int64_t{-1}, 16)
    .receive([&](actor& p) { producer = std::move(p); }, [](error& e) { FAIL() << to_string(e); });
  ASSERT_TRUE(producer);
  auto report = std::make_shared<sink_report>();
  auto sink = streams::spawn_sink(
    s.sys, stream<std::string>{producer}, [report](const std::string&) { ++report->received; },
    [report](error e) {
      report->end = std::move(e);
      report->ended = true;
    },
    streams::flow_options{32});
  self->monitor(sink);
  for (int waited = 0; report->received < 1000 && waited < 30'000; waited += 1)
    std::this_thread::sleep_for(1ms); // a bounded wait for the other process to produce
  ASSERT_GE(report->received, 1000);
  s.node.kill_now();
  await_down(self);
  ASSERT_TRUE(report->ended);
  EXPECT_EQ(report->end, exit_reason::remote_link_unreachable);
}

} // namespace stream_process_test
