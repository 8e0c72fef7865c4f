// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Replays the messages an actor took in production (a recording's entries)
// into a fresh instance under the deterministic fixture, so that a test can
// check its state and its answers, and a production bug becomes a unit test.
//
//   auto acct = sys.spawn<account>();
//   test::replay r{*this, acct, rec->of("account")};
//   r.run();
//   expect<int>().from(acct).to(self).with(90); // the answer to a recorded request
//
// Each recorded message comes from the fixture's `self` (anonymous if it was
// anonymous), with its recorded message id, so the answers to recorded
// requests land in self's mailbox. What the actor made itself (messages it
// sent itself, its timeouts) is not delivered: the fresh instance makes them
// again, and the fixture's clock follows the recorded times, so its timers
// fire when they did. Actor handles inside recorded messages replay as
// invalid handles.
#include <cstddef>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/serialization/message_recording.hpp"
#include "troupe/test/call_site.hpp"
#include "troupe/test/deterministic_fixture.hpp"

namespace troupe::test {

/// Delivers recorded messages to one actor of a deterministic fixture, one at a time.
class replay {
public:
  /// Replays `messages` (one actor's entries, as recording::of returns them) into `target`.
  replay(deterministic_fixture& fix, actor target, std::vector<recorded_message> messages);

  /// Moves the clock to the next message's time, runs what that sets off, delivers the message and runs until
  /// nothing is runnable. False when none remain; false and a test failure at a message that cannot be replayed (a
  /// gap in the recording, a message with no binary encoding, one that does not decode).
  bool step(call_site where = call_site::current());
  /// Steps until no message remains or one cannot be replayed; returns how many were delivered.
  std::size_t run(call_site where = call_site::current());

  /// The next entry to replay, or nullptr.
  const recorded_message* next() const noexcept;
  /// Messages delivered so far.
  std::size_t delivered() const noexcept { return delivered_; }
  /// Entries not replayed yet (those the actor makes itself included).
  std::size_t remaining() const noexcept { return messages_.size() - position_; }

private:
  deterministic_fixture& fix_;
  actor target_;
  std::vector<recorded_message> messages_;
  std::size_t position_ = 0;
  std::size_t delivered_ = 0;
  bool failed_ = false;
  deterministic_fixture::time_point start_;
};

} // namespace troupe::test
