// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What running a message handler produced (detail::invoke_result), and how a
// handler's return value becomes it: a reply, a later answer through a promise, a
// result<Ts...>, or skip, which leaves the message for a later behavior.
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/detail/type_list.hpp"
#include "troupe/fwd.hpp"
#include "troupe/message.hpp"

namespace troupe {

/// Returned by a handler to leave the message in the mailbox for a later behavior.
struct skip_t {
  /// Returns skip itself, so a handler may return `skip()` as well as `skip`.
  constexpr skip_t operator()() const noexcept { return *this; }
};
/// Return `skip` from a handler to keep the message for a later behavior; set_default_handler(skip) makes that what
/// happens to a message no handler matched (the default).
inline constexpr skip_t skip{};

namespace detail {

/// What invoking a handler produced.
struct invoke_result {
  enum kind_t : unsigned char { no_match, done, reply, skipped } kind = no_match;
  message value; // the reply, for kind == reply
};

/// Converts a callback's return value into an invoke_result.
template <class R>
void set_result(invoke_result& res, R&& x) {
  using D = std::decay_t<R>;
  if constexpr (std::is_same_v<D, skip_t>) {
    res.kind = invoke_result::skipped;
  } else if constexpr (requires { typename D::result_tag; }) {
    D{std::forward<R>(x)}.apply_to(res); // result<Ts...>: values, an error or a delegation
  } else if constexpr (std::is_same_v<D, message>) {
    res.kind = invoke_result::reply;
    res.value = std::forward<R>(x);
  } else if constexpr (std::is_same_v<D, response_promise> || requires { typename D::promise_tag; }) {
    res.kind = invoke_result::done; // answered later through the promise
  } else if constexpr (is_tuple<D>::value) {
    res.kind = invoke_result::reply;
    res.value =
      std::apply([](auto&&... xs) { return make_message(std::forward<decltype(xs)>(xs)...); }, std::forward<R>(x));
  } else {
    res.kind = invoke_result::reply;
    res.value = make_message(std::forward<R>(x));
  }
}

} // namespace detail

} // namespace troupe
