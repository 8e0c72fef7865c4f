// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The exit reason for an exception that escaped an actor: unhandled_exception
// with "<demangled type>: <what()>" as context. Parts that run user code
// outside a handler's own request (troupe::patterns) answer waiting requests
// with exactly the error the runtime gives the actor.
#include <exception>

#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"

namespace troupe::detail {

TROUPE_CORE_API error exception_reason(std::exception_ptr ep);

} // namespace troupe::detail
