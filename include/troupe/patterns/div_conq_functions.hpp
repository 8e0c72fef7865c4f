// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The four user functions of a DivConq, shared (read-only) by all actors of
// its recursion tree.
#include <functional>
#include <span>
#include <vector>

namespace troupe::patterns::detail {

template <class Cnt>
struct div_conq_functions {
  using range = std::span<typename Cnt::value_type>;
  std::function<std::vector<range>(range&)> divide;
  std::function<range(std::vector<range>&)> merge;
  std::function<void(range&)> seq;
  std::function<bool(const range&)> cond;
};

} // namespace troupe::patterns::detail
