// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
#include <string>

namespace troupe::inspection {

/// This machine's host name, or "unknown" when the system cannot tell it.
std::string host_name();

} // namespace troupe::inspection
