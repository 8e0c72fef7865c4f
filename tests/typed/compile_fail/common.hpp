// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Shared by the compile-failure snippets: a math interface of two request types answered with int.
#pragma once
#include <troupe/troupe.hpp>

#include <chrono>

using namespace troupe;
using namespace std::chrono_literals;

struct add_request {
  int a;
  int b;
};
struct sub_request {
  int a;
  int b;
};

using math = typed_actor<replies_to<add_request>::with<int>, replies_to<sub_request>::with<int>>;

inline math::behavior_type math_fun(math::pointer) {
  return {
    [](const add_request& r) { return r.a + r.b; },
    [](const sub_request& r) { return r.a - r.b; },
  };
}
