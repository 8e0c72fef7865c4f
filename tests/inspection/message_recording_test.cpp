// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Message recordings: a node with inspect.record writes what the named actors
// take from their mailboxes, in order, with sender and message id; a full
// buffer counts what it loses and the file marks the gap; and a bug recorded
// in a real run (threads, real timing) comes back under the deterministic
// fixture when the recording is replayed into a fresh actor.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "troupe/inspection.hpp"
#include "troupe/serialization.hpp"
#include "troupe/test/deterministic_fixture.hpp"
#include "troupe/test/recording.hpp"
#include "troupe/test/replay.hpp"
#include "troupe/troupe.hpp"

#include "nexus_fixture.hpp"
#include "recorder/message_log.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace message_recording_test {

namespace {

using restock_atom = atom_constant<atom("restock")>;
using take_atom = atom_constant<atom("take")>;

// A stock of items with a bug: taking one more than there is goes through
// and leaves the stock at -1.
class stock : public event_based_actor {
public:
  using event_based_actor::event_based_actor;
  const char* name() const override { return "stock"; }
  behavior make_behavior() override {
    return {[this](restock_atom, std::int32_t n) { return restock(n); },
            [this](take_atom, std::int32_t n) { return take(n); }};
  }

private:
  std::int32_t restock(std::int32_t n) { return items_ += n; }
  result<std::int32_t> take(std::int32_t n) {
    if (n > items_ + 1) // the bug: should be n > items_
      return error{sec::invalid_argument, "not that many items"};
    return items_ -= n;
  }

  std::int32_t items_ = 0;
};

// A recorded message as to_string prints it.
std::string text_of(const recorded_message& e) {
  auto msg = deserialize(std::as_bytes(std::span{e.content.data(), e.content.size()}));
  return msg ? to_string(*msg) : "(does not decode: " + to_string(msg.error()) + ")";
}

std::string scratch_path(const char* name) {
  return ::testing::TempDir() + "troupe-" + name + "-" + std::to_string(getpid()) + ".rec";
}

// A node that records the actors named `names` into `path`.
struct recording_node {
  recording_node(const std::string& names, const std::string& path) {
    cfg.load<net::middleman>();
    cfg.load<inspection::probe>();
    if (cfg.set("inspect.record", names) || cfg.set("inspect.record-file", path))
      throw std::invalid_argument("recording_node: the options do not set");
    sys = std::make_unique<actor_system>(cfg);
  }
  actor_system_config cfg;
  std::unique_ptr<actor_system> sys;
};

} // namespace

TEST(MessageRecordingNode, RecordsWhatTheNamedActorsTakeInOrder) {
  auto path = scratch_path("node");
  actor_id shelf_id = 0;
  actor_id self_id = 0;
  {
    recording_node node{"stock, somebody_else", path};
    auto shelf = node.sys->spawn<stock>();
    auto other = node.sys->spawn<test_support::ping_server>(); // not named: not recorded
    shelf_id = shelf.id();
    scoped_actor self{*node.sys};
    self_id = self.id();
    anon_send(shelf, restock_atom{}, std::int32_t{10});
    self->send(shelf, restock_atom{}, std::int32_t{5});
    std::int32_t balance = 0;
    self->request(shelf, 5s, take_atom{}, std::int32_t{2})
      .receive([&](std::int32_t x) { balance = x; }, [&](error& err) { FAIL() << to_string(err); });
    EXPECT_EQ(balance, 13);
    self->request(other, 5s, ping_atom{}).receive([](pong_atom) {}, [](error&) {});
    anon_send_exit(shelf, exit_reason::user_shutdown);
    anon_send_exit(other, exit_reason::user_shutdown);
  } // the probe writes the rest when the system ends
  auto rec = test::recording::load(path);
  ASSERT_TRUE(rec) << to_string(rec.error());
  EXPECT_EQ(rec->trailing_bytes(), 0u);
  EXPECT_TRUE(rec->actors("ping_server").empty());
  ASSERT_EQ(rec->actors("stock"), std::vector<std::uint64_t>{shelf_id});
  auto msgs = rec->of("stock");
  ASSERT_GE(msgs.size(), 3u);
  EXPECT_EQ(msgs[0].sender, 0u) << "anonymous";
  EXPECT_EQ(text_of(msgs[0]), "('restock', 10)");
  EXPECT_EQ(msgs[1].sender, self_id);
  EXPECT_TRUE(msgs[1].sender_node.empty()) << "a local sender goes without its node";
  EXPECT_EQ(text_of(msgs[1]), "('restock', 5)");
  EXPECT_TRUE(message_id{msgs[2].message_id}.is_request());
  EXPECT_EQ(text_of(msgs[2]), "('take', 2)");
  EXPECT_LE(msgs[0].at_ns, msgs[1].at_ns);
  EXPECT_LE(msgs[1].at_ns, msgs[2].at_ns);
  std::remove(path.c_str());
}

