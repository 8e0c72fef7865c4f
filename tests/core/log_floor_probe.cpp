// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Compiled with a compile-time floor of 2 (errors and warnings): the info,
// debug and trace statements below must vanish, whatever the logger's level.
#define TROUPE_LOG_LEVEL 2
#include "troupe/log.hpp"

namespace troupe::test_support {

// Runs one statement per level; returns how many evaluated their arguments.
int log_below_floor_probe() {
  int evaluated = 0;
  auto count = [&] { return ++evaluated; };
  TROUPE_LOG_ERROR("probe", "error " << count());
  TROUPE_LOG_WARNING("probe", "warning " << count());
  TROUPE_LOG_INFO("probe", "info " << count());
  TROUPE_LOG_DEBUG("probe", "debug " << count());
  TROUPE_LOG_TRACE("probe", "trace " << count());
  return evaluated;
}

} // namespace troupe::test_support
