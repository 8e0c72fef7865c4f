// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Coroutine handlers: a handler of an event-based or typed actor may be a
// coroutine returning task<T> (or task<>), which awaits requests, pauses and
// groups of requests in sequence instead of nesting then() callbacks:
//
//   [=](int x) -> task<int> {
//     auto a = co_await self->request(doubler, 1s, x); // expected<message> or, typed, expected<R>
//     if (!a)
//       co_return a.error();
//     co_await self->sleep(10ms);
//     auto [b, c] = co_await when_all(self->request(adder, 1s, x, 1), self->request(adder, 1s, x, 2));
//     co_return (b ? *b : 0) + (c ? *c : 0);
//   }
//
// A suspended handler holds the actor's other messages back until it finishes
// (self->reentrant(true) lets them run in between), keeps the message that
// started it as the current one, and answers it with its co_return value. See
// docs/coroutines.md for the semantics and the costs.
#include "troupe/coroutines/response_awaiter.hpp"
#include "troupe/coroutines/task.hpp"
#include "troupe/coroutines/when_all.hpp"
#include "troupe/coroutines/when_any.hpp"
