// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What runs a Map's workers: actors on the scheduler (Runtime::actors), or
// actors with a thread of their own each (Runtime::threads, detached actors).
#include <cstdint>

namespace troupe::patterns {

/// What runs a Map's workers: actors on the scheduler (actors, the default), or detached actors with a thread of
/// their own each (threads).
enum class Runtime : std::uint8_t { actors, threads };

} // namespace troupe::patterns
