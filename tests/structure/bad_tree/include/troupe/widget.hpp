// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A widget: its header and gear.hpp include each other.
#include "troupe/gear.hpp"

namespace troupe {

class widget {
public:
  void turn();
};

} // namespace troupe
