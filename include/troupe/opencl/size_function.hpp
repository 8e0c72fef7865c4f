// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How many elements an argument has, computed per request from the kernel's
// inputs: a number, or a function whose parameters are the first inputs as
// the actor receives them (std::vector<T> or mem_ref<T>, by const&):
//
//   opencl::out<float>{[](const std::vector<float>& xs) { return xs.size() / 2; }}
//   opencl::local<float>{64}
#include <cstddef>
#include <functional>
#include <optional>
#include <type_traits>
#include <utility>

#include "troupe/detail/type_list.hpp"
#include "troupe/message.hpp"

namespace troupe::opencl {

/// How many elements a tag's argument has: nothing (the tag's default), a fixed number, or a function computed per
/// request whose parameters are the first inputs as the actor receives them (std::vector<T> or mem_ref<T>).
class size_function {
public:
  /// No size: the tag's default applies.
  size_function() = default;

  /// Always `n`; implicit, so that a tag takes a plain number.
  size_function(std::size_t n) // NOLINT: implicit, so that a tag takes a plain number
    : fn_([n](const message&) -> std::optional<std::size_t> { return n; }) {}

  /// f(first inputs...), converted to std::size_t; implicit, so that a tag takes a lambda. The parameters' decayed
  /// types must match the first inputs of the request, else the size is nothing.
  template <class F>
    requires(troupe::detail::has_call_signature<std::decay_t<F>>::value)
  size_function(F f) // NOLINT: implicit, so that a tag takes a lambda
    : fn_(wrap(std::move(f), typename troupe::detail::callable_t<F>::decayed_arg_types{})) {}

  /// False when no size was given (the tag's default applies).
  explicit operator bool() const noexcept { return static_cast<bool>(fn_); }

  /// The size for these inputs; nothing when the inputs do not fit the
  /// function's parameters. Precondition: *this holds a function.
  std::optional<std::size_t> operator()(const message& inputs) const { return fn_(inputs); }

private:
  template <class F, class... Ts>
  static std::function<std::optional<std::size_t>(const message&)> wrap(F f, troupe::detail::type_list<Ts...>) {
    return [f = std::move(f)](const message& xs) -> std::optional<std::size_t> {
      if (xs.size() < sizeof...(Ts))
        return std::nullopt;
      return [&]<std::size_t... I>(std::index_sequence<I...>)->std::optional<std::size_t> {
        if (!(xs.match_element<Ts>(I) && ...))
          return std::nullopt;
        return static_cast<std::size_t>(f(xs.get_as<Ts>(I)...));
      }
      (std::index_sequence_for<Ts...>{});
    };
  }

  std::function<std::optional<std::size_t>(const message&)> fn_;
};

} // namespace troupe::opencl
