// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/opencl/device.hpp"

#include "device_impl.hpp"

namespace troupe::opencl {

std::string to_string(device_type x) {
  switch (x) {
    case device_type::cpu:
      return "cpu";
    case device_type::gpu:
      return "gpu";
    case device_type::accelerator:
      return "accelerator";
    case device_type::other:
      break;
  }
  return "other";
}

std::size_t device::index() const noexcept {
  return impl_->index;
}

const device_info& device::info() const noexcept {
  return impl_->info;
}

std::size_t device::live_buffers() const noexcept {
  return impl_->memory->buffers.load();
}

std::uint64_t device::live_buffer_bytes() const noexcept {
  return impl_->memory->bytes.load();
}

std::size_t device::requests_in_flight() const noexcept {
  return impl_->in_flight();
}

} // namespace troupe::opencl
