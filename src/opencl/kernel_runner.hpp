// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a kernel actor does with one request: check the inputs against the
// interface, create the device buffers, enqueue the writes, the kernel and
// the reads without waiting for any of them, and leave the answer to the
// device's completion thread, which waits for the last command. A failure
// before anything is enqueued answers at once.
#include <memory>

#include "cl.hpp"
#include "program_impl.hpp"
#include "troupe/message.hpp"
#include "troupe/opencl/kernel_interface.hpp"
#include "troupe/opencl/nd_range.hpp"
#include "troupe/response_promise.hpp"

namespace troupe::opencl::detail {

class kernel_runner : public std::enable_shared_from_this<kernel_runner> {
public:
  kernel_runner(std::shared_ptr<program_impl> prog, cl_ref<cl_kernel> kernel, nd_range range, kernel_interface iface)
    : prog_(std::move(prog)), kernel_(std::move(kernel)), range_(range), iface_(std::move(iface)) {}

  const kernel_interface& iface() const noexcept { return iface_; }

  // Runs the kernel on `inputs` (which match the interface) and answers
  // through `rp`. Called by one actor, one request at a time: the kernel's
  // arguments are set and enqueued without interference.
  void launch(message inputs, response_promise rp);

private:
  std::shared_ptr<program_impl> prog_;
  cl_ref<cl_kernel> kernel_;
  nd_range range_;
  kernel_interface iface_;
};

} // namespace troupe::opencl::detail
