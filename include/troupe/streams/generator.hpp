// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// generator<T>: a coroutine that produces a sequence with co_yield, pulled one
// value at a time. A stream source runs one and pulls only as many values as
// its consumer asked for, so the producer never runs ahead of the demand.
#include <coroutine>
#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <type_traits>
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
    // An rvalue (a temporary lives until the coroutine resumes) is taken where it is; an lvalue, a variable
    // of the coroutine's, is copied, so that the coroutine still has it.
    std::suspend_always yield_value(std::remove_reference_t<T>&& x) noexcept {
      value_ = std::addressof(x);
      return {};
    }
    std::suspend_always yield_value(const std::remove_reference_t<T>& x) {
      copy_.emplace(x);
      value_ = std::addressof(*copy_);
      return {};
    }
    void return_void() const noexcept {}
    void unhandled_exception() noexcept { failure_ = std::current_exception(); }
    /// @}

  private:
    friend class generator;
    // The yielded value where it lives while the coroutine is suspended (a temporary of the co_yield
    // expression lives until the coroutine resumes), so taking it costs one move.
    std::remove_reference_t<T>* value_ = nullptr;
    std::optional<std::remove_cvref_t<T>> copy_; // an lvalue's copy
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
    h_.resume();
    if (p.failure_)
      std::rethrow_exception(std::exchange(p.failure_, nullptr));
    if (h_.done())
      return std::nullopt;
    return std::optional<T>{std::move(*p.value_)};
  }

  /// Appends up to `n` next values to `out` (anything with push_back); the number appended, fewer once the
  /// coroutine returned. Rethrows what it threw, after appending the values before.
  template <class Out>
  std::size_t take(std::size_t n, Out& out) {
    std::size_t taken = 0;
    if (!h_)
      return 0;
    auto& p = h_.promise();
    while (taken < n && !h_.done()) {
      h_.resume();
      if (p.failure_)
        std::rethrow_exception(std::exchange(p.failure_, nullptr));
      if (h_.done())
        break;
      out.push_back(std::move(*p.value_));
      ++taken;
    }
    return taken;
  }

  /// Whether the coroutine returned (or there is none).
  bool done() const noexcept { return !h_ || h_.done(); }

private:
  explicit generator(std::coroutine_handle<promise_type> h) noexcept : h_(h) {}
  std::coroutine_handle<promise_type> h_;
};

} // namespace troupe
