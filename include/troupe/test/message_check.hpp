// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The checks of deterministic_fixture: expect, allow, disallow and inject.
//
//   expect<int, int>().from(a).to(b).with(1, _);
//
// from() and to() narrow the check; with() gives the values (or `_`) and runs
// the check. A check that never reaches with() runs at the end of its
// statement and accepts any values. The check looks at the next message of its
// receiver (without to(): of the actor whose job the scheduler would run next)
// and, on a match, runs exactly that one message.
#include <cstddef>
#include <functional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/actor.hpp"
#include "troupe/detail/stringify.hpp"
#include "troupe/message.hpp"
#include "troupe/test/call_site.hpp"
#include "troupe/test/wildcard.hpp"
#include "troupe/type_id.hpp"

namespace troupe::test {

class deterministic_fixture;

/// What a check does with the next message.
enum class check_kind {
  expect,   // must match; runs it
  allow,    // runs it if it matches; otherwise leaves everything as it is
  disallow, // must not match; runs nothing
  inject,   // sends it first, then like expect
};

namespace detail {

/// The type-independent part of a check (src/test/message_check.cpp).
struct check_spec {
  check_kind kind;
  call_site where;
  actor receiver; // invalid: the actor of the next queued job
  bool sender_checked = false;
  actor sender;         // invalid with sender_checked: anonymous
  std::string expected; // text form of the expected message, for failures
};

/// Runs the check; returns whether the next message matched.
bool run_check(deterministic_fixture& fix, const check_spec& spec, const std::function<bool(const message&)>& matches);

/// Sends `msg` from spec.sender (anonymous if invalid) to spec.receiver;
/// false (and a test failure) without a valid receiver.
bool send_injected(const check_spec& spec, message msg);

/// Reports a failed check at spec.where.
void fail_check(const check_spec& spec, const std::string& what);

template <class T, class U>
bool element_matches(const message& msg, std::size_t i, const U& x) {
  if constexpr (std::is_same_v<std::decay_t<U>, wildcard>)
    return true;
  else
    return msg.get_as<T>(i) == x;
}

template <class U>
void describe_value(std::string& out, const U& x) {
  if constexpr (std::is_same_v<std::decay_t<U>, wildcard>)
    out += '_';
  else
    troupe::detail::stringify(out, x);
}

} // namespace detail

/// A check on the next message of one actor, built by deterministic_fixture's expect, allow, disallow and inject:
/// narrowed with from() and to(), run by with(). A check that never reaches with() runs when it is destroyed, at
/// the end of its statement, and accepts any values (inject fails then: it has nothing to send).
template <check_kind Kind, class... Ts>
class message_check {
public:
  /// A check of `fix`'s system, reported at `where`; use the fixture's expect, allow, disallow or inject instead.
  message_check(deterministic_fixture& fix, call_site where)
    : fix_(fix), spec_{Kind, where, actor{}, false, actor{}, {}} {}

  message_check(const message_check&) = delete;
  message_check& operator=(const message_check&) = delete;

  ~message_check() {
    if (done_)
      return;
    if constexpr (Kind == check_kind::inject)
      detail::fail_check(spec_, "inject<...>() needs with(values...): nothing was sent");
    else
      with(((void)sizeof(Ts), _)...);
  }

  /// The sender the message must have; an invalid handle (nullptr) means an
  /// anonymous message. For inject: the sender it goes out with.
  message_check& from(const actor& sender) {
    spec_.sender_checked = true;
    spec_.sender = sender;
    return *this;
  }

  /// The receiver whose next message is checked (and run).
  message_check& to(const actor& receiver) {
    spec_.receiver = receiver;
    return *this;
  }

  /// Runs the check with these values (`_` for any value). Returns whether the
  /// next message matched; for disallow, whether it did not.
  template <class... Us>
  bool with(const Us&... xs) {
    static_assert(sizeof...(Us) == sizeof...(Ts), "with(...) needs one value or `_` per message element");
    done_ = true;
    describe(std::index_sequence_for<Ts...>{}, xs...);
    if constexpr (Kind == check_kind::inject) {
      static_assert(!(std::is_same_v<Us, wildcard> || ...), "inject needs values, not `_`");
      if (!detail::send_injected(spec_, make_message(Ts(xs)...)))
        return false;
    }
    std::function<bool(const message&)> matches = [&](const message& msg) {
      return msg.template match_elements<Ts...>() && matches_values(msg, std::index_sequence_for<Ts...>{}, xs...);
    };
    bool found = detail::run_check(fix_, spec_, matches);
    return Kind == check_kind::disallow ? !found : found;
  }

private:
  template <std::size_t... Is, class... Us>
  static bool matches_values(const message& msg, std::index_sequence<Is...>, const Us&... xs) {
    return (detail::element_matches<Ts>(msg, Is, xs) && ...);
  }

  template <std::size_t... Is, class... Us>
  void describe(std::index_sequence<Is...>, const Us&... xs) {
    auto& out = spec_.expected;
    out = "(";
    ((out += (Is == 0 ? "" : ", "), out += troupe::detail::pretty_type_name<Ts>(), out += " = ",
      detail::describe_value(out, xs)),
     ...);
    out += ')';
  }

  deterministic_fixture& fix_;
  detail::check_spec spec_;
  bool done_ = false;
};

} // namespace troupe::test
