// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Three kernel actors in a chain over N floats, R chains one after the other:
// y = (x / 2 + 1)^2 - 1 as scale_add, square (in place), minus_one. Built twice:
// opencl_chain passes mem_refs between the stages (the data stays on the
// device), opencl_chain_host (BENCH_CHAIN_VIA_HOST) passes std::vectors, so
// each stage copies its input to the device and its output back. The inputs
// are multiples of 1/256 below 4, so every step is exact in float and the
// check compares for equality. One chain runs before the timer (warm_repeats.hpp).
//   opencl_chain[_host] [--workers=W] [--verify] [N=1048576] [R=20]
#include <troupe/opencl.hpp>

#include <type_traits>
#include <vector>

#include "troupe_common.hpp"
#include "warm_repeats.hpp"

using namespace troupe;

namespace {

#ifdef BENCH_CHAIN_VIA_HOST
constexpr bool via_host = true;
#else
constexpr bool via_host = false;
#endif

// How a value travels between the stages.
using staged = std::conditional_t<via_host, opencl::val, opencl::mref>;
using between = std::conditional_t<via_host, std::vector<float>, opencl::mem_ref<float>>;

constexpr const char* source = R"CLC(
__kernel void scale_add(__global const float* in, __global float* out) {
  const size_t i = get_global_id(0);
  out[i] = 0.5f * in[i] + 1.0f;
}
__kernel void square(__global float* xs) {
  const size_t i = get_global_id(0);
  xs[i] = xs[i] * xs[i];
}
__kernel void minus_one(__global const float* in, __global float* out) {
  const size_t i = get_global_id(0);
  out[i] = in[i] - 1.0f;
}
)CLC";

float input(std::size_t i) {
  return static_cast<float>(i % 1024) / 256.0f;
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1 << 20, 20}, "[N] [CHAINS]"};
  const auto n = static_cast<std::size_t>(a[0]);
  const long long chains = a[1];
  if (n < 1 || chains < 1)
    return 2;
  auto cfg = bench::troupe_config(a);
  cfg.load<opencl::manager>();
  actor_system sys{cfg};
  auto& mngr = sys.opencl_manager();
  auto prog = mngr.create_program(source);
  if (!prog)
    return bench::check(false, ("a program: " + to_string(prog.error())).c_str());
  const opencl::nd_range range{opencl::dim_vec{n}};
  auto first = mngr.spawn(*prog, "scale_add", range, opencl::in<float>{}, opencl::out<float, staged>{});
  auto middle = mngr.spawn(*prog, "square", range, opencl::in_out<float, staged>{});
  auto last = mngr.spawn(*prog, "minus_one", range, opencl::in<float, staged>{}, opencl::out<float>{});
  if (!first || !middle || !last)
    return bench::check(false, "the three kernel actors");

  std::vector<float> xs(n);
  for (std::size_t i = 0; i < n; ++i)
    xs[i] = input(i);
  // Built once: every chain shares the input (messages are copy-on-write).
  const message chain_input = make_message(std::move(xs));
  scoped_actor self{sys};
  std::vector<float> ys;
  bool failed = false;
  auto fail = [&](const error& e) {
    std::printf("stage failed: %s\n", to_string(e).c_str());
    failed = true;
  };
  auto run_chain = [&] {
    between x1, x2;
    self->request(*first, bench::result_timeout, chain_input).receive([&](between& r) { x1 = std::move(r); }, fail);
    if (failed)
      return false;
    self->request(*middle, bench::result_timeout, std::move(x1)).receive([&](between& r) { x2 = std::move(r); }, fail);
    if (failed)
      return false;
    self->request(*last, bench::result_timeout, std::move(x2))
      .receive([&](std::vector<float>& r) { ys = std::move(r); }, fail);
    return !failed;
  };
  const double work_s = bench::warm_repeats(chains, run_chain);
  if (work_s < 0)
    return bench::check(false, "every stage answered");
  bench::metric("us_per_chain", work_s * 1e6 / static_cast<double>(chains));
  bool equal = ys.size() == n;
  for (std::size_t i = 0; equal && i < n; ++i) {
    const float s = 0.5f * input(i) + 1.0f;
    equal = ys[i] == s * s - 1.0f;
  }
  return bench::check(equal, "the chain's result equals the host's");
}
