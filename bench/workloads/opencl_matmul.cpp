// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Matrix multiply through an OpenCL kernel actor (spawn_cl): R requests of two
// N x N matrices, one in flight at a time; the wrapping's cost against
// opencl_matmul_raw.cpp, the same kernel driven by raw OpenCL host code. One
// request runs before the timer (warm_repeats.hpp).
//   opencl_matmul [--workers=W] [--verify] [N=256] [R=20]
#include <troupe/opencl.hpp>

#include <vector>

#include "opencl_matmul.hpp"
#include "troupe_common.hpp"
#include "warm_repeats.hpp"

using namespace troupe;

int main(int argc, char** argv) {
  bench::args a{argc, argv, {256, 20}, "[N] [REQUESTS]"};
  const auto n = static_cast<std::size_t>(a[0]);
  const long long requests = a[1];
  if (n < 1 || requests < 1)
    return 2;
  auto cfg = bench::troupe_config(a);
  cfg.load<opencl::manager>();
  actor_system sys{cfg};
  auto mm = opencl::spawn_cl<float*(float*, float*)>(sys, bench::matmul_cl_source, "matrix_multiply", {n, n});
  if (!mm)
    return bench::check(false, ("a kernel actor: " + to_string(mm.error())).c_str());
  const bench::matmul_inputs in{n};
  // Built once and sent with every request: a message is copy-on-write and
  // the kernel actor only reads it, so no request copies the matrices, as the
  // raw host code writes from the same vectors every time.
  const message inputs = make_message(in.a, in.b);
  std::vector<float> c;
  scoped_actor self{sys};
  auto multiply = [&] {
    bool answered = false;
    self->request(*mm, bench::result_timeout, inputs)
      .receive(
        [&](std::vector<float>& product) {
          c = std::move(product);
          answered = true;
        },
        [&](const error& e) { std::printf("request failed: %s\n", to_string(e).c_str()); });
    return answered;
  };
  const double work_s = bench::warm_repeats(requests, multiply);
  if (work_s < 0)
    return bench::check(false, "every request answered");
  return bench::matmul_finish(n, requests, work_s, in, c, a.verify);
}
