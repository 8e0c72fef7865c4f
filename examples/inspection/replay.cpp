// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Record and replay: a production bug becomes a unit test.
//
// The first test plays production: an account actor serves a client on real
// threads, and the node records every message the account takes
// (inspect.record=account; a deployed program sets it on its command line,
// --inspect.record=account --inspect.record-file=account.rec). The client
// sees the account go to -1. The second test loads the recording and replays
// it into a fresh account under the deterministic fixture, one message at a
// time, and sees the same answers: the bug is now reproducible without
// threads, timing or the client, and the fix can be tested against it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <iostream>
#include <string>

#include "troupe/inspection.hpp"
#include "troupe/test/deterministic_fixture.hpp"
#include "troupe/test/recording.hpp"
#include "troupe/test/replay.hpp"
#include "troupe/troupe.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using deposit_atom = atom_constant<atom("deposit")>;
using withdraw_atom = atom_constant<atom("withdraw")>;

class account : public event_based_actor {
public:
  explicit account(actor_config& cfg) : event_based_actor(cfg) {}
  const char* name() const override { return "account"; }
  behavior make_behavior() override {
    return {
      [this](deposit_atom, std::int32_t n) { return balance_ += n; },
      [this](withdraw_atom, std::int32_t n) -> result<std::int32_t> {
        if (n > balance_ + 1) // the bug: it should refuse n > balance_
          return error{sec::invalid_argument, "not enough money"};
        return balance_ -= n;
      },
    };
  }

private:
  std::int32_t balance_ = 0;
};

const std::string recording_file = "troupe-example-account-" + std::to_string(getpid()) + ".rec";

} // namespace

TEST(Production, TheAccountServesAClientAndIsRecorded) {
  actor_system_config cfg;
  cfg.load<inspection::probe>();
  ASSERT_FALSE(cfg.set("inspect.record", "account"));
  ASSERT_FALSE(cfg.set("inspect.record-file", recording_file));
  actor_system sys{cfg};
  auto acct = sys.spawn<account>();
  scoped_actor client{sys};
  for (auto step : {std::pair{"deposit", 10}, {"withdraw", 4}, {"withdraw", 7}}) {
    auto what = step.first;
    auto n = step.second;
    auto answer = [&](std::int32_t balance) { std::cout << what << ' ' << n << ": balance " << balance << '\n'; };
    auto refused = [&](error& err) { std::cout << what << ' ' << n << ": " << err.context() << '\n'; };
    if (std::string{what} == "deposit")
      client->request(acct, 5s, deposit_atom{}, std::int32_t{n}).receive(answer, refused);
    else
      client->request(acct, 5s, withdraw_atom{}, std::int32_t{n}).receive(answer, refused);
  }
  anon_send_exit(acct, exit_reason::user_shutdown);
}

// [snippet replay]
TEST(Replay, TheRecordingReproducesTheBug) {
  auto rec = test::recording::load(recording_file);
  ASSERT_TRUE(rec) << to_string(rec.error());
  test::deterministic_fixture fix;
  auto fresh = fix.sys.spawn<account>();
  test::replay replay{fix, fresh, rec->of("account")};
  EXPECT_EQ(replay.run(), 4u); // three requests and the exit message that ended the account
  EXPECT_EQ(fix.received<std::int32_t>(), 10);
  EXPECT_EQ(fix.received<std::int32_t>(), 6);
  auto last = fix.received<std::int32_t>();
  EXPECT_EQ(last, -1);
  if (last == -1)
    std::cout << "replayed " << replay.delivered() << " messages: balance " << last << ", the bug, reproduced\n";
  std::remove(recording_file.c_str());
}
// [/snippet]
