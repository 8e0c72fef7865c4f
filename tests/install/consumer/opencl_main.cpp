// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::opencl, installed: a kernel built and run by an OpenCL actor. Without any
// OpenCL device it says so and exits 77, which the install test reads as skipped.
#include <troupe/opencl.hpp>

#include <chrono>
#include <iostream>
#include <vector>

namespace {
constexpr const char* source = R"CLC(
__kernel void twice(__global const float* in, __global float* out) {
  out[get_global_id(0)] = 2.0f * in[get_global_id(0)];
}
)CLC";
} // namespace

int main() {
  using namespace troupe;
  actor_system_config cfg;
  cfg.load<opencl::manager>();
  actor_system sys{cfg};
  if (sys.opencl_manager().devices().empty()) {
    std::cout << "no OpenCL device\n";
    return 77;
  }
  const std::size_t n = 8;
  expected<actor> twice = opencl::spawn_cl<float*(float*)>(sys, source, "twice", {n});
  if (!twice) {
    std::cerr << to_string(twice.error()) << '\n';
    return 2;
  }
  scoped_actor self{sys};
  std::vector<float> result;
  self->request(*twice, std::chrono::seconds(30), std::vector<float>(n, 1.5f))
    .receive([&](const std::vector<float>& xs) { result = xs; },
             [](const error& e) { std::cerr << to_string(e) << '\n'; });
  return result == std::vector<float>(n, 3.0f) ? 0 : 1;
}
