// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Older spellings (those of libcppa and CAF 0.x) that troupe keeps beside its
// canonical ones; docs/api-spellings.md lists them all. Members (sync_send,
// last_received, others()) stay with their classes and sb_actor, a class,
// with its header; the free aliases live here, and behavior.hpp includes this
// header so that code naming them after including behavior.hpp keeps compiling.
#include "troupe/behavior.hpp"

namespace troupe {

// A set of message handlers (canonical: message_handler, or behavior).
using partial_function = message_handler;

} // namespace troupe
