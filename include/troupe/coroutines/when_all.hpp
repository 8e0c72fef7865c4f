// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// co_await when_all(requests...): the handler suspends once, until every
// response is in, and gets them all, each an expected<R> of its own, in the
// order of the arguments (not of arrival).
#include <coroutine>
#include <tuple>
#include <utility>

#include "troupe/coroutines/response_awaiter.hpp"

namespace troupe {

namespace detail {

template <class... Rs>
class when_all_awaiter {
public:
  explicit when_all_awaiter(response_awaiter<Rs>... xs) noexcept : parts_(std::move(xs)...) {}

  bool await_ready() const noexcept { return sizeof...(Rs) == 0; }

  template <class P>
  void await_suspend(std::coroutine_handle<P> h) {
    auto& p = handler_promise(h);
    group_.remaining = sizeof...(Rs);
    std::apply(
      [&](auto&... part) {
        std::size_t i = 0;
        (p.suspending(part.self(), h), ...);
        (expect_response(part.self(), part.id(), new coroutine_resumer(h, p, part.slot(), &group_, i++)), ...);
      },
      parts_);
  }

  std::tuple<expected<Rs>...> await_resume() {
    return std::apply([](auto&... part) { return std::tuple<expected<Rs>...>{part.await_resume()...}; }, parts_);
  }

private:
  std::tuple<response_awaiter<Rs>...> parts_;
  await_group group_;
};

} // namespace detail

/// Awaits the responses to all these requests (what request() returned, typed or not): the handler resumes once
/// every one arrived or failed, with a std::tuple of their expected<R>, in the arguments' order.
template <class... Handles>
auto when_all(Handles... hs) {
  return detail::when_all_awaiter<typename decltype(operator co_await(hs))::value_type...>{operator co_await(hs)...};
}

} // namespace troupe
