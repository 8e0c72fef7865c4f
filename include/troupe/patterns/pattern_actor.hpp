// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The base of the actors that run a pattern. It keeps the promises of the
// inputs still in flight (by ticket), the internal actors it spawned, and the
// rules every pattern shares:
//  - an internal actor that fails (or an error response from one) stops the
//    pattern with that error, and every waiting request receives it;
//  - an exception from user code run by the pattern itself does the same, with
//    the runtime's unhandled_exception error;
//  - a pattern that terminates otherwise answers the requests it still owes
//    with sec::request_receiver_down, like any actor's queued requests.
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/error.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/message.hpp"
#include "troupe/response_promise.hpp"

namespace troupe::patterns {

/// The base of the actors that run a pattern: it keeps the promises of the inputs still in flight (by ticket) and the
/// internal actors it spawned, and applies the failure rules every pattern shares: an internal actor that fails, an
/// error response from one, or an exception from user code stops the pattern and answers every waiting request with
/// the error.
class pattern_actor : public event_based_actor {
public:
  /// Constructs the actor from the runtime's configuration.
  explicit pattern_actor(actor_config& cfg) noexcept : event_based_actor(cfg) {}

protected:
  /// Identifies an input whose answer is owed.
  using ticket = std::uint64_t;

  /// Traps exits: a non-normal exit of a linked actor (internal or not) stops
  /// the pattern with that reason; a normal one is ignored, as usual.
  void trap_exits();

  /// Keeps an internal actor (already linked to this one) until termination.
  /// Subclasses reach their internal actors only through internals(): no handle
  /// to one may outlive the termination of the pattern, or the internal actor
  /// would stay alive with it.
  void adopt(actor internal) { internals_.push_back(std::move(internal)); }
  /// The internal actors adopted so far.
  const std::vector<actor>& internals() const noexcept { return internals_; }

  /// Opens a ticket for the current input: its answer is owed until close().
  ticket open_current();
  /// Hands back the ticket's promise (an empty one for an unknown ticket).
  response_promise close(ticket t);
  /// The number of tickets open.
  std::size_t open_tickets() const noexcept { return open_.size(); }

  /// Answers every waiting request with `reason` and terminates with it.
  void fail(const error& reason);

  /// Runs user code; an exception answers every waiting request with the
  /// runtime's error for it and then propagates, so that the runtime logs it
  /// and terminates this actor with the same reason.
  template <class F>
  decltype(auto) guarded(F&& f) {
    try {
      return std::forward<F>(f)();
    } catch (...) {
      answer_all_with_current_exception();
      throw;
    }
  }

  /// The current message's content, taken out of it without a copy (the
  /// handler that calls this is its last reader).
  message take_current();

  void on_exit() override;

private:
  void answer_all(const error& reason);
  void answer_all_with_current_exception();

  ticket next_ticket_ = 0;
  std::unordered_map<ticket, response_promise> open_;
  std::vector<actor> internals_;
};

} // namespace troupe::patterns
