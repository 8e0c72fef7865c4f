// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What goes wrong, and what a kernel actor answers then: inputs of the wrong
// size (answered before anything is enqueued), size functions that do not
// fit, failures while enqueueing (the actor stays usable), a kernel that
// fails on the device, and no device memory left behind after many requests.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "opencl_fixture.hpp"

namespace failure_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::opencl_test::opencl_fixture;

namespace {

using opencl_failure_test = opencl_fixture;

constexpr const char* add_source = R"CLC(
__kernel void add(__global const float* a, __global const float* b, __global float* out) {
  size_t i = get_global_id(0);
  out[i] = a[i] + b[i];
}
)CLC";

TEST_F(opencl_failure_test, an_input_of_the_wrong_size_is_answered_before_anything_is_enqueued) {
  auto add = opencl::spawn_cl<float*(float*, float*)>(*sys, add_source, "add", {4});
  ASSERT_TRUE(add) << to_string(add.error());
  auto dev = *mngr->default_device();
  const auto buffers_before = dev.live_buffers();
  auto [r, err] = ask<std::vector<float>>(*add, std::vector<float>(4), std::vector<float>(3));
  EXPECT_FALSE(r);
  EXPECT_EQ(err, opencl::errc::wrong_input_size);
  EXPECT_NE(err.context().find("argument 1: expected 4 elements, got 3"), std::string::npos) << err.context();
  // Nothing was created for it, and the actor still works.
  EXPECT_EQ(dev.live_buffers(), buffers_before);
  auto [ok, err2] = ask<std::vector<float>>(*add, std::vector<float>(4, 1.0f), std::vector<float>(4, 2.0f));
  ASSERT_TRUE(ok) << to_string(err2);
  EXPECT_EQ(*ok, std::vector<float>(4, 3.0f));
}

TEST_F(opencl_failure_test, an_empty_input_is_refused) {
  auto prog = build(add_source);
  auto add = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{4}}, opencl::in<float>{}, opencl::in<float>{},
                         opencl::out<float>{});
  ASSERT_TRUE(add);
  auto [r, err] = ask<std::vector<float>>(*add, std::vector<float>{}, std::vector<float>(4));
  EXPECT_EQ(err, opencl::errc::wrong_input_size);
  auto [r2, err2] = ask<std::vector<float>>(*add, std::vector<float>(4), std::vector<float>(4));
  EXPECT_TRUE(r2) << to_string(err2);
}

TEST_F(opencl_failure_test, an_empty_mem_ref_is_refused) {
  auto prog = build(add_source);
  auto add = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{4}}, opencl::in<float, opencl::mref>{},
                         opencl::in<float>{}, opencl::out<float>{});
  ASSERT_TRUE(add);
  auto [r, err] = ask<std::vector<float>>(*add, opencl::mem_ref<float>{}, std::vector<float>(4));
  EXPECT_EQ(err, opencl::errc::wrong_input_size);
  EXPECT_FALSE(opencl::mem_ref<float>{}.data());
}

TEST_F(opencl_failure_test, a_size_function_that_does_not_fit_the_inputs) {
  auto prog = build(add_source);
  auto add = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{4}}, opencl::in<float>{}, opencl::in<float>{},
                         opencl::out<float>{[](const std::vector<int>& xs) { return xs.size(); }});
  ASSERT_TRUE(add);
  auto [r, err] = ask<std::vector<float>>(*add, std::vector<float>(4), std::vector<float>(4));
  EXPECT_EQ(err, opencl::errc::argument_mismatch);
}

