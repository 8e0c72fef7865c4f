// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The documentation programs check what their snippets claim (a value named in
// a comment, an outcome the text describes) with DOC_CHECK, after the snippet.
// A failed check prints the condition and makes the program exit non-zero, so
// the ctest test docs.<name> fails when the docs and the code disagree.
#pragma once

#include <troupe/troupe.hpp>

#include <chrono>
#include <iostream>
#include <optional>
#include <utility>

namespace doc {

inline int failures = 0;

inline void check(bool ok, const char* condition, int line) {
  if (!ok) {
    std::cerr << "FAIL (line " << line << "): " << condition << '\n';
    ++failures;
  }
}

// The exit status of main: 0 when every check held.
inline int result() {
  if (failures == 0)
    std::cout << "all checks passed\n";
  return failures == 0 ? 0 : 1;
}

// Sends a request from `self` and returns the response if it is one R.
template <class R, class Handle, class... Ts>
std::optional<R> ask(troupe::scoped_actor& self, const Handle& dest, Ts&&... xs) {
  std::optional<R> result;
  self->request(dest, std::chrono::seconds(5), std::forward<Ts>(xs)...)
    .receive([&](R r) { result = std::move(r); }, [](const troupe::error&) {});
  return result;
}

} // namespace doc

#define DOC_CHECK(...) ::doc::check(static_cast<bool>(__VA_ARGS__), #__VA_ARGS__, __LINE__)
