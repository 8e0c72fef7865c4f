// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/patterns/pattern_actor.hpp"

#include <exception>

#include "troupe/exception_reason.hpp"
#include "troupe/system_messages.hpp"

namespace troupe::patterns {

void pattern_actor::trap_exits() {
  set_exit_handler([this](exit_msg& em) {
    if (em.reason != exit_reason::normal)
      fail(em.reason);
  });
}

pattern_actor::ticket pattern_actor::open_current() {
  auto t = next_ticket_++;
  open_.emplace(t, make_response_promise());
  return t;
}

response_promise pattern_actor::close(ticket t) {
  auto i = open_.find(t);
  if (i == open_.end())
    return {};
  auto rp = std::move(i->second);
  open_.erase(i);
  return rp;
}

void pattern_actor::fail(const error& reason) {
  if (terminating())
    return;
  answer_all(reason);
  // Internal actors learn the reason before their handles go in on_exit (which
  // would otherwise end them as unreachable first).
  for (auto& internal : internals_)
    send_exit(internal, reason);
  quit(reason);
}

message pattern_actor::take_current() {
  // The content belongs to the mailbox element being handled, which is not
  // const; current_message() only hands it out read-only.
  return std::move(const_cast<message&>(current_message()));
}

void pattern_actor::on_exit() {
  answer_all(make_error(sec::request_receiver_down));
  // Handles kept past termination would keep the internal actors alive.
  internals_.clear();
}

void pattern_actor::answer_all(const error& reason) {
  auto open = std::move(open_);
  open_.clear();
  for (auto& [t, rp] : open) {
    // A plain message's sender gets no error: only requests are owed an answer.
    if (rp.pending())
      rp.deliver(reason);
  }
}

void pattern_actor::answer_all_with_current_exception() {
  answer_all(troupe::detail::exception_reason(std::current_exception()));
}

} // namespace troupe::patterns
