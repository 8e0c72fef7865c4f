// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Large messages decoded off the I/O thread (middleman.workers), between
// processes: what overtakes a message still being decoded and what must not.
// The node decodes a held_text (decode_gate.hpp) only once the test opens the
// gate, so "still being decoded" lasts exactly as long as each test needs.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>

#include "decode_gate.hpp"
#include "fault_proxy.hpp"
#include "node_session.hpp"
#include "test_service.hpp"
#include "troupe/net.hpp"

namespace decode_order_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::held_text;
using troupe::test::session;

namespace {

class decode_order : public ::testing::Test {
protected:
  static void SetUpTestSuite() { test::announce_held_text(); }
};

const std::vector<std::string> two_workers{"--middleman.workers=2"};

// 1 MiB: it crosses in fragments, so the node hands it to a worker.
held_text held(std::int32_t hold_ms) {
  return held_text{hold_ms, std::string(std::size_t{1} << 20, 'h')};
}

template <class Predicate>
bool eventually(Predicate ready) {
  for (auto deadline = std::chrono::steady_clock::now() + 10s; std::chrono::steady_clock::now() < deadline;) {
    if (ready())
      return true;
    std::this_thread::sleep_for(5ms);
  }
  return false;
}

template <class T>
T ask(scoped_actor& self, const actor& svc, T fallback, message m) {
  T out = fallback;
  self->request(svc, 10s, std::move(m)).receive([&](T& x) { out = std::move(x); }, [](error&) {});
  return out;
}

// A decode on the node waits at the gate (a broken node never gets there).
bool decoding_at_gate(scoped_actor& self, const actor& svc) {
  return eventually([&] { return ask<std::int64_t>(self, svc, -1, make_message(atom("gate"), atom("waiting"))) > 0; });
}

std::string arrivals(scoped_actor& self, const actor& svc) {
  return ask<std::string>(self, svc, "no answer", make_message(atom("arrivals")));
}

// Everything this system queued for the node is written: a frame sent from
// now on reaches the node after all of it.
bool all_written(session& s) {
  return eventually([&] { return s.sys.middleman().queued_bytes(s.svc.node()) == 0; });
}

std::string mark(scoped_actor& self, const actor& svc, int k) {
  return ask<std::string>(self, svc, "no answer", make_message(atom("mark"), k));
}

} // namespace

TEST_F(decode_order, a_small_message_of_another_pair_passes_a_large_one_still_being_decoded) {
  session s{"serve", "30s", two_workers};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor big{s.sys};
  scoped_actor small{s.sys};
  big->send(s.svc, atom("held"), held(20000));
  // The I/O thread answers while a worker decodes (with none, it would be the
  // one waiting at the gate).
  ASSERT_TRUE(decoding_at_gate(small, s.svc));
  EXPECT_EQ(mark(small, s.svc, 1), "1");
  small->send(s.svc, atom("gate"), atom("open"));
  std::int64_t size = -1;
  big->receive([&](std::int64_t n) { size = n; }, after(30s) >> [] {});
  EXPECT_EQ(size, std::int64_t{1} << 20);
  EXPECT_EQ(mark(small, s.svc, 2), "1H2");
  EXPECT_EQ(s.node.stop(), 0);
}

TEST_F(decode_order, a_small_message_of_the_same_pair_waits_behind_a_large_one_still_being_decoded) {
  session s{"serve", "30s", two_workers};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor sender{s.sys};
  scoped_actor probe{s.sys};
  sender->send(s.svc, atom("held"), held(20000));
  sender->send(s.svc, atom("mark"), 1);
  ASSERT_TRUE(decoding_at_gate(probe, s.svc));
  ASSERT_TRUE(all_written(s)); // mark 1 reached the node before what follows
  EXPECT_EQ(mark(probe, s.svc, 2), "2");
  probe->send(s.svc, atom("gate"), atom("open"));
  sender->receive([](std::int64_t) {}, after(30s) >> [] { ADD_FAILURE() << "no answer to the large one"; });
  std::string after_mark_1;
  sender->receive([&](std::string& x) { after_mark_1 = x; }, after(30s) >> [] {});
  EXPECT_EQ(after_mark_1, "2H1");
  EXPECT_EQ(mark(probe, s.svc, 3), "2H13");
  EXPECT_EQ(s.node.stop(), 0);
}

TEST_F(decode_order, the_down_of_an_actor_follows_its_large_message_still_being_decoded) {
  session s{"serve", "30s", two_workers};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor probe{s.sys};
  // The node watches x, then x sends the large message and ends: its down
  // frame follows the message.
  s.sys.spawn([svc = s.svc](event_based_actor* self) {
    self->send(svc, atom("watch"), actor{self});
    self->send(svc, atom("held"), held(20000));
    self->quit();
  });
  ASSERT_TRUE(decoding_at_gate(probe, s.svc));
  ASSERT_TRUE(all_written(s));           // the down frame reached the node
  EXPECT_EQ(mark(probe, s.svc, 1), "1"); // no 'D' yet: the down waits
  probe->send(s.svc, atom("gate"), atom("open"));
  std::string seen;
  EXPECT_TRUE(eventually([&] { return (seen = arrivals(probe, s.svc)).size() >= 3; }));
  EXPECT_EQ(seen, "1HD");
  EXPECT_EQ(s.node.stop(), 0);
}

