// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Kernel actors: the signature form and its typed handle, every argument tag,
// mem_ref chains, mapping functions, requests in flight while the worker
// moves on, and the ordinary actor things (monitors, unmatched messages).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <numeric>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "opencl_fixture.hpp"

namespace kernel_actor_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::opencl_test::opencl_fixture;

namespace {

using opencl_kernel_actor_test = opencl_fixture;

constexpr const char* matrix_source = R"CLC(
__kernel void matrix_multiply(__global float* a, __global float* b, __global float* c) {
  size_t size = get_global_size(0);
  size_t x = get_global_id(0);
  size_t y = get_global_id(1);
  float sum = 0.0f;
  for (size_t k = 0; k < size; ++k)
    sum += a[y * size + k] * b[k * size + x];
  c[y * size + x] = sum;
}
)CLC";

std::vector<float> multiply_on_host(const std::vector<float>& a, const std::vector<float>& b, std::size_t n) {
  std::vector<float> c(n * n);
  for (std::size_t y = 0; y < n; ++y)
    for (std::size_t x = 0; x < n; ++x) {
      float sum = 0;
      for (std::size_t k = 0; k < n; ++k)
        sum += a[y * n + k] * b[k * n + x];
      c[y * n + x] = sum;
    }
  return c;
}

TEST_F(opencl_kernel_actor_test, spawn_cl_multiplies_matrices) {
  const std::size_t n = 8;
  std::vector<float> a(n * n);
  std::vector<float> b(n * n);
  std::iota(a.begin(), a.end(), 0.0f);
  std::iota(b.rbegin(), b.rend(), 1.0f);
  auto mm = opencl::spawn_cl<float*(float*, float*)>(*sys, matrix_source, "matrix_multiply", {n, n});
  ASSERT_TRUE(mm) << to_string(mm.error());
  auto [c, err] = ask<std::vector<float>>(*mm, a, b);
  ASSERT_TRUE(c) << to_string(err);
  EXPECT_EQ(*c, multiply_on_host(a, b, n));
}

