// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The actor whose messages this thread is handling: set by the runtime once
// per resume of an event-based actor and for the life of a blocking actor's
// thread, so that log lines name their actor without being told.
#include "troupe/detail/export.hpp"

namespace troupe {

class abstract_actor;

/// nullptr outside of an actor (main, a scoped_actor's thread, a timer).
TROUPE_CORE_API abstract_actor* this_actor() noexcept;

} // namespace troupe
