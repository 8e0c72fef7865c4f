// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A program built for one device.
#include <memory>
#include <string>

#include "cl.hpp"
#include "device_impl.hpp"
#include "troupe/opencl/device.hpp"

namespace troupe::opencl::detail {

class program_impl {
public:
  program_impl(std::shared_ptr<device_impl> dev, cl_ref<cl_program> prog, std::string log)
    : handle(dev), dev(std::move(dev)), prog(std::move(prog)), log(std::move(log)) {}

  const opencl::device handle; // what program::device() returns
  const std::shared_ptr<device_impl> dev;
  const cl_ref<cl_program> prog;
  const std::string log;
};

} // namespace troupe::opencl::detail
