// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The system a module's own thread (the network's I/O thread, a discovery
// refresher) works for. A scheduler worker knows its system; a module's
// thread says it here, so that what it logs goes to its own system's logger
// (which outlives the thread) rather than to the process's first system,
// which may be gone by then.
#include "troupe/detail/export.hpp"

namespace troupe {
class actor_system;
} // namespace troupe

namespace troupe::detail {

/// The calling thread works for `sys` from now on (nullptr: for none).
TROUPE_CORE_API void set_thread_system(actor_system* sys) noexcept;

/// The system the calling thread said it works for, or nullptr.
TROUPE_CORE_API actor_system* thread_system() noexcept;

} // namespace troupe::detail
