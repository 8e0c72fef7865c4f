// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A system with the OpenCL manager loaded; tests that need a device skip
// where there is none. Kernels used by several tests, and a request helper.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "support/eventually.hpp"
#include "support/scoped_receive.hpp"
#include "troupe/opencl.hpp"

namespace troupe::opencl_test {

inline constexpr const char* kernels_source = R"CLC(
__kernel void scale(__global const float* in, __global float* out, float factor) {
  size_t i = get_global_id(0);
  out[i] = in[i] * factor;
}
__kernel void add(__global const float* a, __global const float* b, __global float* out) {
  size_t i = get_global_id(0);
  out[i] = a[i] + b[i];
}
__kernel void increment(__global int* xs) {
  size_t i = get_global_id(0);
  xs[i] += 1;
}
__kernel void sum_groups(__global const int* in, __local int* tmp, __global int* out) {
  size_t l = get_local_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    int s = 0;
    for (size_t j = 0; j < get_local_size(0); ++j)
      s += tmp[j];
    out[get_group_id(0)] = s;
  }
}
__kernel void through_scratch(__global const int* in, __global int* scratch, __global int* out, int offset) {
  size_t i = get_global_id(0);
  scratch[i] = in[i] + offset;
  out[i] = scratch[i] * 2;
}
)CLC";

class opencl_fixture : public ::testing::Test {
protected:
  void SetUp() override {
    cfg = test_support::small_config(2);
    cfg.load<opencl::manager>();
    sys = std::make_unique<actor_system>(cfg);
    mngr = &sys->opencl_manager();
    if (mngr->devices().empty())
      GTEST_SKIP() << "no OpenCL device: " << to_string(mngr->default_device().error());
  }

  opencl::program build(const std::string& source = kernels_source, const std::string& options = {}) {
    auto prog = mngr->create_program(source, options);
    if (!prog)
      ADD_FAILURE() << to_string(prog.error());
    return *prog;
  }

  // The answer to a request of (xs...), as R, or the error.
  template <class R, class... Ts>
  std::pair<std::optional<R>, error> ask(const actor& dest, Ts&&... xs) {
    return ask_within<R>(std::chrono::seconds(30), dest, std::forward<Ts>(xs)...);
  }

  template <class R, class... Ts>
  std::pair<std::optional<R>, error> ask_within(std::chrono::milliseconds limit, const actor& dest, Ts&&... xs) {
    scoped_actor self{*sys};
    std::pair<std::optional<R>, error> result;
    self->request(dest, limit, std::forward<Ts>(xs)...)
      .receive([&](R& r) { result.first = std::move(r); }, [&](error& e) { result.second = std::move(e); });
    return result;
  }

  actor_system_config cfg;
  std::unique_ptr<actor_system> sys;
  opencl::manager* mngr = nullptr;
};

} // namespace troupe::opencl_test
