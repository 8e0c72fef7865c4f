// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Micro-benchmarks for messages and pattern matching (no scheduler involved).
//
//   invoke/<style>/<cases>/<hit>  behavior::invoke on a prebuilt message; <cases>
//                                 match cases, the message matches case <hit>
//                                 (first or last) -- a miss in every other case
//                                 costs one size check or one type-id compare
//   invoke_miss/<cases>           nothing matches (the default handler's path)
//   invoke_reply                  a handler returning a value (allocates the reply)
//   make_message/...              building a message (payload allocation, from the
//                                 thread cache after warm-up)
//   cow_copy                      copying a message (one reference count)
//   cow_mutable_shared            get_mutable_as on a shared message (deep copy)
//   cow_mutable_unique            get_mutable_as on an unshared message (no copy)
//   behavior_build/<cases>        constructing a behavior (one heap block)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "troupe/troupe.hpp"

using namespace troupe;

namespace {

// Side effect the optimizer cannot drop.
std::int64_t sink = 0;

using res_t = detail::invoke_result;

void run_invoke(benchmark::State& state, behavior bhvr, message msg) {
  for (auto _ : state) {
    res_t res;
    bool ok = bhvr.invoke(msg, res);
    benchmark::DoNotOptimize(ok);
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}

// ---- plain lambdas (on_arg_match, implicitly) ----------------------------------

behavior lambdas(int n) {
  switch (n) {
    case 1:
      return {[](int x) { sink += x; }};
    case 4:
      return {[](double x) { sink += static_cast<std::int64_t>(x); },
              [](float x) { sink += static_cast<std::int64_t>(x); },
              [](const std::string& s) { sink += static_cast<std::int64_t>(s.size()); }, [](int x) { sink += x; }};
    default:
      return {[](double x) { sink += static_cast<std::int64_t>(x); },
              [](float x) { sink += static_cast<std::int64_t>(x); },
              [](const std::string& s) { sink += static_cast<std::int64_t>(s.size()); },
              [](std::int64_t x) { sink += x; },
              [](std::uint16_t x) { sink += x; },
              [](char x) { sink += x; },
              [](int x, int y) { sink += x + y; },
              [](int x) { sink += x; }};
  }
}

// First case that matches an `int` is the last one; put an int case first too.
behavior lambdas_first(int n) {
  switch (n) {
    case 1:
      return {[](int x) { sink += x; }};
    case 4:
      return {[](int x) { sink += x; }, [](double x) { sink += static_cast<std::int64_t>(x); },
              [](float x) { sink += static_cast<std::int64_t>(x); },
              [](const std::string& s) { sink += static_cast<std::int64_t>(s.size()); }};
    default:
      return {[](int x) { sink += x; },
              [](double x) { sink += static_cast<std::int64_t>(x); },
              [](float x) { sink += static_cast<std::int64_t>(x); },
              [](const std::string& s) { sink += static_cast<std::int64_t>(s.size()); },
              [](std::int64_t x) { sink += x; },
              [](std::uint16_t x) { sink += x; },
              [](char x) { sink += x; },
              [](int x, int y) { sink += x + y; }};
  }
}

void BM_invoke_lambda_last(benchmark::State& state) {
  run_invoke(state, lambdas(static_cast<int>(state.range(0))), make_message(42));
}
BENCHMARK(BM_invoke_lambda_last)->Arg(1)->Arg(4)->Arg(8);

void BM_invoke_lambda_first(benchmark::State& state) {
  run_invoke(state, lambdas_first(static_cast<int>(state.range(0))), make_message(42));
}
BENCHMARK(BM_invoke_lambda_first)->Arg(1)->Arg(4)->Arg(8);

// ---- atoms: on(atom("..."), arg_match) -------------------------------------------
// All cases have the same types (atom_value, int), so every miss costs the type
// compares *and* the value compare of the atom.

behavior atoms(int n) {
  auto f = [](int x) { sink += x; };
  switch (n) {
    case 1:
      return {on(atom("a7"), arg_match) >> f};
    case 4:
      return {on(atom("a0"), arg_match) >> f, on(atom("a1"), arg_match) >> f, on(atom("a2"), arg_match) >> f,
              on(atom("a7"), arg_match) >> f};
    default:
      return {on(atom("a0"), arg_match) >> f, on(atom("a1"), arg_match) >> f, on(atom("a2"), arg_match) >> f,
              on(atom("a3"), arg_match) >> f, on(atom("a4"), arg_match) >> f, on(atom("a5"), arg_match) >> f,
              on(atom("a6"), arg_match) >> f, on(atom("a7"), arg_match) >> f};
  }
}

void BM_invoke_atom_last(benchmark::State& state) {
  run_invoke(state, atoms(static_cast<int>(state.range(0))), make_message(atom("a7"), 42));
}
BENCHMARK(BM_invoke_atom_last)->Arg(1)->Arg(4)->Arg(8);

void BM_invoke_atom_first(benchmark::State& state) {
  run_invoke(state, atoms(static_cast<int>(state.range(0))),
             make_message(state.range(0) == 1 ? atom("a7") : atom("a0"), 42));
}
BENCHMARK(BM_invoke_atom_first)->Arg(1)->Arg(4)->Arg(8);

// ---- guards: on<int>().when(_x1 ...) -------------------------------------------------

behavior guards(int n) {
  auto f = [](int x) { sink += x; };
  switch (n) {
    case 1:
      return {on<int>().when(_x1 % 7 == 0) >> f};
    case 4:
      return {on<int>().when(_x1 < 0) >> f, on<int>().when(_x1 > 1000) >> f, on<int>().when(_x1 % 2 == 1) >> f,
              on<int>().when(_x1 % 7 == 0) >> f};
    default:
      return {on<int>().when(_x1 < 0) >> f,      on<int>().when(_x1 > 1000) >> f,
              on<int>().when(_x1 % 2 == 1) >> f, on<int>().when(_x1 == 3) >> f,
              on<int>().when(_x1 == 5) >> f,     on<int>().when(_x1 > 100 && _x1 < 200) >> f,
              on<int>().when(_x1 == 11) >> f,    on<int>().when(_x1 % 7 == 0) >> f};
  }
}

void BM_invoke_guard_last(benchmark::State& state) {
  run_invoke(state, guards(static_cast<int>(state.range(0))), make_message(42));
}
BENCHMARK(BM_invoke_guard_last)->Arg(1)->Arg(4)->Arg(8);

// ---- arg_match with a leading value and a string ------------------------------------

behavior mixed(int n) {
  switch (n) {
    case 1:
      return {on(atom("put"), arg_match) >>
              [](const std::string& k, int v) { sink += v + static_cast<int>(k.size()); }};
    case 4:
      return {on(atom("get"), arg_match) >> [](const std::string& k) { sink += static_cast<int>(k.size()); },
              on(atom("del"), arg_match) >> [](const std::string& k) { sink -= static_cast<int>(k.size()); },
              on(atom("put"), "fixed", arg_match) >> [](int v) { sink += v; },
              on(atom("put"), arg_match) >>
                [](const std::string& k, int v) { sink += v + static_cast<int>(k.size()); }};
    default:
      return {on(atom("get"), arg_match) >> [](const std::string& k) { sink += static_cast<int>(k.size()); },
              on(atom("del"), arg_match) >> [](const std::string& k) { sink -= static_cast<int>(k.size()); },
              on(atom("put"), "fixed", arg_match) >> [](int v) { sink += v; },
              on<atom_value, int, int>() >> [](int a, int b) { sink += a + b; },
              on(atom("stop")) >> [] { sink = 0; },
              on<std::string, anything>() >> [](const std::string& s) { sink += static_cast<int>(s.size()); },
              on(atom("putx"), arg_match).when(_x3 > 100) >> [](const std::string&, int v) { sink += v; },
              on(atom("put"), arg_match) >>
                [](const std::string& k, int v) { sink += v + static_cast<int>(k.size()); }};
  }
}

void BM_invoke_mixed_last(benchmark::State& state) {
  run_invoke(state, mixed(static_cast<int>(state.range(0))), make_message(atom("put"), std::string{"key"}, 42));
}
BENCHMARK(BM_invoke_mixed_last)->Arg(1)->Arg(4)->Arg(8);

void BM_invoke_miss(benchmark::State& state) {
  run_invoke(state, lambdas(static_cast<int>(state.range(0))), make_message(std::uint64_t{1}, 2.0));
}
BENCHMARK(BM_invoke_miss)->Arg(1)->Arg(4)->Arg(8);

// A handler with a result: set_result() builds the reply message.
void BM_invoke_reply(benchmark::State& state) {
  behavior bhvr{[](int x) { return x + 1; }};
  auto msg = make_message(41);
  for (auto _ : state) {
    res_t res;
    bool ok = bhvr.invoke(msg, res);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(res.value.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_invoke_reply);

// ---- messages ------------------------------------------------------------------------

void BM_make_message_int(benchmark::State& state) {
  int i = 0;
  for (auto _ : state) {
    auto m = make_message(++i);
    benchmark::DoNotOptimize(m.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_make_message_int);

void BM_make_message_atom_int_int(benchmark::State& state) {
  int i = 0;
  for (auto _ : state) {
    auto m = make_message(atom("add"), i, i + 1);
    ++i;
    benchmark::DoNotOptimize(m.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_make_message_atom_int_int);

// A short string fits std::string's SSO buffer; a long one adds a heap block.
void BM_make_message_atom_string(benchmark::State& state) {
  const std::string s(static_cast<std::size_t>(state.range(0)), 'x');
  for (auto _ : state) {
    auto m = make_message(atom("put"), s);
    benchmark::DoNotOptimize(m.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_make_message_atom_string)->Arg(8)->Arg(64);

void BM_cow_copy(benchmark::State& state) {
  auto m = make_message(atom("put"), std::string{"key"}, 42);
  for (auto _ : state) {
    message copy{m};
    benchmark::DoNotOptimize(copy.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_cow_copy);

// Write access to a shared payload: one deep copy (allocation + element copies).
void BM_cow_mutable_shared(benchmark::State& state) {
  auto m = make_message(atom("put"), std::string{"key"}, 42);
  for (auto _ : state) {
    message copy{m};
    copy.get_mutable_as<int>(2) += 1;
    benchmark::DoNotOptimize(copy.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_cow_mutable_shared);

// Write access to an unshared payload: only the uniqueness check.
void BM_cow_mutable_unique(benchmark::State& state) {
  auto m = make_message(atom("put"), std::string{"key"}, 42);
  for (auto _ : state) {
    m.get_mutable_as<int>(2) += 1;
    benchmark::DoNotOptimize(m.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_cow_mutable_unique);

void BM_behavior_build(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    auto b = atoms(n);
    benchmark::DoNotOptimize(b.as_impl().get());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_behavior_build)->Arg(1)->Arg(8);

} // namespace
