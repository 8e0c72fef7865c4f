// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A gear, which includes widget.hpp below its code.

namespace troupe {

struct gear {};

} // namespace troupe

#include "troupe/widget.hpp"
