// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Matrix multiply on an OpenCL device, shared by the troupe program (a kernel
// actor from spawn_cl) and the raw OpenCL one (the same kernel driven by host
// code): the kernel, the inputs and the check. The inputs hold small integers,
// so every product is exact in float (below 2^24 up to N = 2048) and the check
// compares for equality.
#include <cstddef>
#include <vector>

#include "common.hpp"

namespace bench {

inline constexpr const char* matmul_cl_source = R"CLC(
__kernel void matrix_multiply(__global const float* a, __global const float* b, __global float* c) {
  const size_t n = get_global_size(0);
  const size_t col = get_global_id(0);
  const size_t row = get_global_id(1);
  float acc = 0.0f;
  for (size_t k = 0; k < n; ++k)
    acc += a[row * n + k] * b[k * n + col];
  c[row * n + col] = acc;
}
)CLC";

struct matmul_inputs {
  std::vector<float> a, b;
  explicit matmul_inputs(std::size_t n) : a(n * n), b(n * n) {
    for (std::size_t i = 0; i < n * n; ++i) {
      a[i] = static_cast<float>(i % 7);
      b[i] = static_cast<float>(i % 5) - 2.0f;
    }
  }
};

// Compares every `stride`-th row of c with the host's product.
inline bool matmul_rows_equal(std::size_t n, const matmul_inputs& in, const std::vector<float>& c, std::size_t stride) {
  if (c.size() != n * n)
    return false;
  for (std::size_t row = 0; row < n; row += stride)
    for (std::size_t col = 0; col < n; ++col) {
      float acc = 0.0f;
      for (std::size_t k = 0; k < n; ++k)
        acc += in.a[row * n + k] * in.b[k * n + col];
      if (acc != c[row * n + col])
        return false;
    }
  return true;
}

// Reports the per-request time and checks the last product (every row with
// --verify, else about 16 of them); returns the exit status.
inline int matmul_finish(std::size_t n, long long requests, double work_s, const matmul_inputs& in,
                         const std::vector<float>& c, bool full) {
  metric("us_per_request", work_s * 1e6 / static_cast<double>(requests));
  const std::size_t stride = full ? 1 : (n + 15) / 16;
  return check(matmul_rows_equal(n, in, c, stride), "the product equals the host's");
}

} // namespace bench