TEST_F(decode_order, a_goodbye_delivers_the_messages_still_being_decoded_first) {
  auto node = test::start_node("serve", 0, two_workers);
  // A second client watches and opens the gate once the first has left.
  test::client watcher_cfg;
  actor_system watcher_sys{watcher_cfg.cfg};
  auto svc = watcher_sys.middleman().remote_actor("127.0.0.1", node.port());
  ASSERT_TRUE(svc) << to_string(svc.error());
  scoped_actor probe{watcher_sys};
  {
    test::client leaving_cfg;
    actor_system leaving{leaving_cfg.cfg};
    auto via_leaving = leaving.middleman().remote_actor("127.0.0.1", node.port());
    ASSERT_TRUE(via_leaving) << to_string(via_leaving.error());
    scoped_actor sender{leaving};
    sender->send(*via_leaving, atom("held"), held(20000));
    sender->send(*via_leaving, atom("mark"), 1);
    ASSERT_TRUE(decoding_at_gate(probe, *svc));
    ASSERT_TRUE(eventually([&] { return leaving.middleman().queued_bytes(via_leaving->node()) == 0; }));
  } // the leaving system stops: it says goodbye
  // The node closed that connection (it counts only the watcher's), the
  // message and mark 1 still wait.
  ASSERT_TRUE(eventually([&] { return ask<std::int64_t>(probe, *svc, -1, make_message(atom("nodes"))) == 1; }));
  EXPECT_EQ(mark(probe, *svc, 2), "2");
  probe->send(*svc, atom("gate"), atom("open"));
  std::string seen;
  EXPECT_TRUE(eventually([&] { return (seen = arrivals(probe, *svc)).size() >= 3; }));
  EXPECT_EQ(seen, "2H1");
  EXPECT_EQ(node.stop(), 0);
}

TEST_F(decode_order, a_connection_that_breaks_drops_the_message_still_being_decoded_and_the_node_lives_on) {
  // One worker: the dropped message's decode finishes before the probe's own.
  auto node = test::start_node("serve", 0, {"--middleman.workers=1"});
  test::fault_proxy proxy{node.port(), 0us, 0us};
  test::client watcher_cfg;
  actor_system watcher_sys{watcher_cfg.cfg};
  auto svc = watcher_sys.middleman().remote_actor("127.0.0.1", node.port());
  ASSERT_TRUE(svc) << to_string(svc.error());
  scoped_actor probe{watcher_sys};
  test::client cut_cfg;
  actor_system cut_sys{cut_cfg.cfg};
  auto via_proxy = cut_sys.middleman().remote_actor("127.0.0.1", proxy.port());
  ASSERT_TRUE(via_proxy) << to_string(via_proxy.error());
  scoped_actor sender{cut_sys};
  sender->send(*via_proxy, atom("held"), held(20000));
  sender->send(*via_proxy, atom("mark"), 1);
  ASSERT_TRUE(decoding_at_gate(probe, *svc));
  proxy.cut();
  ASSERT_TRUE(eventually([&] { return ask<std::int64_t>(probe, *svc, -1, make_message(atom("nodes"))) == 1; }));
  probe->send(*svc, atom("gate"), atom("open"));
  // The probe's own large message is decoded after the dropped one.
  std::int64_t size = -1;
  probe->request(*svc, 30s, atom("held"), held(0)).receive([&](std::int64_t n) { size = n; }, [](error&) {});
  EXPECT_EQ(size, std::int64_t{1} << 20);
  EXPECT_EQ(arrivals(probe, *svc), "H");
  EXPECT_EQ(node.stop(), 0);
}

TEST_F(decode_order, with_no_workers_the_io_thread_decodes_and_a_small_message_of_another_pair_waits) {
  session s{"serve", "30s", {"--middleman.workers=0"}};
  ASSERT_TRUE(s.svc) << to_string(s.connect_error);
  scoped_actor big{s.sys};
  scoped_actor small{s.sys};
  // The gate opens by itself after 1.5 s; until then the node's I/O thread
  // waits in it and reads nothing. With workers, mark 1 would come first.
  big->send(s.svc, atom("held"), held(1500));
  ASSERT_TRUE(all_written(s));
  EXPECT_EQ(mark(small, s.svc, 1), "H1");
  EXPECT_EQ(s.node.stop(), 0);
}

} // namespace decode_order_test
