// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: spawn_pattern takes a pattern
// spawn_pattern spawns patterns; actors are spawned with sys.spawn.
#include "common.hpp"

void start(actor_system& sys) {
#ifdef TROUPE_COMPILE_OK
  auto p = spawn_pattern(sys, Seq<doubler>{});
#else
  auto p = spawn_pattern(sys, twice);
#endif
}
