// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The benchmark suite's Mandelbrot image with a fraction f of its rows computed
// by an OpenCL kernel actor and the rest by CPU actors, one per row. Checks that
// the image's checksum equals the one of the CPU-only image, whatever f.
//
//   troupe_example_mandelbrot_split [size] [iterations] [f] [--opencl.device=...]
#include <troupe/opencl.hpp>

#include <iostream>
#include <string>
#include <vector>

#include "mandelbrot_split.hpp" // bench/workloads: the kernel and the split

using namespace troupe;

int main(int argc, char** argv) {
  actor_system_config cfg;
  cfg.load<opencl::manager>();
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << to_string(err) << '\n';
    return 1;
  }
  const auto& rest = cfg.remainder();
  const int n = rest.size() > 0 ? std::stoi(rest[0]) : 400;
  const int iters = rest.size() > 1 ? std::stoi(rest[1]) : 200;
  const double f = rest.size() > 2 ? std::stod(rest[2]) : 0.5;
  if (n < 1 || iters < 1 || f < 0 || f > 1) {
    std::cerr << "size and iterations are positive, f is in [0, 1]\n";
    return 1;
  }
  const int opencl_rows = bench::mandel_opencl_rows(n, f);
  actor_system sys{cfg};

  actor kernel;
  if (opencl_rows > 0) {
    auto spawned = bench::spawn_mandel_rows(sys.opencl_manager(), n, iters, opencl_rows);
    if (!spawned) {
      std::cerr << "no kernel actor: " << to_string(spawned.error()) << '\n';
      return spawned.error() == opencl::errc::no_device ? 77 : 1;
    }
    kernel = *spawned;
  }
  const std::size_t nb = bench::mandel_row_bytes(n);
  std::vector<unsigned char> image(nb * static_cast<std::size_t>(n));
  scoped_actor self{sys};
  if (auto err = bench::mandel_split(self, kernel, n, iters, opencl_rows, image.data())) {
    std::cerr << "split failed: " << to_string(err) << '\n';
    return 1;
  }

  std::vector<unsigned char> cpu_only(image.size());
  for (int y = 0; y < n; ++y)
    bench::mandel_row(n, iters, y, cpu_only.data() + static_cast<std::size_t>(y) * nb);
  const auto split_sum = bench::fnv1a(image.data(), image.size());
  const auto cpu_sum = bench::fnv1a(cpu_only.data(), cpu_only.size());
  std::cout << n << "x" << n << ", " << iters << " iterations, " << opencl_rows << " of " << n
            << " rows by OpenCL: checksum " << std::hex << split_sum << ", CPU only " << cpu_sum << std::dec << ": "
            << (split_sum == cpu_sum ? "equal" : "DIFFERENT") << '\n';
  return split_sum == cpu_sum ? 0 : 1;
}
