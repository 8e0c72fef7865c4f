// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The exit reason for an exception that escaped an actor: unhandled_exception
// with "<demangled type>: <what()>" as context.
#include <exception>

#include "troupe/error.hpp"

namespace troupe::detail {

error exception_reason(std::exception_ptr ep);

} // namespace troupe::detail
