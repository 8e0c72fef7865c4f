// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The processor's cycle counter, for inspection's timings: per-actor handler
// and mailbox times, and how long scheduler workers search and sleep.
#include <chrono>
#include <cstdint>

namespace troupe::detail {

/// The processor's cycle counter: a few nanoseconds to read, unlike the clocks.
/// Readers convert cycles to time with the rate actor_tracker measures.
inline std::uint64_t cycle_count() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_ia32_rdtsc(); // g++ and clang, without <x86intrin.h> in every file that sees this header
#else
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

} // namespace troupe::detail
