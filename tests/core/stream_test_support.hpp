// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What the stream tests share: generators of ints, and what a sink collects.
// The generators have internal linkage: clang cannot emit the debug info of a
// coroutine in an inline (COMDAT) function under -fsanitize=address.
#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>
#include <vector>

#include "troupe/streams.hpp"
#include "troupe/troupe.hpp"

namespace troupe::test {

// first, first + 1, ..., first + n - 1
[[maybe_unused]] static generator<int> count_from(int first, int n) {
  for (int i = first; i < first + n; ++i)
    co_yield i;
}

[[maybe_unused]] static generator<int> count_forever() {
  for (int i = 0;; ++i)
    co_yield i;
}

// 0 to n - 1, counting each in *produced before it goes out.
[[maybe_unused]] static generator<int> count_produced(int n, std::shared_ptr<std::atomic<long>> produced) {
  for (int i = 0; i < n; ++i) {
    produced->fetch_add(1);
    co_yield i;
  }
}

// 0 to n - 1, then an exception.
[[maybe_unused]] static generator<int> fail_after(int n) {
  for (int i = 0; i < n; ++i)
    co_yield i;
  throw std::runtime_error{"the generator broke"};
}

struct collected {
  std::vector<int> items;
  std::optional<error> end;
};

// The on_next and on_done of a sink that collects into `c`.
inline auto collect_into(std::shared_ptr<collected> c) {
  return std::pair{[c](int x) { c->items.push_back(x); }, [c](error e) { c->end = std::move(e); }};
}

} // namespace troupe::test
