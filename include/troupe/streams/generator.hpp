// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// generator<T>: a coroutine that produces a sequence with co_yield, pulled one
// value at a time. A stream source runs one and pulls only as many values as
// its consumer asked for, so the producer never runs ahead of the demand.
#include <coroutine>
#include <exception>
#include <optional>
#include <utility>

#include "troupe/detail/thread_cache.hpp"

namespace troupe {

/// A sequence produced by a coroutine with `co_yield`; next() resumes it until the next value. An exception the
/// coroutine lets escape comes out of next().
template <class T>
class generator {
public:
  /// The coroutine's promise (what the compiler looks up for a function returning generator<T>).
  class promise_type {
  public:
    /// Frames come from the thread's allocation cache.
    /// @{
    static void* operator new(std::size_t n) { return detail::cached_allocate(n); }
    static void operator delete(void* p, std::size_t n) noexcept { detail::cached_deallocate(p, n); }
    /// @}

    /// The coroutine protocol: the generator starts suspended, keeps each co_yield value until next() takes
    /// it, and keeps an exception for next() to rethrow.
    /// @{
    generator get_return_object() noexcept {
      return generator{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() const noexcept { return {}; }
    std::suspend_always final_suspend() const noexcept { return {}; }
    std::suspend_always yield_value(T x) {
      value_ = std::move(x);
      return {};
    }
    void return_void() const noexcept {}
    void unhandled_exception() noexcept { failure_ = std::current_exception(); }
    /// @}

  private:
    friend class generator;
    std::optional<T> value_;
    std::exception_ptr failure_;
  };

  generator() noexcept = default;
  /// Moving takes the coroutine over; `other` is left empty.
  /// @{
  generator(generator&& other) noexcept : h_(std::exchange(other.h_, {})) {}
  generator& operator=(generator&& other) noexcept {
    if (this != &other) {
      if (h_)
        h_.destroy();
      h_ = std::exchange(other.h_, {});
    }
    return *this;
  }
  /// @}
  generator(const generator&) = delete;
  generator& operator=(const generator&) = delete;
  ~generator() {
    if (h_)
      h_.destroy();
  }

  /// The next value, or nothing once the coroutine returned; rethrows what it threw.
  std::optional<T> next() {
    if (!h_ || h_.done())
      return std::nullopt;
    auto& p = h_.promise();
    p.value_.reset();
    h_.resume();
    if (p.failure_)
      std::rethrow_exception(std::exchange(p.failure_, nullptr));
    if (h_.done())
      return std::nullopt;
    return std::move(p.value_);
  }

  /// Whether the coroutine returned (or there is none).
  bool done() const noexcept { return !h_ || h_.done(); }

private:
  explicit generator(std::coroutine_handle<promise_type> h) noexcept : h_(h) {}
  std::coroutine_handle<promise_type> h_;
};

} // namespace troupe
