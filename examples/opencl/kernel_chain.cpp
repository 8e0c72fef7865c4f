// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Three kernels in a row: y = sqrt(x * x + 1) - 1 computed as square, add one,
// square root minus one. The first stage takes the host vector and answers
// with a mem_ref; the middle stage works on device memory only; the last
// answers with a host vector again. Nothing between the stages is copied
// through the host.
//
//   troupe_example_kernel_chain [n] [--opencl.device=...]
#include <troupe/opencl.hpp>

#include <chrono>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

constexpr const char* source = R"CLC(
__kernel void square(__global const float* in, __global float* out) {
  size_t i = get_global_id(0);
  out[i] = in[i] * in[i];
}
__kernel void add_one(__global float* xs) {
  xs[get_global_id(0)] += 1.0f;
}
__kernel void root_minus_one(__global const float* in, __global float* out) {
  size_t i = get_global_id(0);
  out[i] = sqrt(in[i]) - 1.0f;
}
)CLC";

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  cfg.load<opencl::manager>();
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << to_string(err) << '\n';
    return 1;
  }
  const std::size_t n = cfg.remainder().empty() ? 1 << 20 : std::stoul(cfg.remainder().front());
  actor_system sys{cfg};
  auto& mngr = sys.opencl_manager();

  auto prog = mngr.create_program(source);
  if (!prog) {
    std::cerr << "no program: " << to_string(prog.error()) << '\n';
    return prog.error() == opencl::errc::no_device ? 77 : 1;
  }
  opencl::nd_range range{opencl::dim_vec{n}};
  auto square = mngr.spawn(*prog, "square", range, opencl::in<float>{}, opencl::out<float, opencl::mref>{});
  auto add_one = mngr.spawn(*prog, "add_one", range, opencl::in_out<float, opencl::mref>{});
  auto root = mngr.spawn(*prog, "root_minus_one", range, opencl::in<float, opencl::mref>{}, opencl::out<float>{});
  if (!square || !add_one || !root) {
    std::cerr << "cannot spawn the stages\n";
    return 1;
  }

  std::vector<float> xs(n);
  for (std::size_t i = 0; i < n; ++i)
    xs[i] = static_cast<float>(i % 1000) / 100.0f;

  scoped_actor self{sys};
  std::vector<float> ys;
  auto fail = [](const error& e) { std::cerr << "stage failed: " << to_string(e) << '\n'; };
  self->request(*square, 60s, xs)
    .receive(
      [&](opencl::mem_ref<float>& squared) {
        self->request(*add_one, 60s, squared)
          .receive(
            [&](opencl::mem_ref<float>& plus_one) {
              self->request(*root, 60s, plus_one).receive([&](std::vector<float>& r) { ys = std::move(r); }, fail);
            },
            fail);
      },
      fail);
  if (ys.size() != n)
    return 1;

  std::size_t wrong = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const float expected = std::sqrt(xs[i] * xs[i] + 1.0f) - 1.0f;
    if (std::fabs(expected - ys[i]) > 1e-4f * (1.0f + expected))
      ++wrong;
  }
  std::cout << "chain of 3 kernels over " << n << " elements: " << (wrong == 0 ? "matches the host" : "WRONG") << '\n';
  return wrong == 0 ? 0 : 1;
}
