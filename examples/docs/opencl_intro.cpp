// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/opencl.md: loading the manager, the signature form, devices, programs,
// argument tags, mem_ref chains, mapping functions and the errors. Without any
// OpenCL device it says so and exits 77 (ctest: skipped).
#include <troupe/opencl.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// [snippet kernel]
constexpr const char* source = R"CLC(
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
// [/snippet]

constexpr const char* vector_source = R"CLC(
__kernel void scale(__global const float* in, __global float* out, float factor) {
  out[get_global_id(0)] = in[get_global_id(0)] * factor;
}
__kernel void add(__global const float* a, __global const float* b, __global float* out) {
  out[get_global_id(0)] = a[get_global_id(0)] + b[get_global_id(0)];
}
__kernel void partial_sums(__global const float* in, __local float* tmp, __global float* out) {
  size_t l = get_local_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    float s = 0.0f;
    for (size_t j = 0; j < get_local_size(0); ++j)
      s += tmp[j];
    out[get_group_id(0)] = s;
  }
}
)CLC";

} // namespace

int main(int argc, char** argv) {
  // [snippet load]
  actor_system_config cfg;
  cfg.load<opencl::manager>();          // the OpenCL part is opt-in per system
  if (auto err = cfg.parse(argc, argv)) // --opencl.device=gpu, =1, =<part of a name>
    return 1;
  actor_system sys{cfg};
  // [/snippet]
  if (sys.opencl_manager().devices().empty()) {
    std::cout << "no OpenCL device\n";
    return 77;
  }
  scoped_actor self{sys};
  const std::size_t size = 4;
  std::vector<float> a(size * size, 1.0f);
  std::vector<float> b(size * size, 2.0f);
  std::optional<std::vector<float>> product;

  // [snippet spawn_cl]
  expected<actor> mm = opencl::spawn_cl<float*(float*, float*)>(sys, source, "matrix_multiply", {size, size});
  if (!mm) {
    std::cerr << to_string(mm.error()) << '\n'; // no device, build log, unknown kernel, ...
    return 1;
  }
  self
    ->request(*mm, 5s, a, b) // answered with size * size elements
    .receive([&](const std::vector<float>& c) { product = c; },
             [](const error& e) { std::cerr << to_string(e) << '\n'; });
  // [/snippet]
  DOC_CHECK(product && *product == std::vector<float>(size * size, 2.0f * size));

  // [snippet typed]
  using multiplier = opencl::signature_handle<float*(float*, float*)>;
  // multiplier is typed_actor<replies_to<std::vector<float>, std::vector<float>>::with<std::vector<float>>>
  expected<multiplier> typed =
    opencl::spawn_cl_typed<float*(float*, float*)>(sys, source, "matrix_multiply", {size, size});
  // [/snippet]
  DOC_CHECK(typed.has_value());

  // [snippet devices]
  auto& mngr = sys.opencl_manager();
  for (const opencl::device& d : mngr.devices())
    std::cout << d.index() << ": " << d.name() << " (" << d.vendor() << ", " << to_string(d.type()) << ", "
              << d.global_memory() / (1024 * 1024) << " MiB, " << d.compute_units() << " compute units)\n";
  expected<opencl::device> first = mngr.find_device(0);
  expected<opencl::device> gpu = mngr.find_device(opencl::device_type::gpu);
  expected<opencl::device> big =
    mngr.find_device([](const opencl::device& d) { return d.global_memory() > (1u << 30); });
  expected<opencl::device> chosen = mngr.default_device(); // what --opencl.device names
  // [/snippet]
  DOC_CHECK(first.has_value() && chosen.has_value());
  (void)gpu;
  (void)big;

  // [snippet program]
  expected<opencl::program> prog = mngr.create_program(vector_source, "-cl-fast-relaxed-math", mngr.find_device(0));
  // [/snippet]
  DOC_CHECK(prog.has_value());

  // [snippet tags]
  const std::size_t n = 16;
  auto half_size = [](const std::vector<float>& xs) { return xs.size() / 4; };
  expected<actor> sums = mngr.spawn(*prog, "partial_sums", opencl::nd_range{opencl::dim_vec{n}, {}, opencl::dim_vec{4}},
                                    opencl::in<float>{n},           // exactly n elements, or the request fails
                                    opencl::local<float>{4},        // 4 floats per work group
                                    opencl::out<float>{half_size}); // one sum per group of 4
  expected<actor> scale = mngr.spawn(*prog, "scale", opencl::nd_range{opencl::dim_vec{n}}, opencl::in<float>{},
                                     opencl::out<float>{},       // out: the global work size
                                     opencl::priv<float>{0.5f}); // a fixed argument
  // [/snippet]
  DOC_CHECK(sums.has_value() && scale.has_value());
  std::vector<float> ones(n, 1.0f);
  DOC_CHECK(doc::ask<std::vector<float>>(self, *sums, ones) == std::vector<float>(4, 4.0f));
  DOC_CHECK(doc::ask<std::vector<float>>(self, *scale, ones) == std::vector<float>(n, 0.5f));

  // [snippet chain]
  opencl::nd_range range{opencl::dim_vec{n}};
  auto upload = mngr.spawn(*prog, "scale", range, opencl::in<float>{}, opencl::out<float, opencl::mref>{},
                           opencl::priv<float>{2.0f});
  auto add = mngr.spawn(*prog, "add", range, opencl::in<float, opencl::mref>{}, opencl::in<float, opencl::mref>{},
                        opencl::out<float, opencl::mref>{});
  std::vector<float> result;
  self->request(*upload, 5s, ones)
    .receive(
      [&](opencl::mem_ref<float>& doubled) { // device memory, not copied
        self->request(*add, 5s, doubled, doubled)
          .receive(
            [&](opencl::mem_ref<float>& sum) {
              expected<std::vector<float>> host = sum.data(); // read back (waits for the kernel)
              if (host)
                result = *host;
            },
            [](const error&) {});
      },
      [](const error&) {});
  // [/snippet]
  DOC_CHECK(result == std::vector<float>(n, 4.0f));

  // [snippet mapping]
  // The actor takes (factor) and answers the sum of 0, 1, ..., n-1 times factor.
  auto map_args = [count = n](message& msg) -> std::optional<message> {
    if (!msg.match_elements<float>())
      return std::nullopt; // not for this actor: stays unmatched, like any message
    std::vector<float> xs(count);
    std::iota(xs.begin(), xs.end(), 0.0f);
    return make_message(std::move(xs), msg.get_as<float>(0));
  };
  auto map_result = [](std::vector<float>& ys) { return std::accumulate(ys.begin(), ys.end(), 0.0f); };
  expected<actor> summed_scale = mngr.spawn(*prog, "scale", range, map_args, map_result, opencl::in<float>{},
                                            opencl::out<float>{}, opencl::priv<float, opencl::val>{});
  // [/snippet]
  DOC_CHECK(summed_scale.has_value());
  DOC_CHECK(doc::ask<float>(self, *summed_scale, 2.0f) == 2.0f * (n * (n - 1) / 2));

  // [snippet errors]
  expected<opencl::program> broken = mngr.create_program("__kernel void k(__global int* x) { x[0] = y; }");
  if (!broken && broken.error() == opencl::errc::build_failed)
    std::cerr << broken.error().context() << '\n'; // the compiler's build log
  std::optional<error> too_short;
  self->request(*mm, 5s, std::vector<float>(3), b)
    .receive([](const std::vector<float>&) {}, [&](const error& e) { too_short = e; });
  // too_short == opencl::errc::wrong_input_size: answered before anything was enqueued
  // [/snippet]
  DOC_CHECK(!broken && broken.error() == opencl::errc::build_failed);
  DOC_CHECK(too_short && *too_short == opencl::errc::wrong_input_size);
  return doc::result();
}
