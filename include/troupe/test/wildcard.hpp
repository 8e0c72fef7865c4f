// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// `_` in a check's with(...): any value of that element is fine.
namespace troupe::test {

/// The type of `_`.
struct wildcard {};

/// In a check's with(...): any value of that element is fine, as in `expect<int, int>().with(1, _)`.
inline constexpr wildcard _{};

} // namespace troupe::test
