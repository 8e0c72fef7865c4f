// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Static partitioning: [begin, end) of partition i when `size` elements are
// split into `parts` contiguous partitions whose sizes differ by at most one.
#include <cstddef>
#include <utility>

namespace troupe::patterns {

/// [begin, end) of partition `i` when `size` elements are split into `parts` contiguous partitions whose sizes
/// differ by at most one (the first size % parts partitions take one element more). Precondition: parts > 0.
std::pair<std::size_t, std::size_t> static_partition(std::size_t size, std::size_t parts, std::size_t i) noexcept;

} // namespace troupe::patterns
