// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The shell's own mailbox, as the shell's user sees it: messages that actors
// sent to the shell (the answer to `send 4 ('ping')` lands here), kept in
// arrival order until `dequeue` or `pop-front` takes them. Answers to the
// shell's own requests to the nexus never show up here.
#include <chrono>
#include <cstddef>
#include <deque>
#include <string>

#include "troupe/scoped_actor.hpp"

namespace troupe::inspection {

class shell_mailbox {
public:
  /// The mailbox of `self`.
  explicit shell_mailbox(scoped_actor& self) : self_(self) {}

  /// Moves what has arrived into the list without waiting.
  void collect();
  /// Waits up to `timeout` until the list has a message; whether it has one.
  bool await(std::chrono::nanoseconds timeout);

  /// The messages, oldest first, each as "from SENDER: MESSAGE".
  const std::deque<std::string>& messages() const noexcept { return messages_; }
  /// Takes the oldest `n` (fewer when there are fewer).
  std::deque<std::string> take(std::size_t n);

private:
  // One message from the actor's mailbox into the list; false when none came within `timeout`.
  bool receive_one(std::chrono::nanoseconds timeout);

  scoped_actor& self_;
  std::deque<std::string> messages_;
};

} // namespace troupe::inspection
