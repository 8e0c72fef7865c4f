// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The dashboard on the web endpoint: the page at /, its JSON under /api/, and
// the live stream (docs/dashboard-api.md).
#include <memory>

#include "../http/http_server.hpp"
#include "dashboard_source.hpp"

namespace troupe::inspection {

/// Adds the dashboard's routes, reading `source`, to `routes`.
void add_dashboard_routes(http_routes& routes, std::shared_ptr<dashboard_source> source);

/// The page itself: HTML with its script and style inline.
const char* dashboard_page() noexcept;

} // namespace troupe::inspection
