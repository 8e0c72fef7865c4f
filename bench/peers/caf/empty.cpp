// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Start-up and shutdown, CAF 0.17 version of bench/workloads/empty.cpp.
#include "caf_common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {}, ""};
  {
    caf::actor_system_config cfg;
    bench::configure_caf(cfg, a);
    caf::actor_system sys{cfg};
    caf::scoped_actor self{sys};
    bench::work_timer work;
    work.done();
  }
  return bench::check(true, "system created and stopped");
}
