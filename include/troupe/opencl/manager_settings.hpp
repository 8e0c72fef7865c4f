// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The options of the OpenCL manager (cfg.load<opencl::manager>()).
#include <string>

namespace troupe::opencl {

/// The options of the OpenCL manager, read from the command line or the configuration (opencl.*).
struct manager_settings {
  /// The default device (--opencl.device=...): its index in the device list,
  /// a type ("cpu", "gpu", "accelerator"), or a part of its name. Empty: the
  /// first GPU if there is one, else the first device.
  std::string device;
};

} // namespace troupe::opencl
