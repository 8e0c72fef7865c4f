// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// task<T>: what a coroutine handler returns. The handler starts at once, like
// any handler; if it finishes without suspending, its co_return value is the
// answer, exactly as a returned value. If it suspends in co_await, the actor
// takes the coroutine over: it keeps the message that started it (so
// current_sender() and make_response_promise() stay those of that message
// across every suspension), holds its other messages back unless it is
// reentrant, and the co_return value answers that message later. A handler
// that throws, before or after suspending, takes the path of a handler that
// throws: the request gets the exception's error and the actor ends with it.
#include <concepts>
#include <coroutine>
#include <exception>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/building_blocks/coroutine_access.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/error.hpp"
#include "troupe/exception_reason.hpp"
#include "troupe/match/invoke_result.hpp"
#include "troupe/message.hpp"
#include "troupe/typed/typed_behavior.hpp"

namespace troupe {

template <class T = void>
class task;

namespace detail {

/// The promise part every coroutine handler shares: where the actor's side of a suspension is kept.
class handler_coroutine : public suspended_coroutine {
public:
  handler_coroutine() noexcept = default;
  handler_coroutine(const handler_coroutine&) = delete;
  handler_coroutine& operator=(const handler_coroutine&) = delete;
  // Frames come from the thread's allocation cache, as actors and messages do.
  static void* operator new(std::size_t n) { return cached_allocate(n); }
  static void operator delete(void* p, std::size_t n) noexcept { cached_deallocate(p, n); }

  std::suspend_never initial_suspend() const noexcept { return {}; }
  std::suspend_always final_suspend() const noexcept { return {}; }
  void unhandled_exception() noexcept { failure_ = std::current_exception(); }

  /// Every awaiter calls this right before the handler suspends. The first time, the actor `self` takes the
  /// coroutine over: it keeps the message being handled and, unless reentrant, holds other messages back.
  void suspending(scheduled_actor* self, std::coroutine_handle<> h) {
    if (self_ != nullptr)
      return;
    if (self == nullptr)
      throw std::logic_error{"a coroutine handler awaited outside a scheduled actor"};
    frame = h.address();
    origin_ = coroutine_access::take_over_current(self);
    self_ = self;
    holds_ = coroutine_access::suspend(self, this);
  }

  /// Whether the handler has suspended (the actor owns it, and it answers through answer()).
  bool taken_over() const noexcept { return self_ != nullptr; }

  /// The actor that owns the suspended handler.
  scheduled_actor* self() const noexcept { return self_; }

  /// Answers the message that started the handler (after it suspended).
  void answer(message msg) { coroutine_access::answer(self_, origin_.get(), std::move(msg)); }

  /// The exception the handler let escape, if any.
  std::exception_ptr failure() const noexcept { return failure_; }

  /// Resumes a suspended handler where it waits, with the message that started it as the actor's current one.
  /// When it finishes, the actor lets it go (and the messages it held back run); an exception it let escape
  /// answers the request with the exception's error and propagates from here, as from a handler.
  static void resume(std::coroutine_handle<> h, handler_coroutine& p) {
    auto* self = p.self_;
    auto* saved = coroutine_access::current(self);
    coroutine_access::set_current(self, p.origin_.get());
    h.resume();
    coroutine_access::set_current(self, saved);
    if (!h.done())
      return;
    auto failure = std::move(p.failure_);
    if (failure)
      p.answer(make_message(exception_reason(failure)));
    coroutine_access::finish(self, &p, p.holds_);
    h.destroy();
    if (failure)
      std::rethrow_exception(failure);
  }

  /// A handler destroyed before it answered (its actor ended) answers its request with
  /// sec::request_receiver_down, as the actor's unhandled messages are.
  ~handler_coroutine() {
    if (origin_ && origin_->mid.is_request() && !origin_->mid.is_answered())
      answer(make_message(error{sec::request_receiver_down}));
  }

private:
  scheduled_actor* self_ = nullptr;
  mailbox_element_ptr origin_;
  std::exception_ptr failure_;
  bool holds_ = false;
};

/// The value a task<T> hands over: the answer's message.
template <class T>
message answer_message(T&& x) {
  using D = std::decay_t<T>;
  if constexpr (std::is_same_v<D, message>)
    return std::forward<T>(x);
  else if constexpr (is_tuple<D>::value)
    return std::apply([](auto&&... xs) { return make_message(std::forward<decltype(xs)>(xs)...); }, std::forward<T>(x));
  else
    return make_message(std::forward<T>(x));
}

template <class T>
class task_promise : public handler_coroutine {
public:
  task<T> get_return_object() noexcept;

