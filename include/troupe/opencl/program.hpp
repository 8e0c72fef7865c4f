// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// OpenCL C source compiled for one device (manager::create_program). Kernel
// actors spawned from it share the compiled code; each owns its own kernel
// object. A shared handle: copies name the same program.
#include <memory>
#include <string>
#include <vector>

#include "troupe/opencl/device.hpp"

namespace troupe::opencl {

namespace detail {
class program_impl;
} // namespace detail

/// OpenCL C source compiled for one device (manager::create_program). A shared handle: copies name the same program;
/// kernel actors spawned from it share the compiled code, each with its own kernel object.
class program {
public:
  /// Wraps the runtime's program; manager::create_program creates programs.
  explicit program(std::shared_ptr<detail::program_impl> impl) noexcept : impl_(std::move(impl)) {}

  /// The device the program was compiled for.
  const opencl::device& device() const noexcept;
  /// The compiler's messages of a successful build (warnings; often empty).
  const std::string& build_log() const noexcept;
  /// The kernels the program defines.
  std::vector<std::string> kernel_names() const;

  /// The runtime's side of the handle (used by the OpenCL part of troupe).
  const std::shared_ptr<detail::program_impl>& impl() const noexcept { return impl_; }

private:
  std::shared_ptr<detail::program_impl> impl_;
};

} // namespace troupe::opencl
