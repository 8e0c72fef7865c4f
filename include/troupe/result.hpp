// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// result<Ts...>: what a handler returns when it may answer with values, with
// an error, or not at all for now:
//
//   [=](div_atom, int x, int y) -> result<int> {
//     if (y == 0)
//       return sec::invalid_argument;        // the requester gets the error
//     if (x > 1000)
//       return self->delegate(worker, x, y); // worker answers
//     return x / y;                          // the answer
//   }
//
// It can also hold a typed_response_promise<Ts...> (answered later), an
// expected<T>, or `skip` (the message stays in the mailbox). result<void> and
// result<> answer a request with the empty response of a void handler. A
// typed behavior checks Ts... against the handler's signature; a delegation
// must name the same answer (delegated<Ts...>), except one to a dynamically
// typed actor (delegated<message>), which nobody can check.
#include <concepts>
#include <type_traits>
#include <utility>

#include "troupe/delegated.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/match/invoke_result.hpp"
#include "troupe/message.hpp"
#include "troupe/typed_response_promise.hpp"

namespace troupe {

/// What a handler returns when it may answer with values (Ts...), with an error, or not at all for now: it
/// holds the answer's values, an error (or an error code), a delegation or a response promise (someone answers
/// later), or `skip` (the message stays in the mailbox for a later behavior). result<> and result<void> answer
/// a request with the empty response of a void handler. A typed behavior checks Ts... against the handler's
/// signature.
template <class... Ts>
class result {
public:
  /// Marks the type as a handler result whose apply_to() fills in the runtime's record of the outcome.
  using result_tag = void; // detail::set_result lets the result fill in the invoke_result
  /// The answer's types as they travel in a message (string literals as std::string, and so on).
  using output_types = detail::type_list<detail::strip_and_convert_t<Ts>...>;

  /// What the result holds: values, an error, an answer someone else gives (delegated), or skip.
  enum class kind_t : unsigned char { value, error, delegated, skip };

  /// No values: the answer of a void handler.
  result() requires(sizeof...(Ts) == 0) : kind_(kind_t::value) {}

  /// The values of the answer (each converted to its declared type).
  template <class... Us>
    requires(sizeof...(Ts) > 0 && sizeof...(Us) == sizeof...(Ts) && (std::is_convertible_v<Us&&, Ts> && ...)
             && !(sizeof...(Us) == 1 && (std::is_same_v<std::decay_t<Us>, error> || ...)))
  result(Us&&... xs) // NOLINT: implicit, like a return value
    : kind_(kind_t::value), values_(make_message(static_cast<Ts>(std::forward<Us>(xs))...)) {}

  /// An error answer: the requester gets `err` as the response.
  result(error err) : kind_(kind_t::error), err_(std::move(err)) {} // NOLINT: implicit, like a return value

  /// An error answer given as an error code enum value.
  template <error_code_enum E>
  result(E code) : result(error{code}) {} // NOLINT: implicit, like a return value

  /// Someone else answers: the actor delegate() forwarded the request to.
  result(delegated<Ts...>) noexcept : kind_(kind_t::delegated) {} // NOLINT: implicit, like a return value

  /// A delegation to a dynamically typed actor, whose answer nobody checked.
  template <class D>
    requires std::same_as<D, delegated<message>> &&(!std::same_as<delegated<Ts...>, delegated<message>>)
      result(D) noexcept
      : kind_(kind_t::delegated) {} // NOLINT: implicit, like a return value

    /// Answered later through the promise.
    result(typed_response_promise<Ts...>) noexcept : kind_(kind_t::delegated) {} // NOLINT: implicit

    /// Leave the message in the mailbox for a later behavior.
    result(skip_t) noexcept : kind_(kind_t::skip) {} // NOLINT: implicit, like a return value

    /// The value or the error of an expected<T>.
    template <class T>
      requires(sizeof...(Ts) == 1 && (std::is_convertible_v<T, Ts> && ...))
    result(expected<T> x) // NOLINT: implicit, like a return value
      : kind_(x ? kind_t::value : kind_t::error) {
      if (x)
        values_ = make_message(static_cast<Ts>(std::move(*x))...);
      else
        err_ = x.error();
    }

    /// What this result holds.
    kind_t kind() const noexcept {
      return kind_;
    }
    /// The answer's values (for kind() == value).
    const message& values() const noexcept {
      return values_;
    }
    /// The error (for kind() == error).
    const error& err() const noexcept {
      return err_;
    }

    /// What the runtime does with a handler's result.
    void apply_to(detail::invoke_result& res) && {
      switch (kind_) {
        case kind_t::value:
          res.kind = detail::invoke_result::reply;
          res.value = std::move(values_);
          break;
        case kind_t::error:
          res.kind = detail::invoke_result::reply;
          res.value = make_message(std::move(err_));
          break;
        case kind_t::delegated:
          res.kind = detail::invoke_result::done;
          break;
        case kind_t::skip:
          res.kind = detail::invoke_result::skipped;
          break;
      }
    }

  private:
    kind_t kind_;
    message values_;
    error err_;
};

/// result<void> is result<>.
template <>
class result<void> : public result<> {
public:
  using result<>::result;
};

} // namespace troupe