  /// co_return x: the answer. An error (or an error code) answers the request with that error.
  template <class U = T>
    requires std::convertible_to<U&&, T>
  void return_value(U&& x) { deliver(answer_message(static_cast<T>(std::forward<U>(x)))); }
  template <class E>
    requires(!std::convertible_to<E, T> && (std::same_as<std::decay_t<E>, error> || error_code_enum<std::decay_t<E>>))
  void return_value(E&& err) { deliver(make_message(error{std::forward<E>(err)})); }

  /// The answer of a handler that finished without suspending.
  std::optional<message>& answer_now() noexcept { return now_; }

private:
  void deliver(message msg) {
    if (taken_over())
      answer(std::move(msg));
    else
      now_ = std::move(msg);
  }
  std::optional<message> now_;
};

template <>
class task_promise<void> : public handler_coroutine {
public:
  task<void> get_return_object() noexcept;

  /// co_return (or the end of the body): an empty answer, as a void handler gives.
  void return_void() {
    if (taken_over())
      answer(message{});
  }
};

} // namespace detail

/// What a coroutine handler returns: `co_return value` answers the message that started it, as returning the
/// value does in a plain handler. A typed behavior checks T against the handler's signature (task<> or
/// task<void>: no values; task<std::tuple<Ts...>>: several). Only the runtime consumes a task: a handler returns
/// it, and the actor takes the coroutine over if it suspended.
template <class T>
class [[nodiscard]] task {
public:
  /// The coroutine's promise (what the compiler looks up for a function returning task<T>).
  using promise_type = detail::task_promise<T>;
  /// Marks the type as a handler result whose apply_to() fills in the runtime's record of the outcome.
  using result_tag = void;

  /// Moving takes the coroutine over; `other` is left empty.
  /// @{
  task(task&& other) noexcept : h_(std::exchange(other.h_, {})) {}
  task& operator=(task&& other) noexcept {
    if (this != &other) {
      release();
      h_ = std::exchange(other.h_, {});
    }
    return *this;
  }
  /// @}
  task(const task&) = delete;
  task& operator=(const task&) = delete;
  ~task() { release(); }

  /// What the runtime does with the handler's result: a handler that finished answers now (or rethrows what it
  /// threw); one that suspended answers later, through its actor.
  void apply_to(detail::invoke_result& res) && {
    auto& p = h_.promise();
    if (!h_.done()) {
      res.kind = detail::invoke_result::done;
      h_ = {}; // the actor owns the suspended coroutine now
      return;
    }
    if (auto failure = p.failure()) {
      release();
      std::rethrow_exception(failure);
    }
    if constexpr (std::is_void_v<T>) {
      res.kind = detail::invoke_result::done; // as a void handler: a request gets the empty answer
    } else {
      res.kind = detail::invoke_result::reply;
      res.value = std::move(*p.answer_now());
    }
    release();
  }

private:
  friend class detail::task_promise<T>;
  explicit task(std::coroutine_handle<promise_type> h) noexcept : h_(h) {}

  // A finished coroutine's frame goes with its task; a suspended one belongs to its actor.
  void release() noexcept {
    if (h_ && h_.done())
      h_.destroy();
    h_ = {};
  }

  std::coroutine_handle<promise_type> h_;
};

namespace detail {

template <class T>
task<T> task_promise<T>::get_return_object() noexcept {
  return task<T>{std::coroutine_handle<task_promise<T>>::from_promise(*this)};
}

inline task<void> task_promise<void>::get_return_object() noexcept {
  return task<void>{std::coroutine_handle<task_promise<void>>::from_promise(*this)};
}

/// A typed behavior checks a coroutine handler's answer like a direct one.
template <class T>
struct handler_output<task<T>> {
  using type = typename handler_output<T>::type;
};

} // namespace detail

} // namespace troupe
