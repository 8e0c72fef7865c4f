// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Serialize / deserialize of the message ('ping', 42, "0123456789abcdef")
// with the binary message format (troupe/serialization/message_codec.hpp).
#include <benchmark/benchmark.h>

#include "troupe/serialization.hpp"

using namespace troupe;

namespace {

message sample() {
  return make_message(atom("ping"), std::int32_t{42}, std::string{"0123456789abcdef"});
}

void BM_serialize(benchmark::State& state) {
  auto msg = sample();
  for (auto _ : state) {
    auto bytes = serialize(msg);
    benchmark::DoNotOptimize(bytes.data());
  }
}
BENCHMARK(BM_serialize);

// Reusing the output buffer (what a network layer would do).
void BM_serialize_reuse_buffer(benchmark::State& state) {
  auto msg = sample();
  std::vector<std::byte> buf;
  buf.reserve(64);
  for (auto _ : state) {
    buf.clear();
    auto err = serialize(msg, buf);
    benchmark::DoNotOptimize(buf.data());
    benchmark::DoNotOptimize(err);
  }
}
BENCHMARK(BM_serialize_reuse_buffer);

void BM_deserialize(benchmark::State& state) {
  auto bytes = serialize(sample());
  for (auto _ : state) {
    auto res = deserialize(bytes);
    benchmark::DoNotOptimize(res);
  }
}
BENCHMARK(BM_deserialize);

} // namespace
