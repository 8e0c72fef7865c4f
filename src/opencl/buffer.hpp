// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Device memory behind a mem_ref, and behind every argument of a request: the
// OpenCL buffer, its device, and the event after which its contents are
// final (none: final already). A buffer object never changes once shared;
// a kernel that writes into an existing buffer yields a new buffer object on
// the same memory, with its own event.
#include <cstddef>
#include <memory>

#include "cl.hpp"
#include "device_impl.hpp"
#include "troupe/expected.hpp"

namespace troupe::opencl::detail {

class buffer {
public:
  // New device memory of `bytes` bytes, counted in the device's
  // memory_counters until OpenCL destroys it.
  static expected<std::shared_ptr<buffer>> create(std::shared_ptr<device_impl> dev, std::size_t bytes);

  // The same memory, final after `ready`.
  std::shared_ptr<buffer> with_ready(cl_ref<cl_event> ready) const {
    return std::make_shared<buffer>(dev_, mem_, bytes_, std::move(ready));
  }

  buffer(std::shared_ptr<device_impl> dev, cl_ref<cl_mem> mem, std::size_t bytes, cl_ref<cl_event> ready)
    : dev_(std::move(dev)), mem_(std::move(mem)), bytes_(bytes), ready_(std::move(ready)) {}

  const std::shared_ptr<device_impl>& dev() const noexcept { return dev_; }
  cl_mem mem() const noexcept { return mem_.get(); }
  std::size_t bytes() const noexcept { return bytes_; }
  cl_event ready() const noexcept { return ready_.get(); }

private:
  std::shared_ptr<device_impl> dev_;
  cl_ref<cl_mem> mem_;
  std::size_t bytes_;
  cl_ref<cl_event> ready_;
};

} // namespace troupe::opencl::detail
