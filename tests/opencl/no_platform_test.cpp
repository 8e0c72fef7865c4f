// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Run by ctest with OCL_ICD_VENDORS pointing at an empty place: the ICD
// loader finds no OpenCL platform. Loading the manager still works, and every
// way to a kernel actor returns an error saying so.
#include <gtest/gtest.h>

#include <string>

#include "troupe/opencl.hpp"

using namespace troupe;

namespace {

TEST(opencl_no_platform, the_manager_loads_and_every_spawn_reports_the_missing_platform) {
  actor_system_config cfg;
  cfg.load<opencl::manager>();
  actor_system sys{cfg};
  auto& mngr = sys.opencl_manager();
  EXPECT_TRUE(mngr.devices().empty());
  auto d = mngr.find_device(0);
  ASSERT_FALSE(d);
  EXPECT_EQ(d.error(), opencl::errc::no_device);
  EXPECT_NE(d.error().context().find("no OpenCL platform"), std::string::npos) << d.error().context();
  EXPECT_FALSE(mngr.default_device());
  auto prog = mngr.create_program("__kernel void k(__global float* x) { }");
  ASSERT_FALSE(prog);
  EXPECT_EQ(prog.error(), opencl::errc::no_device);
  auto mm = opencl::spawn_cl<float*(float*, float*)>(sys, "__kernel void mm(__global float* a) { }", "mm", {4, 4});
  ASSERT_FALSE(mm);
  EXPECT_EQ(mm.error(), opencl::errc::no_device);
  EXPECT_NE(mm.error().context().find("no OpenCL platform"), std::string::npos);
}

} // namespace
