// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What self->sleep(d) returns: a pause of a coroutine handler, which
// `co_await` turns into a suspension (see troupe/coroutines.hpp). It names the
// actor and the duration only; the timer starts when it is awaited.
#include <chrono>

#include "troupe/fwd.hpp"

namespace troupe {

class scheduled_actor;

/// A pause of `duration` for a coroutine handler of `self`: `co_await self->sleep(d)` resumes the handler once
/// `d` has passed on the actor system's clock (the test fixture's manual clock in tests).
struct sleep_request {
  scheduled_actor* self;             ///< the actor whose handler pauses
  std::chrono::nanoseconds duration; ///< how long, on the actor system's clock
};

} // namespace troupe
