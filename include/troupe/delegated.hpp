// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// delegated<Ts...>: what self->delegate(dest, xs...) returns. A handler that
// returns it sends no response itself: dest answers the original requester,
// with Ts... (the answer dest's interface declares for xs...). A typed
// behavior checks Ts... against the handler's signature like a direct answer;
// delegating to a dynamically typed actor gives delegated<message>, which a
// typed behavior does not check.
#include "troupe/detail/type_list.hpp"
#include "troupe/message.hpp"

namespace troupe {

/// What self->delegate(dest, xs...) returns. A handler that returns it sends no response itself: dest answers the
/// original requester, with Ts... (the answer dest's interface declares for xs...). A typed behavior checks Ts...
/// against the handler's signature like a direct answer; delegating to a dynamically typed actor gives
/// `delegated<message>`, which a typed behavior does not check.
template <class... Ts>
class delegated {
public:
  /// Marks a type a handler returns when the answer comes later, or from another actor.
  using promise_tag = void; // a handler returning it answers later (or someone else does)
  /// The response types dest answers with.
  using output_types = detail::type_list<Ts...>;
};

namespace detail {

/// delegated<Ts...> for a type_list<Ts...> of response types; anything else
/// (an input the interface rejected, already reported) gives delegated<message>.
template <class Outputs>
struct delegated_for {
  using type = delegated<message>;
};
template <class... Ts>
struct delegated_for<type_list<Ts...>> {
  using type = delegated<Ts...>;
};

} // namespace detail

} // namespace troupe
