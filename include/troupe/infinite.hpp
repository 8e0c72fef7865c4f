// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// `infinite`: "no timeout", accepted wherever a timeout is: request(dest,
// infinite, ...), after(infinite) >> f, and the receive() timeouts of blocking
// actors. No timer is scheduled for it; after(infinite) >> f never fires.
#include <chrono>
#include <type_traits>

namespace troupe {

namespace detail {

/// The duration that stands for "never" inside the runtime.
inline constexpr std::chrono::nanoseconds infinite_timeout = std::chrono::nanoseconds::max();

} // namespace detail

/// The type of `infinite`.
struct infinite_t {
  /// nanoseconds::max(), the duration that stands for "never" inside the runtime.
  constexpr operator std::chrono::nanoseconds() const noexcept { return detail::infinite_timeout; } // NOLINT
};
/// "No timeout", accepted wherever a timeout is: request(dest, infinite, ...), after(infinite) >> f, and the
/// receive() timeouts of blocking actors. No timer is scheduled for it, so after(infinite) >> f never fires.
inline constexpr infinite_t infinite{};

namespace detail {

template <class T>
struct is_duration : std::false_type {};
template <class Rep, class Period>
struct is_duration<std::chrono::duration<Rep, Period>> : std::true_type {};

/// What a timeout parameter accepts: a std::chrono duration or `infinite`.
template <class T>
concept timeout_value = is_duration<std::decay_t<T>>::value || std::is_same_v<std::decay_t<T>, infinite_t>;

template <timeout_value T>
constexpr std::chrono::nanoseconds to_timeout(const T& x) noexcept {
  if constexpr (std::is_same_v<T, infinite_t>)
    return infinite_timeout;
  else
    return std::chrono::duration_cast<std::chrono::nanoseconds>(x);
}

} // namespace detail

} // namespace troupe
