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

class TROUPE_CORE_API actor_exited : public std::runtime_error {
public:
  explicit actor_exited(error reason)
    : std::runtime_error("actor exited: " + to_string(reason)), reason_(std::move(reason)) {}

  const error& reason() const noexcept { return reason_; }

private:
  error reason_;
};

} // namespace troupe
