// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/test/message_check.hpp"

#include <gtest/gtest.h>

#include "troupe/blocking_actor.hpp"
#include "troupe/local_actor.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/resumable.hpp"
#include "troupe/test/deterministic_fixture.hpp"

namespace troupe::test::detail {

namespace {

const char* name_of(check_kind kind) {
  switch (kind) {
    case check_kind::expect:
      return "expect";
    case check_kind::allow:
      return "allow";
    case check_kind::disallow:
      return "disallow";
    case check_kind::inject:
      return "inject";
  }
  return "check";
}

std::string sender_text(const strong_actor_ptr& sender) {
  return sender ? to_string(actor{sender}) : std::string{"anonymous"};
}

std::string sender_text(const actor& sender) {
  return sender ? to_string(sender) : std::string{"anonymous"};
}

std::string expected_text(const check_spec& spec) {
  auto text = spec.expected;
  if (spec.sender_checked)
    text += " from " + sender_text(spec.sender);
  return text;
}

} // namespace

void fail_check(const check_spec& spec, const std::string& what) {
  ADD_FAILURE_AT(spec.where.file_name(), static_cast<int>(spec.where.line())) << name_of(spec.kind) << ": " << what;
}

bool send_injected(const check_spec& spec, message msg) {
  if (!spec.receiver) {
    fail_check(spec, "no receiver: inject needs to(...)");
    return false;
  }
  spec.receiver.ctrl()->get()->enqueue(make_mailbox_element(spec.sender.ptr(), message_id{}, std::move(msg)), nullptr);
  return true;
}

bool run_check(deterministic_fixture& fix, const check_spec& spec, const std::function<bool(const message&)>& matches) {
  auto receiver = spec.receiver ? spec.receiver : fix.sched.next_actor();
  if (!receiver) {
    if (spec.kind == check_kind::expect || spec.kind == check_kind::inject)
      fail_check(spec, "expected " + expected_text(spec) + ", found no runnable actor (no message pending)");
    return false;
  }
  auto* target = dynamic_cast<local_actor*>(receiver.ctrl()->get());
  if (target == nullptr) {
    fail_check(spec, to_string(receiver) + " is not a local actor");
    return false;
  }
  const mailbox_element* next = target->peek_mailbox();
  bool found =
    next != nullptr && matches(next->content) && (!spec.sender_checked || next->sender.get() == spec.sender.ctrl());
  auto found_text = [&] {
    if (next == nullptr)
      return std::string{"no message"};
    return to_string(next->content) + " from " + sender_text(next->sender);
  };
  switch (spec.kind) {
    case check_kind::allow:
      if (!found)
        return false;
      break;
    case check_kind::disallow:
      if (found)
        fail_check(spec, "found " + found_text() + " at " + to_string(receiver) + ", which is not allowed");
      return found;
    case check_kind::expect:
    case check_kind::inject:
      if (!found) {
        fail_check(spec, "next message of " + to_string(receiver)
                           + " does not match\n  expected: " + expected_text(spec) + "\n     found: " + found_text());
        return false;
      }
      break;
  }
  // Run exactly this message: the receiver's job handles one message; a scoped
  // or blocking actor has no job, so the message is taken out of its mailbox.
  if (dynamic_cast<blocking_actor*>(target) != nullptr) {
    target->pop_mailbox();
    return true;
  }
  if (!fix.sched.run_job(dynamic_cast<resumable*>(target))) {
    fail_check(spec, to_string(receiver) + " has a message but no job in the test scheduler (a detached actor?)");
    return false;
  }
  return true;
}

} // namespace troupe::test::detail