TEST(MessageRecordingNode, AFullBufferCountsWhatItLosesAndTheFileMarksTheGap) {
  auto path = scratch_path("full");
  {
    actor_system_config cfg;
    actor_system sys{cfg};
    auto shelf = sys.spawn<stock>();
    auto* who = shelf.ctrl()->get();
    // A bound no entry fits in: every message is lost, and counted.
    auto log = inspection::message_log::open(path, {"stock"}, 0);
    ASSERT_TRUE(log) << to_string(log.error());
    EXPECT_TRUE((*log)->wants(*who));
    for (int i = 0; i < 3; ++i) {
      auto e = make_mailbox_element(nullptr, message_id{}, restock_atom{}, std::int32_t{i});
      (*log)->add(*who, *e);
    }
    EXPECT_EQ((*log)->recorded(), 0u);
    EXPECT_EQ((*log)->lost(), 3u);
    anon_send_exit(shelf, exit_reason::user_shutdown);
  }
  auto rec = test::recording::load(path);
  ASSERT_TRUE(rec) << to_string(rec.error());
  ASSERT_EQ(rec->entries().size(), 1u);
  EXPECT_EQ(rec->entries()[0].lost, 3u);
  std::remove(path.c_str());
}

TEST(MessageRecordingNode, AnUnwritableFileIsReportedAndTheNodeRuns) {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  cfg.load<inspection::probe>();
  ASSERT_FALSE(cfg.set("inspect.record", "stock"));
  ASSERT_FALSE(cfg.set("inspect.record-file", "/nonexistent-dir/x.rec"));
  auto out = test_support::run_node_and_capture_stderr(cfg);
  EXPECT_NE(out.find("cannot write the message recording /nonexistent-dir/x.rec"), std::string::npos) << out;
  EXPECT_NE(out.find("the probe does not record messages"), std::string::npos) << out;
}

// The flagship: a run on real threads, recorded; its messages replayed into a
// fresh stock under the deterministic fixture give the same answers, the
// bug's included, one message at a time.
TEST(MessageRecordingReplay, ABugRecordedInARealRunComesBackUnderTheFixture) {
  auto path = scratch_path("replay");
  std::vector<std::string> production; // what the client saw
  {
    recording_node node{"stock", path};
    auto shelf = node.sys->spawn<stock>();
    scoped_actor client{*node.sys};
    auto ask = [&](auto... xs) {
      client->request(shelf, 5s, xs...)
        .receive([&](std::int32_t x) { production.push_back(std::to_string(x)); },
                 [&](error& err) { production.push_back(err.context()); });
    };
    ask(restock_atom{}, std::int32_t{10});
    ask(take_atom{}, std::int32_t{4});
    ask(take_atom{}, std::int32_t{8}); // more than there is: refused
    ask(take_atom{}, std::int32_t{7}); // one more than there is: the bug lets it through
    anon_send_exit(shelf, exit_reason::user_shutdown);
  }
  ASSERT_EQ(production, (std::vector<std::string>{"10", "6", "not that many items", "-1"}));
  auto rec = test::recording::load(path);
  ASSERT_TRUE(rec) << to_string(rec.error());
  test::deterministic_fixture fix;
  auto fresh = fix.sys.spawn<stock>();
  test::replay replay{fix, fresh, rec->of("stock")};
  ASSERT_NE(replay.next(), nullptr);
  ASSERT_TRUE(replay.step());
  EXPECT_EQ(fix.received<std::int32_t>(), 10);
  ASSERT_TRUE(replay.step());
  EXPECT_EQ(fix.received<std::int32_t>(), 6);
  ASSERT_TRUE(replay.step());
  EXPECT_TRUE(fix.has_message(actor{fix.self})) << "the refusal";
  fix.self->pop_mailbox();
  EXPECT_EQ(replay.run(), 2u) << "the last take, and the exit message production sent";
  EXPECT_EQ(fix.received<std::int32_t>(), -1) << "the bug, reproduced";
  EXPECT_EQ(replay.remaining(), 0u);
  EXPECT_FALSE(replay.step());
  std::remove(path.c_str());
}

TEST(MessageRecordingReplay, AGapOrAnUnencodedMessageStopsReplayWithAFailure) {
  test::deterministic_fixture fix;
  auto fresh = fix.sys.spawn<stock>();
  recorded_message gap;
  gap.receiver = 9;
  gap.receiver_name = "stock";
  gap.lost = 4;
  test::replay with_gap{fix, fresh, {gap}};
  EXPECT_NONFATAL_FAILURE(EXPECT_FALSE(with_gap.step()), "the recording lost 4 messages of stock#9");
  recorded_message opaque;
  opaque.receiver = 9;
  opaque.receiver_name = "stock";
  opaque.sender = 3;
  opaque.content_text = "(secret{...})";
  test::replay unencoded{fix, fresh, {opaque}};
  EXPECT_NONFATAL_FAILURE(EXPECT_FALSE(unencoded.step()), "without a binary encoding");
  EXPECT_EQ(unencoded.delivered(), 0u);
}

} // namespace message_recording_test
