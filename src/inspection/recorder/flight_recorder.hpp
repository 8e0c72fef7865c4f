// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The flight recorder (inspect.recorder-file): every thread that reports an
// event (a spawn, an exit, a failure, a dead letter, a connection change, a
// mirrored header) writes it into a ring of its own, without a lock and
// without waiting; the last window of them goes to a file when the process
// gets SIGUSR2 or dies of a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE,
// SIGABRT), and when asked. One recorder per process: the rings and the
// signal handlers are the process's. At most 128 threads record at once (a
// ring each, 272 KiB, reused when a thread ends); beyond that, entries are
// counted and dropped.
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "flight_ring.hpp"

namespace troupe::inspection::flight_recorder {

/// Starts recording into `path` (written at a dump, replaced each time),
/// keeping `window` of entries, and installs the signal handlers. Returns
/// false (and records nothing) when a recorder already runs in this process.
bool start(const std::string& path, std::chrono::nanoseconds window);

/// Stops recording and puts the previous signal handlers back.
void stop() noexcept;

/// Whether a recorder runs.
bool running() noexcept;

/// Adds an entry to this thread's ring (nothing when no recorder runs).
void add(flight_kind kind, std::uint64_t actor, std::string_view text) noexcept;

/// Writes the entries of the window to the file, headed by `why`; false if it
/// cannot write it or another thread is writing a dump. Async-signal-safe. Of
/// the fatal signals, only the first one writes: its dump is the one kept.
bool dump(const char* why) noexcept;

/// Entries dropped because every ring was taken.
std::uint64_t dropped() noexcept;

} // namespace troupe::inspection::flight_recorder
