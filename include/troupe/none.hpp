// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// `none`: the value of "nothing here", which value types with an invalid state
// (node_id) accept and compare with: node_id{} == none.
namespace troupe {

struct none_t {
  explicit constexpr none_t(int) noexcept {}
};

inline constexpr none_t none{0};

} // namespace troupe