TEST_F(opencl_failure_test, a_failure_while_enqueueing_answers_the_request_and_the_actor_stays_usable) {
  auto prog = build(add_source);
  auto dev = prog.device();
  // The output's size comes from the first input's first element: absurd
  // sizes exceed what one buffer may hold on any device.
  auto add =
    mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{4}}, opencl::in<float>{}, opencl::in<float>{},
                opencl::out<float>{[](const std::vector<float>& a) { return static_cast<std::size_t>(a[0]); }});
  ASSERT_TRUE(add);
  scoped_actor self{*sys};
  self->monitor(*add);
  const auto huge = static_cast<float>(dev.info().max_allocation) * 2.0f;
  auto [r, err] = ask<std::vector<float>>(*add, std::vector<float>{huge, 0, 0, 0}, std::vector<float>(4));
  EXPECT_FALSE(r);
  EXPECT_EQ(err, opencl::errc::enqueue_failed);
  // Where the runtime refuses the size at once (PoCL) the context names
  // clCreateBuffer; where it allocates when a command first uses the buffer
  // (NVIDIA), it names that command and the allocation failure.
  const auto& ctx = err.context();
  EXPECT_TRUE(ctx.find("clCreateBuffer") != std::string::npos
              || ctx.find("CL_MEM_OBJECT_ALLOCATION_FAILURE") != std::string::npos)
    << ctx;
  auto [ok, err2] = ask<std::vector<float>>(*add, std::vector<float>{4, 1, 1, 1}, std::vector<float>{1, 1, 1, 1});
  ASSERT_TRUE(ok) << to_string(err2);
  EXPECT_EQ(*ok, (std::vector<float>{5, 2, 2, 2}));
  bool down = false;
  self->receive([&](down_msg&) { down = true; }, after(50ms) >> [] {});
  EXPECT_FALSE(down);
  EXPECT_TRUE(test_support::eventually([&] { return dev.requests_in_flight() == 0; }));
}

TEST_F(opencl_failure_test, a_work_group_larger_than_the_device_allows_fails_each_request) {
  auto prog = build(add_source);
  auto dev = prog.device();
  const std::size_t too_big = dev.info().max_work_group_size * 2;
  auto add = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{too_big}, {}, opencl::dim_vec{too_big}},
                         opencl::in<float>{}, opencl::in<float>{}, opencl::out<float>{});
  ASSERT_TRUE(add);
  for (int i = 0; i < 2; ++i) {
    auto [r, err] = ask<std::vector<float>>(*add, std::vector<float>(too_big), std::vector<float>(too_big));
    EXPECT_FALSE(r);
    EXPECT_EQ(err, opencl::errc::enqueue_failed);
    EXPECT_NE(err.context().find("clEnqueueNDRangeKernel"), std::string::npos) << err.context();
  }
}

// A stray write far outside every buffer. On a GPU the device reports the
// command as failed; on a CPU device (PoCL) the kernel runs inside this
// process and the write would crash it, so the test needs a GPU.
constexpr const char* stray_write_source = R"CLC(
__kernel void stray_write(__global int* xs) {
  size_t i = get_global_id(0);
  xs[i + ((size_t)1 << 40)] = 1;
}
)CLC";

TEST_F(opencl_failure_test, a_kernel_that_fails_on_the_device_answers_kernel_failed) {
  auto gpu = mngr->find_device(opencl::device_type::gpu);
  if (!gpu)
    GTEST_SKIP() << "needs a GPU: on a CPU device the stray write would crash the test itself";
  auto prog = mngr->create_program(stray_write_source, {}, gpu);
  ASSERT_TRUE(prog) << to_string(prog.error());
  auto k = mngr->spawn(*prog, "stray_write", opencl::nd_range{opencl::dim_vec{64}}, opencl::in_out<int>{});
  ASSERT_TRUE(k);
  auto [r, err] = ask<std::vector<int>>(*k, std::vector<int>(64));
  EXPECT_FALSE(r);
  EXPECT_EQ(err, opencl::errc::kernel_failed) << to_string(err);
  // The device may be unusable from now on (NVIDIA's context is): a later
  // request still gets an answer, a result or an error, and never hangs.
  auto [r2, err2] = ask_within<std::vector<int>>(20s, *k, std::vector<int>(64));
  EXPECT_TRUE(r2 || err2) << "no answer";
  EXPECT_NE(err2, sec::request_timeout);
  std::printf("the request after the failure: %s\n", r2 ? "a result" : to_string(err2).c_str());
  EXPECT_TRUE(test_support::eventually([&] { return gpu->requests_in_flight() == 0; }));
}

TEST_F(opencl_failure_test, map_args_returning_something_else_than_the_inputs_is_a_type_clash) {
  auto prog = build(add_source);
  auto add = mngr->spawn(
    prog, "add", opencl::nd_range{opencl::dim_vec{4}},
    [](message&) -> std::optional<message> { return make_message(1); }, [](std::vector<float>& r) { return r; },
    opencl::in<float>{}, opencl::in<float>{}, opencl::out<float>{});
  ASSERT_TRUE(add);
  auto [r, err] = ask<std::vector<float>>(*add, 42);
  EXPECT_EQ(err, sec::type_clash);
}

