// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// co_await on what request() returns, and on self->sleep(d). The handler
// suspends; the response (or the error that replaces it) is handed to a
// resumer registered like a then() handler, which resumes the handler with it.
// The awaited value is expected<R>: the response, or its error
// (sec::request_timeout, sec::request_receiver_down, an error the receiver
// answered with, sec::unexpected_response for a response of another type).
#include <coroutine>
#include <cstddef>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/coroutines/task.hpp"
#include "troupe/expected.hpp"
#include "troupe/response_handle.hpp"
#include "troupe/scheduled_actor.hpp"
#include "troupe/sleep_request.hpp"
#include "troupe/typed/typed_response_handle.hpp"

namespace troupe::detail {

/// Responses awaited together (when_all, when_any): the first index that arrived, and how many are still due
/// before the handler resumes.
struct await_group {
  static constexpr std::size_t none = std::numeric_limits<std::size_t>::max();
  std::size_t remaining = 0;
  std::size_t first = none;
};

/// The handler of one awaited response: keeps the response in the awaiting frame and resumes the coroutine
/// (for a group, once the last response it waits for is in).
class coroutine_resumer final : public behavior_impl {
public:
  coroutine_resumer(std::coroutine_handle<> h, handler_coroutine& p, message& slot, await_group* group = nullptr,
                    std::size_t index = 0) noexcept
    : h_(h), p_(&p), slot_(&slot), group_(group), index_(index) {}

  bool invoke(message& msg, invoke_result& res) override {
    res.kind = invoke_result::done;
    *slot_ = std::move(msg);
    if (group_ != nullptr) {
      if (group_->first == await_group::none)
        group_->first = index_;
      if (--group_->remaining != 0)
        return true;
    }
    handler_coroutine::resume(h_, *p_);
    return true;
  }

private:
  std::coroutine_handle<> h_;
  handler_coroutine* p_;
  message* slot_;
  await_group* group_;
  std::size_t index_;
};

/// Makes `resumer` the handler of the response to request `id`, as then() does (adopting the reference).
inline void expect_response(scheduled_actor* self, message_id id, coroutine_resumer* resumer) {
  self->add_multiplexed_response(id, behavior{behavior_impl_ptr{resumer, false}});
}

/// The promise of the coroutine that awaits: only coroutine handlers (task<T>) may await a response.
template <class P>
handler_coroutine& handler_promise(std::coroutine_handle<P> h) {
  static_assert(std::is_base_of_v<handler_coroutine, P>,
                "only a coroutine handler returning troupe::task<T> can co_await a request or a sleep");
  return h.promise();
}

/// expected<R> from a response message: R = message takes it whole; void, one type or std::tuple<Ts...> take
/// its elements.
template <class R>
expected<R> response_as(message& m) {
  if (m.size() == 1)
    if (auto* err = m.get_if<error>(0); err != nullptr) {
      if constexpr (!std::is_same_v<R, error>)
        return *err;
    }
  if constexpr (std::is_same_v<R, message>) {
    return std::move(m);
  } else if constexpr (std::is_void_v<R>) {
    if (m.empty())
      return {};
    return error{sec::unexpected_response, to_string(m)};
  } else if constexpr (is_tuple<R>::value) {
    return [&]<class... Ts>(std::tuple<Ts...>*) -> expected<R> {
      if (!m.match_elements<Ts...>())
        return error{sec::unexpected_response, to_string(m)};
      std::size_t i = 0;
      return R{m.get_as<Ts>(i++)...};
    }(static_cast<R*>(nullptr));
  } else {
    if (!m.match_elements<R>())
      return error{sec::unexpected_response, to_string(m)};
    return m.get_as<R>(0);
  }
}

/// The awaited type of a typed request's response types: void, the one type, or a tuple of them.
template <class Output>
struct awaited_response;
template <>
struct awaited_response<type_list<>> {
  using type = void;
};
template <class T>
struct awaited_response<type_list<T>> {
  using type = T;
};
template <class T, class U, class... Ts>
struct awaited_response<type_list<T, U, Ts...>> {
  using type = std::tuple<T, U, Ts...>;
};

/// co_await on a request: suspends until its response arrives.
template <class R>
class response_awaiter {
public:
  /// The awaited value is expected<value_type>.
  using value_type = R;

  response_awaiter(scheduled_actor* self, message_id id) noexcept : self_(self), id_(id) {}

  bool await_ready() const noexcept { return false; }

  template <class P>
  void await_suspend(std::coroutine_handle<P> h) {
    auto& p = handler_promise(h);
    p.suspending(self_, h);
    expect_response(self_, id_, new coroutine_resumer(h, p, response_));
  }

  expected<R> await_resume() { return response_as<R>(response_); }

  /// The actor that sent the request, and its id (for when_all and when_any).
  scheduled_actor* self() const noexcept { return self_; }
  message_id id() const noexcept { return id_; }
  /// The response as it arrived (for when_all and when_any).
  message& slot() noexcept { return response_; }

private:
  scheduled_actor* self_;
  message_id id_;
  message response_;
};

/// co_await self->sleep(d): suspends until the timer fires.
class sleep_awaiter {
public:
  explicit sleep_awaiter(sleep_request r) noexcept : request_(r) {}

  bool await_ready() const noexcept { return request_.duration <= std::chrono::nanoseconds::zero(); }

  template <class P>
  void await_suspend(std::coroutine_handle<P> h) {
    auto& p = handler_promise(h);
    p.suspending(request_.self, h);
    auto id = coroutine_access::start_timer(request_.self, request_.duration);
    expect_response(request_.self, id, new coroutine_resumer(h, p, fired_));
  }

  void await_resume() const noexcept {}

private:
  sleep_request request_;
  message fired_; // the timer's sec::request_timeout
};

} // namespace troupe::detail

namespace troupe {

/// Awaiting a request to a dynamically typed actor yields expected<message>: the response, whatever it holds.
inline detail::response_awaiter<message> operator co_await(response_handle<scheduled_actor> h) noexcept {
  return {h.self(), h.id()};
}

/// Awaiting a request to a typed actor yields expected<R>, R the response type its interface declares (void
/// for none, std::tuple<Ts...> for several), checked at compile time.
template <class Output>
detail::response_awaiter<typename detail::awaited_response<Output>::type>
operator co_await(typed_response_handle<scheduled_actor, Output> h) noexcept {
  return {h.self(), h.id()};
}

/// Awaiting self->sleep(d) resumes the handler once d has passed.
inline detail::sleep_awaiter operator co_await(sleep_request r) noexcept {
  return detail::sleep_awaiter{r};
}

} // namespace troupe
