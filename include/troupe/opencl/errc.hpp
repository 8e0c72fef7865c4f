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

/// The errors of troupe::opencl: an error code enum of category atom("opencl"), so a code converts to `error`
/// and prints by name (error(opencl, build_failed)). The context of each error says what failed: the compiler's
/// build log, the OpenCL call and its status code, the argument and the sizes that did not fit.
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
// Doxygen moves comments out of macro arguments, so the enumerators are documented here.
/// \var errc::no_device
/// No OpenCL platform or device, or none that fits the request (a find_device query, `--opencl.device`).
/// \var errc::build_failed
/// The program does not compile; the context holds the build log.
/// \var errc::unknown_kernel
/// The program has no kernel of that name.
/// \var errc::argument_mismatch
/// The argument tags do not fit the kernel's parameters, the global work size is empty or the offsets and local
/// sizes have other dimensions than it, or a size function does not fit the inputs (or yields 0 elements).
/// \var errc::wrong_input_size
/// An input is empty or has another number of elements than its size function requires.
/// \var errc::wrong_device
/// A mem_ref input lives on another device than the kernel.
/// \var errc::enqueue_failed
/// An OpenCL call failed while preparing or enqueueing the work (creating or writing a buffer, setting an
/// argument, enqueueing the kernel).
/// \var errc::kernel_failed
/// The device reported a failure while running the kernel.
/// \var errc::transfer_failed
/// Reading device memory back failed.

} // namespace troupe::opencl
