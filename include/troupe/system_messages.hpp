// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Messages the runtime sends on its own.
#include <cstdint>
#include <string>

#include "troupe/actor_addr.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"
#include "troupe/node_id.hpp"

namespace troupe {

/// Sent to linked actors when an actor terminates (or by send_exit).
struct TROUPE_CORE_API exit_msg {
  /// The actor that terminated, or the one that called send_exit.
  actor_addr source;
  /// Why: the terminated actor's exit reason, or the reason given to send_exit.
  error reason;
};

/// Sent to monitors when the monitored actor terminates.
struct TROUPE_CORE_API down_msg {
  /// The actor that terminated.
  actor_addr source;
  /// Its exit reason.
  error reason;
};

/// Sent to an actor that monitors a node (self->monitor(node_id)) when the
/// connection to that node is lost, or at once if there is none.
struct TROUPE_CORE_API node_down_msg {
  /// The node that is out of reach.
  node_id node;
  /// Why it is.
  error reason;
};

/// A behavior's after(...) timeout fired; carries the timeout's generation.
struct TROUPE_CORE_API timeout_msg {
  /// The generation of the timeout that fired; one of an older generation is ignored.
  std::uint64_t id;
};

/// The message as its type name with its fields, e.g. "down_msg(<source>, <reason>)" and "timeout_msg(7)".
/// @{
TROUPE_CORE_API std::string to_string(const exit_msg& x);
TROUPE_CORE_API std::string to_string(const down_msg& x);
TROUPE_CORE_API std::string to_string(const timeout_msg& x);
TROUPE_CORE_API std::string to_string(const node_down_msg& x);
/// @}

} // namespace troupe
