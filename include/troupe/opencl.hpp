// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe::opencl: actors that run OpenCL kernels (docs/opencl.md). Link
// troupe::opencl and load the manager: cfg.load<opencl::manager>().
#include "troupe/opencl/arg_tags.hpp"
#include "troupe/opencl/device.hpp"
#include "troupe/opencl/dim_vec.hpp"
#include "troupe/opencl/errc.hpp"
#include "troupe/opencl/kernel_interface.hpp"
#include "troupe/opencl/manager.hpp"
#include "troupe/opencl/manager_settings.hpp"
#include "troupe/opencl/mem_ref.hpp"
#include "troupe/opencl/nd_range.hpp"
#include "troupe/opencl/program.hpp"
#include "troupe/opencl/size_function.hpp"
#include "troupe/opencl/spawn_cl.hpp"
#include "troupe/troupe.hpp"