TEST_F(opencl_kernel_actor_test, spawn_cl_uses_the_current_system_and_has_a_typed_form) {
  using handle = opencl::signature_handle<float*(float*, float*)>;
  static_assert(
    std::is_same_v<handle, typed_actor<replies_to<std::vector<float>, std::vector<float>>::with<std::vector<float>>>>);
  const std::size_t n = 4;
  auto mm = opencl::spawn_cl<float*(float*, float*)>(matrix_source, "matrix_multiply", {n, n});
  ASSERT_TRUE(mm) << to_string(mm.error());
  auto typed = opencl::spawn_cl_typed<float*(float*, float*)>(*sys, matrix_source, "matrix_multiply", {n, n});
  ASSERT_TRUE(typed) << to_string(typed.error());
  std::vector<float> identity(n * n, 0.0f);
  for (std::size_t i = 0; i < n; ++i)
    identity[i * n + i] = 1.0f;
  std::vector<float> m(n * n);
  std::iota(m.begin(), m.end(), 1.0f);
  scoped_actor self{*sys};
  std::vector<float> result;
  self->request(*typed, 30s, identity, m)
    .receive([&](const std::vector<float>& c) { result = c; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(result, m);
}

TEST_F(opencl_kernel_actor_test, a_fixed_private_value_and_a_default_sized_output) {
  auto prog = build();
  auto scale = mngr->spawn(prog, "scale", opencl::nd_range{opencl::dim_vec{4}}, opencl::in<float>{},
                           opencl::out<float>{}, opencl::priv<float>{2.5f});
  ASSERT_TRUE(scale) << to_string(scale.error());
  auto [r, err] = ask<std::vector<float>>(*scale, std::vector<float>{1, 2, 3, 4});
  ASSERT_TRUE(r) << to_string(err);
  EXPECT_EQ(*r, (std::vector<float>{2.5f, 5.0f, 7.5f, 10.0f}));
}

TEST_F(opencl_kernel_actor_test, a_private_value_from_the_message) {
  auto prog = build();
  auto scale = mngr->spawn(prog, "scale", opencl::nd_range{opencl::dim_vec{3}}, opencl::in<float>{},
                           opencl::out<float>{}, opencl::priv<float, opencl::val>{});
  ASSERT_TRUE(scale) << to_string(scale.error());
  auto [r, err] = ask<std::vector<float>>(*scale, std::vector<float>{1, 2, 3}, -1.0f);
  ASSERT_TRUE(r) << to_string(err);
  EXPECT_EQ(*r, (std::vector<float>{-1, -2, -3}));
}

TEST_F(opencl_kernel_actor_test, in_out_answers_the_changed_input) {
  auto prog = build();
  auto inc = mngr->spawn(prog, "increment", opencl::nd_range{opencl::dim_vec{5}}, opencl::in_out<int>{});
  ASSERT_TRUE(inc) << to_string(inc.error());
  auto [r, err] = ask<std::vector<int>>(*inc, std::vector<int>{0, 1, 2, 3, 4});
  ASSERT_TRUE(r) << to_string(err);
  EXPECT_EQ(*r, (std::vector<int>{1, 2, 3, 4, 5}));
}

TEST_F(opencl_kernel_actor_test, local_memory_and_a_size_function) {
  auto prog = build();
  const std::size_t n = 16;
  const std::size_t group = 4;
  auto sums =
    mngr->spawn(prog, "sum_groups", opencl::nd_range{opencl::dim_vec{n}, {}, opencl::dim_vec{group}}, opencl::in<int>{},
                opencl::local<int>{group}, opencl::out<int>{[](const std::vector<int>& xs) { return xs.size() / 4; }});
  ASSERT_TRUE(sums) << to_string(sums.error());
  std::vector<int> xs(n);
  std::iota(xs.begin(), xs.end(), 1);
  auto [r, err] = ask<std::vector<int>>(*sums, xs);
  ASSERT_TRUE(r) << to_string(err);
  EXPECT_EQ(*r, (std::vector<int>{1 + 2 + 3 + 4, 5 + 6 + 7 + 8, 9 + 10 + 11 + 12, 13 + 14 + 15 + 16}));
}

TEST_F(opencl_kernel_actor_test, scratch_memory_stays_on_the_device) {
  auto prog = build();
  auto k = mngr->spawn(prog, "through_scratch", opencl::nd_range{opencl::dim_vec{3}}, opencl::in<int>{},
                       opencl::scratch<int>{}, opencl::out<int>{}, opencl::priv<int, opencl::val>{});
  ASSERT_TRUE(k) << to_string(k.error());
  auto [r, err] = ask<std::vector<int>>(*k, std::vector<int>{1, 2, 3}, 10);
  ASSERT_TRUE(r) << to_string(err);
  EXPECT_EQ(*r, (std::vector<int>{22, 24, 26}));
}

TEST_F(opencl_kernel_actor_test, a_chain_of_kernels_passes_mem_refs) {
  auto prog = build();
  const std::size_t n = 6;
  opencl::nd_range range{opencl::dim_vec{n}};
  auto to_device = mngr->spawn(prog, "scale", range, opencl::in<float>{}, opencl::out<float, opencl::mref>{},
                               opencl::priv<float>{2.0f});
  auto add = mngr->spawn(prog, "add", range, opencl::in<float, opencl::mref>{}, opencl::in<float, opencl::mref>{},
                         opencl::out<float, opencl::mref>{});
  auto inc_back = mngr->spawn(prog, "scale", range, opencl::in<float, opencl::mref>{}, opencl::out<float>{},
                              opencl::priv<float>{0.5f});
  ASSERT_TRUE(to_device && add && inc_back);
  std::vector<float> xs{1, 2, 3, 4, 5, 6};
  auto [doubled, e1] = ask<opencl::mem_ref<float>>(*to_device, xs);
  ASSERT_TRUE(doubled) << to_string(e1);
  EXPECT_EQ(doubled->size(), n);
  EXPECT_EQ(doubled->device(), prog.device());
  auto [sum, e2] = ask<opencl::mem_ref<float>>(*add, *doubled, *doubled);
  ASSERT_TRUE(sum) << to_string(e2);
  auto [back, e3] = ask<std::vector<float>>(*inc_back, *sum);
  ASSERT_TRUE(back) << to_string(e3);
  EXPECT_EQ(*back, (std::vector<float>{2, 4, 6, 8, 10, 12}));
  auto host = sum->data();
  ASSERT_TRUE(host) << to_string(host.error());
  EXPECT_EQ(*host, (std::vector<float>{4, 8, 12, 16, 20, 24}));
  auto first = doubled->data();
  ASSERT_TRUE(first);
  EXPECT_EQ(*first, (std::vector<float>{2, 4, 6, 8, 10, 12}));
}

TEST_F(opencl_kernel_actor_test, in_out_on_a_mem_ref) {
  auto prog = build();
  opencl::nd_range range{opencl::dim_vec{3}};
  auto upload = mngr->spawn(prog, "increment", range, opencl::in_out<int, opencl::val, opencl::mref>{});
  auto again = mngr->spawn(prog, "increment", range, opencl::in_out<int, opencl::mref, opencl::val>{});
  ASSERT_TRUE(upload && again);
  auto [ref, e1] = ask<opencl::mem_ref<int>>(*upload, std::vector<int>{10, 20, 30});
  ASSERT_TRUE(ref) << to_string(e1);
  auto [r, e2] = ask<std::vector<int>>(*again, *ref);
  ASSERT_TRUE(r) << to_string(e2);
  EXPECT_EQ(*r, (std::vector<int>{12, 22, 32}));
}

TEST_F(opencl_kernel_actor_test, mapping_functions_give_the_kernel_another_interface) {
  auto prog = build();
  const std::size_t n = 8;
  // The actor takes (atom "scale", n) and answers with the sum of 0..n-1 scaled.
  auto map_args = [count = n](message& msg) -> std::optional<message> {
    if (!msg.match_elements<atom_value, int>() || msg.get_as<atom_value>(0) != atom("scale"))
      return std::nullopt;
    std::vector<float> xs(count);
    std::iota(xs.begin(), xs.end(), 0.0f);
    return make_message(std::move(xs), static_cast<float>(msg.get_as<int>(1)));
  };
  auto map_result = [](std::vector<float>& ys) { return std::accumulate(ys.begin(), ys.end(), 0.0f); };
  auto k = mngr->spawn(prog, "scale", opencl::nd_range{opencl::dim_vec{n}}, map_args, map_result, opencl::in<float>{},
                       opencl::out<float>{}, opencl::priv<float, opencl::val>{});
  ASSERT_TRUE(k) << to_string(k.error());
  auto [r, err] = ask<float>(*k, atom("scale"), 3);
  ASSERT_TRUE(r) << to_string(err);
  EXPECT_EQ(*r, 3.0f * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7));
  // What map_args refuses is an unmatched message, as for any actor: it
  // stays in the mailbox and the request times out.
  auto [refused, err2] = ask_within<float>(300ms, *k, std::vector<float>(n), 1.0f);
  EXPECT_FALSE(refused);
  EXPECT_EQ(err2, sec::request_timeout);
  auto [again, err3] = ask<float>(*k, atom("scale"), 1);
  ASSERT_TRUE(again) << to_string(err3);
}

TEST_F(opencl_kernel_actor_test, a_message_of_another_type_is_unmatched) {
  auto mm = opencl::spawn_cl<float*(float*, float*)>(*sys, matrix_source, "matrix_multiply", {2, 2});
  ASSERT_TRUE(mm);
  // The core keeps an unmatched message (and warns about it later); the
  // request times out and the actor goes on serving.
  auto [r, err] = ask_within<std::vector<float>>(300ms, *mm, std::vector<int>(4), std::vector<int>(4));
  EXPECT_FALSE(r);
  EXPECT_EQ(err, sec::request_timeout);
  auto [r2, err2] = ask_within<std::vector<float>>(300ms, *mm, 42);
  EXPECT_EQ(err2, sec::request_timeout);
  auto [r3, err3] = ask<std::vector<float>>(*mm, std::vector<float>(4, 1.0f), std::vector<float>(4, 1.0f));
  ASSERT_TRUE(r3) << to_string(err3);
  EXPECT_EQ(*r3, std::vector<float>(4, 2.0f));
}

TEST_F(opencl_kernel_actor_test, many_requests_are_in_flight_at_once) {
  auto prog = build();
  const std::size_t n = 64;
  auto scale = mngr->spawn(prog, "scale", opencl::nd_range{opencl::dim_vec{n}}, opencl::in<float>{},
                           opencl::out<float>{}, opencl::priv<float, opencl::val>{});
  ASSERT_TRUE(scale);
  scoped_actor self{*sys};
  const int requests = 50;
  for (int i = 0; i < requests; ++i)
    self->send(*scale, std::vector<float>(n, 1.0f), static_cast<float>(i));
  // Answers to plain messages come back as messages; each one carries its factor.
  std::vector<bool> seen(requests, false);
  for (int i = 0; i < requests; ++i) {
    self->receive(
      [&](const std::vector<float>& ys) {
        ASSERT_EQ(ys.size(), n);
        auto f = static_cast<int>(ys[0]);
        ASSERT_GE(f, 0);
        ASSERT_LT(f, requests);
        seen[static_cast<std::size_t>(f)] = true;
      },
      after(30s) >> [] { FAIL() << "an answer is missing"; });
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), true), requests);
  EXPECT_TRUE(test_support::eventually([&] { return prog.device().requests_in_flight() == 0; }));
}

