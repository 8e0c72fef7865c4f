// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The suite's Mandelbrot image (common.hpp: mandel_row, its pixels and bit
// packing) with its rows split between one OpenCL kernel actor and CPU actors:
// the kernel computes rows [0, opencl_rows), one actor per row computes the
// rest, as in mandelbrot.cpp. The kernel repeats mandel_row's double arithmetic
// operation by operation, with contraction into fused multiply-adds switched
// off, so the image and its checksum equal the CPU-only ones whatever the split.
#include <troupe/opencl.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "troupe_common.hpp"

namespace bench {

// One work item per byte (8 pixels); get_global_id(1) is the row within the
// block of rows that starts at first_row.
inline constexpr const char* mandel_cl_source = R"CLC(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
__kernel void mandel_rows(__global uchar* out, int n, int max_iter, int first_row) {
  const int byte = (int)get_global_id(0);
  const int row = (int)get_global_id(1);
  const double ci = 2.0 * (first_row + row) / n - 1.0;
  uint bits = 0;
  for (int k = 0; k < 8; ++k) {
    const int x = byte * 8 + k;
    bits <<= 1;
    if (x >= n)
      continue;
    const double cr = 2.0 * x / n - 1.5;
    double zr = 0.0, zi = 0.0, tr = 0.0, ti = 0.0;
    for (int i = 0; i < max_iter && tr + ti <= 4.0; ++i) {
      zi = 2.0 * zr * zi + ci;
      zr = tr - ti + cr;
      tr = zr * zr;
      ti = zi * zi;
    }
    if (tr + ti <= 4.0)
      bits |= 1u;
  }
  out[(size_t)row * get_global_size(0) + byte] = (uchar)bits;
}
)CLC";

// The rows the OpenCL actor computes for a fraction f of an n-row image.
inline int mandel_opencl_rows(int n, double f) {
  return std::clamp(static_cast<int>(std::lround(f * n)), 0, n);
}

// A kernel actor for a block of `rows` rows of an n x n image: it answers
// (int first_row) with the block's bytes, row after row.
inline troupe::expected<troupe::actor> spawn_mandel_rows(troupe::opencl::manager& mngr, int n, int max_iter, int rows) {
  namespace cl = troupe::opencl;
  auto prog = mngr.create_program(mandel_cl_source);
  if (!prog)
    return prog.error();
  const cl::nd_range range{cl::dim_vec{mandel_row_bytes(n), static_cast<std::size_t>(rows)}};
  return mngr.spawn(*prog, "mandel_rows", range, cl::out<unsigned char>{}, cl::priv<int>{n}, cl::priv<int>{max_iter},
                    cl::priv<int, cl::val>{});
}

// Fills `image` (n rows of mandel_row_bytes(n)): rows [0, opencl_rows) by
// `kernel` (from spawn_mandel_rows; unused when opencl_rows is 0), the others
// by one CPU actor each. The kernel's request goes out first, so the device
// works while the CPU actors do.
inline troupe::error mandel_split(troupe::scoped_actor& self, const troupe::actor& kernel, int n, int max_iter,
                                  int opencl_rows, unsigned char* image) {
  using namespace troupe;
  const std::size_t nb = mandel_row_bytes(n);
  auto spawn_cpu_rows = [&] {
    for (int y = opencl_rows; y < n; ++y) {
      auto row = self->system().spawn([=, report_to = actor{self}](event_based_actor* me) -> behavior {
        return {on(atom("row"), arg_match) >> [=](int y_) {
          mandel_row(n, max_iter, y_, image + static_cast<std::size_t>(y_) * nb);
          me->send(report_to, atom("done"), y_);
          me->quit();
        }};
      });
      self->send(row, atom("row"), y);
    }
  };
  error failure;
  if (opencl_rows > 0) {
    auto pending = self->request(kernel, result_timeout, 0);
    spawn_cpu_rows();
    pending.receive(
      [&](const std::vector<unsigned char>& block) {
        if (block.size() == nb * static_cast<std::size_t>(opencl_rows))
          std::copy(block.begin(), block.end(), image);
        else
          failure = error{sec::runtime_error, "the kernel answered a block of another size"};
      },
      [&](const error& e) { failure = e; });
  } else {
    spawn_cpu_rows();
  }
  int done = 0;
  self->receive_while([&] { return done < n - opencl_rows; }, on(atom("done"), arg_match) >> [&](int) { ++done; },
                      after(result_timeout) >> [] { timed_out("mandelbrot split"); });
  return failure;
}

} // namespace bench
