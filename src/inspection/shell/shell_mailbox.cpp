// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "shell_mailbox.hpp"

#include "troupe/actor.hpp"
#include "troupe/match/on.hpp"
#include "troupe/message.hpp"

namespace troupe::inspection {

bool shell_mailbox::receive_one(std::chrono::nanoseconds timeout) {
  bool got = false;
  self_->receive(
    others >>
      [&] {
        auto sender = actor_cast<actor>(self_->current_sender());
        messages_.push_back("from " + (sender ? to_string(sender) : std::string{"(no sender)"}) + ": "
                            + to_string(self_->current_message()));
        got = true;
      },
    after(timeout) >> [] {});
  return got;
}

void shell_mailbox::collect() {
  while (receive_one(std::chrono::nanoseconds::zero())) {}
}

bool shell_mailbox::await(std::chrono::nanoseconds timeout) {
  collect();
  if (!messages_.empty())
    return true;
  return receive_one(timeout);
}

std::deque<std::string> shell_mailbox::take(std::size_t n) {
  collect();
  std::deque<std::string> out;
  while (n-- > 0 && !messages_.empty()) {
    out.push_back(std::move(messages_.front()));
    messages_.pop_front();
  }
  return out;
}

} // namespace troupe::inspection
