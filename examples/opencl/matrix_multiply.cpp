// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Multiplies two size x size matrices with an OpenCL kernel actor made from
// the kernel's signature, and checks the product against the host.
//
//   troupe_example_matrix_multiply [size] [--opencl.device=...]
#include <troupe/opencl.hpp>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

constexpr const char* source = R"CLC(
__kernel void matrix_multiply(__global float* a, __global float* b, __global float* c) {
  size_t size = get_global_size(0);
  size_t x = get_global_id(0);
  size_t y = get_global_id(1);
  float sum = 0.0f;
  for (size_t k = 0; k < size; ++k)
    sum += a[y * size + k] * b[k * size + x];
  c[y * size + x] = sum;
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
  const std::size_t size = cfg.remainder().empty() ? 512 : std::stoul(cfg.remainder().front());
  actor_system sys{cfg};

  auto mm = opencl::spawn_cl<float*(float*, float*)>(sys, source, "matrix_multiply", {size, size});
  if (!mm) {
    std::cerr << "no kernel actor: " << to_string(mm.error()) << '\n';
    return mm.error() == opencl::errc::no_device ? 77 : 1;
  }
  std::cout << "device: " << sys.opencl_manager().default_device()->name() << '\n';

  std::vector<float> a(size * size);
  std::vector<float> b(size * size);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<float>(i % 7);
    b[i] = static_cast<float>(i % 5) - 2.0f;
  }
  std::vector<float> c;
  scoped_actor self{sys};
  self->request(*mm, 60s, a, b)
    .receive([&](const std::vector<float>& result) { c = result; },
             [](const error& e) { std::cerr << "request failed: " << to_string(e) << '\n'; });
  if (c.size() != size * size)
    return 1;

  std::size_t wrong = 0;
  for (std::size_t y = 0; y < size; ++y)
    for (std::size_t x = 0; x < size; ++x) {
      float expected = 0;
      for (std::size_t k = 0; k < size; ++k)
        expected += a[y * size + k] * b[k * size + x];
      if (std::fabs(expected - c[y * size + x]) > 1e-3f * (1.0f + std::fabs(expected)))
        ++wrong;
    }
  std::cout << size << "x" << size << " product: " << (wrong == 0 ? "matches the host" : "WRONG") << '\n';
  return wrong == 0 ? 0 : 1;
}
