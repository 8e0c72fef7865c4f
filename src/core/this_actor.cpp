// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/this_actor.hpp"

#include "detail/this_actor_slot.hpp"

namespace troupe {

constinit thread_local abstract_actor* detail::this_actor_slot __attribute__((tls_model("initial-exec"))) = nullptr;

abstract_actor* this_actor() noexcept {
  return detail::this_actor_slot;
}

} // namespace troupe
