// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The component name of the network layer's log lines (logger.component-filter).
#include <string_view>

namespace troupe::net {

inline constexpr std::string_view log_component = "net";

} // namespace troupe::net
