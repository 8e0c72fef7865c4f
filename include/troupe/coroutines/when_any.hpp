// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// co_await when_any(requests...): the handler resumes with the first response
// that arrives (or the first failure), and the position of its request among
// the arguments; the responses to the others are discarded when they come.
#include <array>
#include <coroutine>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "troupe/coroutines/response_awaiter.hpp"

namespace troupe {

/// What co_await when_any(...) yields: which request answered first (its position among the arguments) and
/// its response.
template <class R>
struct any_response {
  std::size_t index; ///< the position of the request that answered first among when_any's arguments
  expected<R> value; ///< its response, or its error
};

namespace detail {

template <class R, std::size_t N>
class when_any_awaiter {
public:
  explicit when_any_awaiter(std::array<response_awaiter<R>, N> parts) noexcept : parts_(std::move(parts)) {}

  bool await_ready() const noexcept { return false; }

  template <class P>
  void await_suspend(std::coroutine_handle<P> h) {
    auto& p = handler_promise(h);
    group_.remaining = 1;
    for (auto& part : parts_)
      p.suspending(part.self(), h);
    for (std::size_t i = 0; i < N; ++i)
      expect_response(parts_[i].self(), parts_[i].id(), new coroutine_resumer(h, p, parts_[i].slot(), &group_, i));
  }

  any_response<R> await_resume() {
    auto first = group_.first;
    for (std::size_t i = 0; i < N; ++i)
      if (i != first)
        coroutine_access::forget_response(parts_[i].self(), parts_[i].id());
    return {first, parts_[first].await_resume()};
  }

private:
  std::array<response_awaiter<R>, N> parts_;
  await_group group_;
};

} // namespace detail

/// Awaits the first response to any of these requests (what request() returned; all with the same response
/// type): the handler resumes with an any_response<R> naming the request and holding its expected<R>.
template <class Handle, class... Handles>
auto when_any(Handle h, Handles... hs) {
  using R = typename decltype(operator co_await(h))::value_type;
  static_assert((std::is_same_v<R, typename decltype(operator co_await(hs))::value_type> && ...),
                "when_any needs requests with one response type; await requests to dynamically typed actors "
                "(expected<message>) to mix them");
  constexpr std::size_t n = 1 + sizeof...(Handles);
  return detail::when_any_awaiter<R, n>{
    std::array<detail::response_awaiter<R>, n>{operator co_await(h), operator co_await(hs)...}};
}

} // namespace troupe
