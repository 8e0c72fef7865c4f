// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Peer measurement: CAF 0.17's binary_serializer / binary_deserializer on the
// same message as bench/micro/serialization_bench.cpp:
// (atom "ping", int32 42, 16-char string). Built only when CAF is installed.
#include <benchmark/benchmark.h>

#include <caf/all.hpp>
#include <caf/binary_deserializer.hpp>
#include <caf/binary_serializer.hpp>

#include <string>
#include <vector>

namespace {

caf::message sample() {
  return caf::make_message(caf::atom("ping"), int32_t{42}, std::string{"0123456789abcdef"});
}

caf::actor_system& system_instance() {
  static caf::actor_system_config cfg;
  static caf::actor_system sys{cfg};
  return sys;
}

void BM_caf_serialize(benchmark::State& state) {
  auto& sys = system_instance();
  auto msg = sample();
  for (auto _ : state) {
    std::vector<char> buf;
    caf::binary_serializer sink{sys, buf};
    auto err = sink(msg);
    benchmark::DoNotOptimize(err);
    benchmark::DoNotOptimize(buf.data());
  }
}
BENCHMARK(BM_caf_serialize);

void BM_caf_serialize_reuse_buffer(benchmark::State& state) {
  auto& sys = system_instance();
  auto msg = sample();
  std::vector<char> buf;
  buf.reserve(64);
  for (auto _ : state) {
    buf.clear();
    caf::binary_serializer sink{sys, buf};
    auto err = sink(msg);
    benchmark::DoNotOptimize(err);
    benchmark::DoNotOptimize(buf.data());
  }
}
BENCHMARK(BM_caf_serialize_reuse_buffer);

void BM_caf_deserialize(benchmark::State& state) {
  auto& sys = system_instance();
  std::vector<char> buf;
  {
    caf::binary_serializer sink{sys, buf};
    auto msg = sample();
    if (auto err = sink(msg)) {
      state.SkipWithError("CAF serialization failed");
      return;
    }
  }
  for (auto _ : state) {
    caf::message out;
    caf::binary_deserializer source{sys, buf};
    auto err = source(out);
    benchmark::DoNotOptimize(err);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_caf_deserialize);

} // namespace
