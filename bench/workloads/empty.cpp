// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Start-up and shutdown: creates the actor system, does no work, stops it. The
// runner's start-up figure for troupe is this program's wall time.
//   empty [--workers=W]
#include "troupe_common.hpp"

int main(int argc, char** argv) {
  bench::args a{argc, argv, {}, ""};
  {
    troupe::actor_system sys{bench::troupe_config(a)};
    troupe::scoped_actor self{sys};
    bench::work_timer work;
    work.done();
  }
  return bench::check(true, "system created and stopped");
}
