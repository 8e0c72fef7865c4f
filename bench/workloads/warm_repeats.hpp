// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Programs that time one operation repeated: a first, untimed run lets a runtime
// finish its lazy set-up (PoCL compiles a kernel for its work-group size at the
// kernel's first launch), then `times` runs under the work timer.
#include "common.hpp"

namespace bench {

// `once()` returns false when it failed; the repetitions stop there. Returns the
// timed seconds, or a negative value after a failure.
template <class F>
double warm_repeats(long long times, F&& once) {
  if (!once())
    return -1.0;
  stopwatch watch;
  work_timer work;
  for (long long i = 0; i < times; ++i)
    if (!once())
      return -1.0;
  work.done();
  return watch.seconds();
}

} // namespace bench
