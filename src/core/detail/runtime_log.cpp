// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "runtime_log.hpp"

#include <string>

#include "troupe/actor_system.hpp"
#include "troupe/logger.hpp"

namespace troupe::detail {

void log_exception_exit(const local_actor& self, const error& reason) {
  auto& lg = self.system().logger();
  if (!lg.accepts(log_level::error, "core"))
    return;
  lg.log(log_level::error, "core", "terminates after an unhandled exception: " + reason.context(), &self);
}

} // namespace troupe::detail
