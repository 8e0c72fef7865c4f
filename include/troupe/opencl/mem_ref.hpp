// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// mem_ref<T>: a handle to T elements in device memory. A kernel actor whose
// output tag asks for a mem_ref answers with one instead of copying the data
// to the host; sending it to the next kernel actor on the same device uses the
// memory in place, so a chain of kernels never copies through the host. The
// buffer lives until the last mem_ref (and the last command using it) is gone.
//
//   expected<std::vector<float>> host = ref.data(); // reads it back (blocks)
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/opencl/device.hpp"

namespace troupe::opencl {

namespace detail {
class buffer;
} // namespace detail

/// What every mem_ref<T> is, without its element type.
class mem_ref_base {
public:
  /// An empty handle: valid() is false.
  mem_ref_base() noexcept = default;
  /// A handle to `count` elements in `buf` (troupe's OpenCL part creates mem_refs; user code receives them).
  mem_ref_base(std::shared_ptr<detail::buffer> buf, std::size_t count) noexcept : buf_(std::move(buf)), count_(count) {}

  /// The number of elements.
  std::size_t size() const noexcept { return count_; }
  /// False for a default-constructed mem_ref.
  bool valid() const noexcept { return buf_ != nullptr; }
  /// The device holding the memory. Precondition: valid().
  opencl::device device() const;

  /// The device memory itself (used by the OpenCL part of troupe); null when not valid().
  const std::shared_ptr<detail::buffer>& buffer() const noexcept { return buf_; }

protected:
  /// Copies `bytes` from the start of the buffer to `dst` once the command
  /// that produced the buffer finished; blocks the caller until then.
  error read(void* dst, std::size_t bytes) const;

private:
  std::shared_ptr<detail::buffer> buf_;
  std::size_t count_ = 0;
};

/// A handle to T elements in device memory, what a kernel actor with an mref tag receives or answers with. Copies
/// share the memory, which lives until the last mem_ref on it and the last command using it are gone.
template <class T>
class mem_ref : public mem_ref_base {
public:
  /// The element type.
  using value_type = T;
  /// The constructors of mem_ref_base.
  using mem_ref_base::mem_ref_base;

  /// The elements, read back to the host; blocks until the command that produced them finished. An empty
  /// mem_ref gives sec::invalid_state, a failed read errc::transfer_failed.
  expected<std::vector<T>> data() const {
    if (!valid())
      return error{sec::invalid_state, "an empty mem_ref has no data"};
    std::vector<T> result(size());
    if (auto err = read(result.data(), result.size() * sizeof(T)))
      return err;
    return result;
  }
};

/// "mem_ref(N elements)".
template <class T>
std::string to_string(const mem_ref<T>& x) {
  return "mem_ref(" + std::to_string(x.size()) + " elements)";
}

} // namespace troupe::opencl
