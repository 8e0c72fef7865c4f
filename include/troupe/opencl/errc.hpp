// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The errors of troupe::opencl (category atom("opencl")). The context of each
// error says what failed: the compiler's build log, the OpenCL call and its
// status code, the argument and the sizes that did not fit.
#include <cstdint>
#include <string>
#include <string_view>

#include "troupe/error_code_enum.hpp"

namespace troupe::opencl {

TROUPE_ERROR_CODE_ENUM(errc, "opencl",
                       no_device,         // no OpenCL platform or device, or none that fits the request
                       build_failed,      // the program does not compile (the context holds the build log)
                       unknown_kernel,    // the program has no kernel of that name
                       argument_mismatch, // the tags do not fit the kernel or a size function its inputs
                       wrong_input_size,  // an input has another number of elements than required
                       wrong_device,      // a mem_ref lives on another device than the kernel
                       enqueue_failed,    // an OpenCL call failed while preparing or enqueueing the work
                       kernel_failed,     // the device reported a failure while running the work
                       transfer_failed);  // reading device memory back failed

} // namespace troupe::opencl
