// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/test/replay.hpp"

#include <chrono>
#include <span>
#include <string>

#include "troupe/mailbox_element.hpp"
#include "troupe/message_id.hpp"
#include "troupe/serialization/message_codec.hpp"
#include "troupe/system_messages.hpp"

namespace troupe::test {

namespace {

void fail_at(const call_site& where, const std::string& what) {
  ADD_FAILURE_AT(where.file_name(), where.line()) << what;
}

// Sent by the actor to itself: a local sender with the receiver's id.
bool made_by_itself(const recorded_message& e) {
  return e.sender_node.empty() && e.sender == e.receiver;
}

std::string describe(const recorded_message& e, std::size_t index) {
  return "message " + std::to_string(index + 1) + " of " + e.receiver_name + "#" + std::to_string(e.receiver);
}

} // namespace

replay::replay(deterministic_fixture& fix, actor target, std::vector<recorded_message> messages)
  : fix_(fix), target_(std::move(target)), messages_(std::move(messages)), start_(fix.now()) {}

const recorded_message* replay::next() const noexcept {
  return position_ < messages_.size() ? &messages_[position_] : nullptr;
}

bool replay::step(call_site where) {
  while (!failed_ && position_ < messages_.size()) {
    auto index = position_++;
    const auto& e = messages_[index];
    // The recorded time: the actor's own timers fire when they did.
    auto at = start_ + std::chrono::duration_cast<deterministic_fixture::duration>(std::chrono::nanoseconds{e.at_ns});
    if (at > fix_.now()) {
      fix_.set_time(at);
      fix_.run();
    }
    if (e.lost > 0) {
      failed_ = true;
      fail_at(where, "the recording lost " + std::to_string(e.lost) + " messages of " + e.receiver_name + "#"
                       + std::to_string(e.receiver) + " here (it fell behind); replay stops");
      return false;
    }
    if (made_by_itself(e))
      continue; // the fresh instance sends it itself
    if (e.content.empty()) {
      failed_ = true;
      fail_at(where, describe(e, index)
                       + " was recorded without a binary encoding (a type that is not announced): " + e.content_text);
      return false;
    }
    auto msg = deserialize(std::as_bytes(std::span{e.content.data(), e.content.size()}));
    if (!msg) {
      failed_ = true;
      fail_at(where, describe(e, index) + " does not decode: " + to_string(msg.error()));
      return false;
    }
    if (e.sender == 0 && msg->match_elements<timeout_msg>())
      continue; // the actor's own timeout: the fresh instance's fires with the clock
    if (!target_) {
      failed_ = true;
      fail_at(where, "replay has no actor to deliver to");
      return false;
    }
    strong_actor_ptr from = e.sender != 0 ? actor{fix_.self}.ptr() : nullptr;
    target_.ctrl()->get()->enqueue(make_mailbox_element(std::move(from), message_id{e.message_id}, std::move(*msg)),
                                   nullptr);
    ++delivered_;
    fix_.run();
    return true;
  }
  return false;
}

std::size_t replay::run(call_site where) {
  std::size_t before = delivered_;
  while (step(where)) {
    // each step delivers one message and runs what it sets off
  }
  return delivered_ - before;
}

} // namespace troupe::test
