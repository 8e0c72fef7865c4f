// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Finds the scheduler worker the calling thread belongs to.
#include "troupe/detail/export.hpp"

namespace troupe {
class execution_unit;
} // namespace troupe

namespace troupe::scheduler {

/// The worker running on the calling thread, or nullptr when called from a thread
/// that is not a scheduler worker (main, a detached actor, the timer thread, ...).
/// Per-worker caches (allocators, ...) use this to find their worker.
TROUPE_CORE_API execution_unit* current_worker() noexcept;

namespace detail {
/// Sets the value current_worker() returns on the calling thread (workers only).
TROUPE_CORE_API void set_current_worker(execution_unit* self) noexcept;
} // namespace detail

} // namespace troupe::scheduler
