// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
/// `_` in a check's with(...): any value of that element is fine.
namespace troupe::test {

struct wildcard {};

inline constexpr wildcard _{};

} // namespace troupe::test