TEST_F(opencl_failure_test, a_held_mem_ref_is_live_device_memory_until_dropped) {
  auto prog = build(add_source);
  auto dev = prog.device();
  const std::size_t n = 16;
  auto to_device = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{n}}, opencl::in<float>{},
                               opencl::in<float>{}, opencl::out<float, opencl::mref>{});
  ASSERT_TRUE(to_device);
  const auto before = dev.live_buffers();
  const auto bytes_before = dev.live_buffer_bytes();
  {
    auto [ref, err] = ask<opencl::mem_ref<float>>(*to_device, std::vector<float>(n), std::vector<float>(n));
    ASSERT_TRUE(ref) << to_string(err);
    // The two input buffers go once their commands are done; the output stays.
    EXPECT_TRUE(test_support::eventually([&] { return dev.live_buffers() == before + 1; }))
      << dev.live_buffers() << " live, " << before << " before";
    EXPECT_EQ(dev.live_buffer_bytes(), bytes_before + n * sizeof(float));
  }
  EXPECT_TRUE(test_support::eventually([&] { return dev.live_buffers() == before; }));
  EXPECT_EQ(dev.live_buffer_bytes(), bytes_before);
}

// The device memory troupe holds is counted when OpenCL destroys a buffer
// (clSetMemObjectDestructorCallback), so the count is the runtime's view, not
// troupe's bookkeeping of its own handles.
TEST_F(opencl_failure_test, ten_thousand_requests_leave_no_device_memory_behind) {
  auto prog = build(add_source);
  auto dev = prog.device();
  const std::size_t n = 32;
  auto to_device = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{n}}, opencl::in<float>{},
                               opencl::in<float>{}, opencl::out<float, opencl::mref>{});
  auto from_device = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{n}}, opencl::in<float, opencl::mref>{},
                                 opencl::in<float>{}, opencl::out<float>{});
  auto plain = mngr->spawn(prog, "add", opencl::nd_range{opencl::dim_vec{n}}, opencl::in<float>{}, opencl::in<float>{},
                           opencl::out<float>{});
  ASSERT_TRUE(to_device && from_device && plain);
  ASSERT_TRUE(test_support::eventually([&] { return dev.requests_in_flight() == 0; }));
  const auto buffers_before = dev.live_buffers();
  const auto bytes_before = dev.live_buffer_bytes();
  scoped_actor self{*sys};
  const int total = 10'000;
  const int batch = 100;
  int answered = 0;
  for (int done = 0; done < total; done += batch) {
    for (int i = 0; i < batch; ++i) {
      // Every other request goes through a mem_ref and back.
      if (i % 2 == 0)
        self->send(*plain, std::vector<float>(n, 1.0f), std::vector<float>(n, 1.0f));
      else
        self->send(*to_device, std::vector<float>(n, 1.0f), std::vector<float>(n, 1.0f));
    }
    // Half of the answers are mem_refs, sent on to come back as vectors.
    int vectors = 0;
    bool timed_out = false;
    while (vectors < batch && !timed_out)
      self->receive(
        [&](const std::vector<float>& r) { vectors += r.size() == n ? 1 : 0; },
        [&](opencl::mem_ref<float>& ref) { self->send(*from_device, std::move(ref), std::vector<float>(n, 0.0f)); },
        after(60s) >> [&] { timed_out = true; });
    ASSERT_FALSE(timed_out) << "an answer is missing";
    answered += vectors;
  }
  EXPECT_EQ(answered, total);
  EXPECT_TRUE(test_support::eventually([&] { return dev.requests_in_flight() == 0; }, 60s));
  EXPECT_TRUE(test_support::eventually(
    [&] { return dev.live_buffers() == buffers_before && dev.live_buffer_bytes() == bytes_before; }, 30s))
    << dev.live_buffers() << " buffers, " << dev.live_buffer_bytes() << " bytes live, " << buffers_before << " before";
}

} // namespace

} // namespace failure_test
