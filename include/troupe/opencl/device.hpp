// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One OpenCL device as the manager found it: what it is (name, vendor, type,
// memory, compute units) and the device memory troupe holds on it right now.
// A device is a shared handle; copies name the same device, and it stays
// usable as long as a copy, a program or a mem_ref on it exists.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace troupe::opencl {

/// The kind of an OpenCL device (CL_DEVICE_TYPE). A device that reports several kinds is a gpu if one of them is,
/// else a cpu, else an accelerator.
enum class device_type { cpu, gpu, accelerator, other };

/// "cpu", "gpu", "accelerator" or "other".
std::string to_string(device_type x);

/// What the device reports about itself, read once when the manager starts.
/// A value the device does not report stays empty or 0.
struct device_info {
  std::string name;                      ///< The device's name (CL_DEVICE_NAME).
  std::string vendor;                    ///< The vendor's name.
  std::string version;                   ///< The OpenCL version and vendor details ("OpenCL 3.0 PoCL ...").
  std::string driver_version;            ///< The driver's version.
  std::string platform;                  ///< The name of its platform.
  device_type type = device_type::other; ///< Its kind.
  std::uint64_t global_memory = 0;       ///< Global memory in bytes.
  std::uint64_t local_memory = 0;        ///< Local memory per work group in bytes.
  std::uint64_t max_allocation = 0;      ///< The largest single buffer in bytes.
  std::uint32_t compute_units = 0;       ///< Its parallel compute units.
  std::size_t max_work_group_size = 0;   ///< The most work items one work group may hold.
};

namespace detail {
class device_impl;
} // namespace detail

/// A handle to one OpenCL device of the manager's list. Copies name the same device; its context and queue stay
/// alive while a copy, a program or a mem_ref on it exists.
class device {
public:
  /// Wraps the runtime's device: troupe's OpenCL part creates devices, user code copies them.
  explicit device(std::shared_ptr<detail::device_impl> impl) noexcept : impl_(std::move(impl)) {}

  /// Its position in manager::devices(), the number --opencl.device takes.
  std::size_t index() const noexcept;
  /// What the device reported when the manager started.
  const device_info& info() const noexcept;

  /// Shorthands for the fields of info().
  /// @{
  const std::string& name() const noexcept { return info().name; }
  const std::string& vendor() const noexcept { return info().vendor; }
  device_type type() const noexcept { return info().type; }
  std::uint64_t global_memory() const noexcept { return info().global_memory; }
  std::uint32_t compute_units() const noexcept { return info().compute_units; }
  /// @}

  /// Device buffers that troupe created on this device and that OpenCL has not
  /// freed yet, and their bytes. Counted when OpenCL destroys a buffer (its
  /// destructor callback), so a buffer still used by a queued command counts.
  /// @{
  std::size_t live_buffers() const noexcept;
  std::uint64_t live_buffer_bytes() const noexcept;
  /// @}

  /// Requests of kernel actors on this device whose work is enqueued and not
  /// yet finished. A request leaves the count just after its answer is sent,
  /// once its host memory is released.
  std::size_t requests_in_flight() const noexcept;

  /// The runtime's side of the handle (used by the OpenCL part of troupe).
  const std::shared_ptr<detail::device_impl>& impl() const noexcept { return impl_; }

  /// Whether both handles name the same device.
  friend bool operator==(const device& a, const device& b) noexcept { return a.impl_ == b.impl_; }

private:
  std::shared_ptr<detail::device_impl> impl_;
};

} // namespace troupe::opencl
