// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The lines the runtime itself writes about an actor (component "core").
#include "troupe/error.hpp"
#include "troupe/local_actor.hpp"

namespace troupe::detail {

// An exception escaped a handler and ends the actor with `reason`.
void log_exception_exit(const local_actor& self, const error& reason);

} // namespace troupe::detail
