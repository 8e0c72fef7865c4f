// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The kernel actor: one kernel of a built program, checked against the interface
// its tags describe, behind an actor whose only handler takes a request with the
// kernel's inputs (after map_args, if given), starts the kernel and answers when
// the device is done (kernel_runner). What spawn_cl returns.
#include <string>

#include "troupe/actor.hpp"
#include "troupe/expected.hpp"
#include "troupe/fwd.hpp"
#include "troupe/opencl/kernel_interface.hpp"
#include "troupe/opencl/nd_range.hpp"
#include "troupe/opencl/program.hpp"

namespace troupe::opencl::detail {

// An error (errc::unknown_kernel, errc::argument_mismatch) when the program has
// no such kernel, or the kernel's parameters or the ranges do not fit the tags.
expected<actor> spawn_kernel_actor(actor_system& sys, const program& prog, const std::string& name,
                                   const nd_range& range, kernel_interface k);

} // namespace troupe::opencl::detail
