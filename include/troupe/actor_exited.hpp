// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Thrown out of receive() when a blocking actor is killed (exit_reason::kill
// cannot be trapped, and a blocking actor has no other way to stop what its
// thread is doing). A spawned blocking actor then terminates with that reason;
// for a scoped_actor the exception reaches the code that called receive().
#include <stdexcept>
#include <string>

#include "troupe/detail/export.hpp"
#include "troupe/error.hpp"

namespace troupe {

/// Thrown out of a blocking actor's receive functions when it is killed (exit_reason::kill cannot be trapped, and
/// a blocking actor has no other way to stop what its thread is doing). A spawned blocking actor then terminates
/// with that reason; for a scoped_actor the exception reaches the code that called receive().
class TROUPE_CORE_API actor_exited : public std::runtime_error {
public:
  /// An exception for `reason`; what() reads "actor exited: " and the reason.
  explicit actor_exited(error reason)
    : std::runtime_error("actor exited: " + to_string(reason)), reason_(std::move(reason)) {}

  /// The reason the actor was killed with.
  const error& reason() const noexcept { return reason_; }

private:
  error reason_;
};

} // namespace troupe
