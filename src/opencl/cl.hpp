// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The OpenCL C API, as troupe::opencl uses it: the 1.2 API (every platform
// since 2011 has it, OpenCL 3.0 included), owning references to OpenCL
// objects, and errors that name the failed call and its status.
#ifndef CL_TARGET_OPENCL_VERSION
#  define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <cstddef>
#include <string>
#include <utility>

#include "troupe/error.hpp"
#include "troupe/opencl/errc.hpp"

namespace troupe::opencl::detail {

// "CL_INVALID_KERNEL_NAME", or the number for a code it does not know.
std::string status_name(cl_int status);

// An error whose context reads "<call>: <status name>[: what]".
error cl_error(errc code, const char* call, cl_int status, const std::string& what = {});

// A string that an OpenCL info query returns, through get(size, buffer,
// size_out) in the two steps the API takes (ask the size, then fill); empty
// when the query fails.
template <class Get>
std::string query_string(Get get) {
  std::size_t n = 0;
  if (get(0, nullptr, &n) != CL_SUCCESS || n == 0)
    return {};
  std::string s(n, '\0');
  if (get(n, s.data(), nullptr) != CL_SUCCESS)
    return {};
  if (auto end = s.find('\0'); end != std::string::npos)
    s.resize(end);
  return s;
}

template <class T>
struct cl_object_traits;
template <>
struct cl_object_traits<cl_context> {
  static void retain(cl_context x) { clRetainContext(x); }
  static void release(cl_context x) { clReleaseContext(x); }
};
template <>
struct cl_object_traits<cl_command_queue> {
  static void retain(cl_command_queue x) { clRetainCommandQueue(x); }
  static void release(cl_command_queue x) { clReleaseCommandQueue(x); }
};
template <>
struct cl_object_traits<cl_program> {
  static void retain(cl_program x) { clRetainProgram(x); }
  static void release(cl_program x) { clReleaseProgram(x); }
};
template <>
struct cl_object_traits<cl_kernel> {
  static void retain(cl_kernel x) { clRetainKernel(x); }
  static void release(cl_kernel x) { clReleaseKernel(x); }
};
template <>
struct cl_object_traits<cl_mem> {
  static void retain(cl_mem x) { clRetainMemObject(x); }
  static void release(cl_mem x) { clReleaseMemObject(x); }
};
template <>
struct cl_object_traits<cl_event> {
  static void retain(cl_event x) { clRetainEvent(x); }
  static void release(cl_event x) { clReleaseEvent(x); }
};

// Owns one reference to an OpenCL object.
template <class T>
class cl_ref {
public:
  cl_ref() noexcept = default;
  // Takes over a reference the caller holds (what clCreate* returns).
  static cl_ref adopt(T x) noexcept {
    cl_ref r;
    r.x_ = x;
    return r;
  }
  // Adds a reference of its own.
  static cl_ref retain(T x) noexcept {
    if (x != nullptr)
      cl_object_traits<T>::retain(x);
    return adopt(x);
  }
  cl_ref(const cl_ref& other) noexcept : x_(other.x_) {
    if (x_ != nullptr)
      cl_object_traits<T>::retain(x_);
  }
  cl_ref(cl_ref&& other) noexcept : x_(std::exchange(other.x_, nullptr)) {}
  cl_ref& operator=(cl_ref other) noexcept {
    std::swap(x_, other.x_);
    return *this;
  }
  ~cl_ref() {
    if (x_ != nullptr)
      cl_object_traits<T>::release(x_);
  }

  T get() const noexcept { return x_; }
  explicit operator bool() const noexcept { return x_ != nullptr; }

private:
  T x_ = nullptr;
};

} // namespace troupe::opencl::detail
