// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The index space a kernel runs over: the global work size, optional global
// offsets and an optional work-group (local) size, each with the same number
// of dimensions as the global size or empty.
//
//   opencl::nd_range{opencl::dim_vec{n}}                        // n work items
//   opencl::nd_range{opencl::dim_vec{w, h}, {}, {16, 16}}       // 16x16 groups
#include <cstddef>

#include "troupe/opencl/dim_vec.hpp"

namespace troupe::opencl {

/// The index space a kernel runs over: the global work size, optional global offsets and an optional work-group
/// (local) size, each empty or with as many dimensions as the global size.
struct nd_range {
  /// Implicit, so that a dim_vec names a range of that global size.
  nd_range(dim_vec global_size, dim_vec global_offsets = {}, dim_vec local_size = {}) // NOLINT: implicit on purpose
    : global(global_size), offsets(global_offsets), local(local_size) {}

  /// The global work size: the work items per dimension.
  dim_vec global;
  /// The global offsets per dimension; empty: none.
  dim_vec offsets;
  /// The work-group size per dimension; empty: the OpenCL implementation picks it.
  dim_vec local;

  /// The number of work items: what an output without a size function holds.
  std::size_t global_size() const noexcept { return global.product(); }
};

} // namespace troupe::opencl
