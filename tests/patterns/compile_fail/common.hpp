// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Shared by the compile-failure programs: the patterns and a user actor class.
#include <troupe/patterns.hpp>
#include <troupe/troupe.hpp>

#include <cstdint>
#include <span>
#include <vector>

using namespace troupe;
using namespace troupe::patterns;
using Cnt = std::vector<std::int64_t>;

class doubler : public event_based_actor {
public:
  explicit doubler(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](std::int64_t x) { return 2 * x; }};
  }
};

inline auto twice = [](auto range) {
  for (auto& x : range)
    x *= 2;
};
