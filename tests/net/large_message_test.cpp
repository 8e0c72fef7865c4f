// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Large messages and flow control between processes: a large message crosses
// whole and in order with its sender's other messages, a small one from
// another actor does not wait behind it, the size limits hold at both ends,
// and a sender to a node that stopped reading waits instead of queueing
// without bound.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <string>
#include <thread>

#include "node_session.hpp"
#include "test_service.hpp"
#include "troupe/net.hpp"

namespace large_message_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::await_down;
using troupe::test::session;

namespace {

// 24 MiB: more than loopback's socket buffers hold, so part of it is still
// queued at the sender while the node is stopped.
std::string large_text() {
  std::string text(std::size_t{24} << 20, 'a');
  for (std::size_t i = 0; i < text.size(); i += 4099)
    text[i] = static_cast<char>('a' + i % 26);
  return text;
}

std::int64_t byte_sum(const std::string& text) {
  std::int64_t sum = 0;
  for (unsigned char c : text)
    sum += c;
  return sum;
}

// ('mark', k) -> the node's arrivals so far.
std::string mark(scoped_actor& self, const actor& svc, int k) {
  std::string arrivals = "no answer";
  self->request(svc, 30s, atom("mark"), k)
    .receive([&](std::string& s) { arrivals = std::move(s); }, [&](error& e) { arrivals = to_string(e); });
  return arrivals;
}

} // namespace

TEST(large_messages, a_large_message_arrives_whole_and_in_order_with_its_senders_other_messages) {
  session s;
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  auto text = large_text();
  scoped_actor self{s.sys};
  self->send(s.svc, atom("mark"), 1);
  self->send(s.svc, atom("size"), text);
  self->send(s.svc, atom("mark"), 2);
  std::int64_t size = -1, sum = -1;
  self->receive([](std::string&) {}); // the answer to mark 1
  self->receive([&](std::int64_t n, std::int64_t k) { size = n, sum = k; }, after(30s) >> [] {});
  EXPECT_EQ(size, static_cast<std::int64_t>(text.size()));
  EXPECT_EQ(sum, byte_sum(text));
  EXPECT_EQ(mark(self, s.svc, 3), "1L23");
  EXPECT_EQ(s.node.stop(), 0);
}

TEST(large_messages, a_small_message_of_another_actor_does_not_wait_behind_a_large_one) {
  session s;
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  auto text = large_text();
  scoped_actor big{s.sys};
  scoped_actor small{s.sys};
  // Stopped, the node reads nothing: the large message fills the socket
  // buffers and waits in the sender's queue when the small one comes.
  s.node.freeze();
  big->send(s.svc, atom("size"), text);
  small->send(s.svc, atom("mark"), 1);
  s.node.thaw();
  big->receive([](std::int64_t, std::int64_t) {}, after(30s) >> [] { ADD_FAILURE() << "no answer to the large one"; });
  // With one queue per connection the node would have seen "L1".
  EXPECT_EQ(mark(small, s.svc, 2), "1L2");
  EXPECT_EQ(s.node.stop(), 0);
}

TEST(large_messages, a_message_above_the_receivers_limit_closes_only_that_connection) {
  session s{"serve", "30s", {"--middleman.max-message-size=1048576"}};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  self->monitor(s.svc);
  self->send(s.svc, atom("size"), std::string(std::size_t{2} << 20, 'x'));
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
  // The node lives on and accepts a new connection.
  auto again = s.sys.middleman().remote_actor("127.0.0.1", s.node.port());
  ASSERT_TRUE(again) << to_string(again.error());
  std::int64_t size = -1;
  self->request(*again, 10s, atom("size"), std::string(1000, 'y'))
    .receive([&](std::int64_t n, std::int64_t) { size = n; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(size, 1000);
  EXPECT_EQ(s.node.stop(), 0);
}

TEST(large_messages, a_message_above_the_senders_limit_is_refused_at_the_sender) {
  session s{"serve", "30s", {}, {{"middleman.max-message-size", "1048576"}}};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor self{s.sys};
  error refused;
  self->request(s.svc, 10s, atom("size"), std::string(std::size_t{2} << 20, 'x'))
    .receive([](std::int64_t, std::int64_t) { FAIL() << "sent anyway"; }, [&](error& e) { refused = e; });
  EXPECT_EQ(refused, sec::invalid_argument);
  // The connection is unharmed.
  EXPECT_EQ(mark(self, s.svc, 1), "1");
  EXPECT_EQ(s.node.stop(), 0);
}

TEST(large_messages, a_sender_to_a_node_that_stopped_reading_waits_instead_of_queueing_without_bound) {
  constexpr std::size_t high_water = 1 << 20;
  session s{"serve", "30s", {}, {{"middleman.max-queued-bytes", std::to_string(high_water)}}};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  constexpr std::int64_t n = 2000;
  const std::string padding(16 << 10, 'p');
  std::atomic<std::int64_t> sent{0};
  s.node.freeze();
  std::thread sender{[&] {
    scoped_actor self{s.sys};
    for (std::int64_t i = 0; i < n; ++i) {
      self->send(s.svc, atom("seq"), i, padding);
      sent.fetch_add(1);
    }
  }};
  // The sender stalls once the socket buffers and the queue are full: its
  // count stops moving (bounded wait: 20 s).
  auto last = sent.load();
  auto still_since = std::chrono::steady_clock::now();
  for (auto deadline = still_since + 20s; std::chrono::steady_clock::now() < deadline;) {
    std::this_thread::sleep_for(20ms);
    auto now_sent = sent.load();
    if (now_sent != last) {
      last = now_sent;
      still_since = std::chrono::steady_clock::now();
    } else if (std::chrono::steady_clock::now() - still_since > 300ms) {
      break;
    }
  }
  EXPECT_LT(sent.load(), n);
  EXPECT_LE(s.sys.middleman().queued_bytes(s.svc.node()), high_water + padding.size() + 64);
  // Once the node reads again the sender finishes, and nothing was lost.
  s.node.thaw();
  sender.join();
  EXPECT_EQ(sent.load(), n);
  scoped_actor self{s.sys};
  EXPECT_EQ(test::check_report(self, s.svc, n), "");
  EXPECT_EQ(s.node.stop(), 0);
}

} // namespace large_message_test
