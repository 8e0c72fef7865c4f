// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Lists every OpenCL device the manager found, and which one
// --opencl.device makes the default.
#include <troupe/opencl.hpp>

#include <iostream>

using namespace troupe;

int main(int argc, char** argv) {
  actor_system_config cfg;
  cfg.load<opencl::manager>();
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << to_string(err) << '\n';
    return 1;
  }
  actor_system sys{cfg};
  auto& mngr = sys.opencl_manager();
  if (mngr.devices().empty()) {
    std::cout << "no OpenCL device: " << to_string(mngr.default_device().error()) << '\n';
    return 77;
  }
  auto chosen = mngr.default_device();
  for (const auto& d : mngr.devices()) {
    const auto& x = d.info();
    std::cout << "device " << d.index() << (chosen && *chosen == d ? " (default)" : "") << '\n'
              << "  name:           " << x.name << '\n'
              << "  vendor:         " << x.vendor << '\n'
              << "  platform:       " << x.platform << '\n'
              << "  version:        " << x.version << '\n'
              << "  type:           " << to_string(x.type) << '\n'
              << "  global memory:  " << x.global_memory / (1024 * 1024) << " MiB\n"
              << "  local memory:   " << x.local_memory / 1024 << " KiB\n"
              << "  largest buffer: " << x.max_allocation / (1024 * 1024) << " MiB\n"
              << "  compute units:  " << x.compute_units << '\n'
              << "  work group:     " << x.max_work_group_size << " items at most\n";
  }
  if (!chosen)
    std::cout << "no default device: " << to_string(chosen.error()) << '\n';
  return 0;
}
