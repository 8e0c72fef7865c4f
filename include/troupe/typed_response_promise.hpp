// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// typed_response_promise<Ts...>: a late answer whose types the compiler checks.
// A typed handler that cannot answer at once returns
//   auto rp = self->make_response_promise<int>();   // ... later: rp.deliver(42);
// and the typed behavior checks <int> against the signature's with<int>, just
// as it checks a direct return value. deliver() accepts exactly Ts... (or an
// error). Dropping every copy without delivering answers sec::broken_promise.
#include <type_traits>
#include <utility>

#include "troupe/detail/type_list.hpp"
#include "troupe/error.hpp"
#include "troupe/response_promise.hpp"

namespace troupe {

/// A late answer whose types the compiler checks: a typed handler returns
/// `self->make_response_promise<Ts...>()` and the typed behavior checks Ts... against the signature as it checks a
/// direct return value; deliver() then accepts exactly Ts... (or an error). Otherwise as response_promise.
template <class... Ts>
class typed_response_promise {
public:
  /// Marks a type a handler returns to answer later.
  using promise_tag = void; // a handler returning it answers later
  /// The promised response types (Ts...).
  using output_types = detail::type_list<Ts...>;

  typed_response_promise() = default;
  /// Wraps an untyped promise (what make_response_promise<Ts...>() does).
  explicit typed_response_promise(response_promise rp) noexcept : rp_(std::move(rp)) {}

  /// Answers with xs..., which must convert to exactly Ts... (a static_assert says so otherwise).
  template <class... Us>
  void deliver(Us&&... xs) {
    static_assert(std::is_same_v<detail::type_list<detail::strip_and_convert_t<Us>...>, output_types>,
                  "typed_response_promise::deliver: the values do not match the promised types");
    rp_.deliver(std::forward<Us>(xs)...);
  }

  /// Answers the request with an error instead.
  void deliver(error err) { rp_.deliver(std::move(err)); }

  /// Whether the promise still owes the response to a request.
  bool pending() const noexcept { return rp_.pending(); }

private:
  response_promise rp_;
};

} // namespace troupe