TEST(opencl_kernel_actor, a_running_kernel_does_not_hold_the_only_worker) {
  auto cfg = test_support::small_config(1);
  cfg.load<opencl::manager>();
  actor_system sys{cfg};
  auto& mngr = sys.opencl_manager();
  if (mngr.devices().empty())
    GTEST_SKIP() << "no OpenCL device";
  auto prog = mngr.create_program(R"CLC(
    __kernel void spin(__global float* out, int iterations) {
      float x = 1.0f;
      for (int k = 0; k < iterations; ++k)
        x = x * 1.0000001f + 0.5f;
      out[get_global_id(0)] = x;
    }
  )CLC");
  ASSERT_TRUE(prog) << to_string(prog.error());
  auto spin = mngr.spawn(*prog, "spin", opencl::nd_range{opencl::dim_vec{1}}, opencl::out<float>{},
                         opencl::priv<int, opencl::val>{});
  ASSERT_TRUE(spin);
  auto echo = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
  scoped_actor self{sys};
  // A short run first: PoCL compiles the kernel for its work-group size on
  // the first enqueue, which is not what this test is about.
  self->request(*spin, 60s, 1).receive([](const std::vector<float>&) {}, [](error& e) { FAIL() << to_string(e); });
  // Its request leaves the count just after its answer is sent.
  ASSERT_TRUE(test_support::eventually([&] { return prog->device().requests_in_flight() == 0; }));
  // The kernel must still run when the echo comes back. On a loaded machine
  // (sanitizers, parallel tests) a worker may wait longer than a short
  // kernel runs: then the run shows nothing either way and the next one
  // runs a kernel three times as long (each length fits the kernel's int).
  bool shown = false;
  constexpr int lengths[] = {200'000'000, 600'000'000, 1'800'000'000};
  for (int iterations : lengths) {
    if (shown)
      break;
    auto start = std::chrono::steady_clock::now();
    self->send(*spin, iterations);
    int echoed = 0;
    self->request(echo, 30s, 7).receive([&](int x) { echoed = x; }, [](error& e) { FAIL() << to_string(e); });
    EXPECT_EQ(echoed, 7);
    const bool kernel_running = prog->device().requests_in_flight() == 1;
    auto echoed_after = std::chrono::steady_clock::now() - start;
    bool answered = false;
    self->receive([&](const std::vector<float>& r) { answered = r.size() == 1; }, after(120s) >> [] {});
    ASSERT_TRUE(answered);
    auto answered_after = std::chrono::steady_clock::now() - start;
    std::cout << "echo after " << std::chrono::duration<double>(echoed_after).count() << " s, kernel after "
              << std::chrono::duration<double>(answered_after).count() << " s\n";
    shown = kernel_running && echoed_after < answered_after;
    ASSERT_TRUE(test_support::eventually([&] { return prog->device().requests_in_flight() == 0; }));
  }
  EXPECT_TRUE(shown) << "the echo never came back while the kernel ran";
}

TEST_F(opencl_kernel_actor_test, a_kernel_actor_can_be_monitored_and_stopped) {
  auto prog = build();
  auto inc = mngr->spawn(prog, "increment", opencl::nd_range{opencl::dim_vec{2}}, opencl::in_out<int>{});
  ASSERT_TRUE(inc);
  scoped_actor self{*sys};
  self->monitor(*inc);
  self->send_exit(*inc, exit_reason::user_shutdown);
  error reason;
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(30s) >> [] {});
  EXPECT_EQ(reason, exit_reason::user_shutdown);
}

} // namespace

} // namespace kernel_actor_test
