// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: Map works in place on a contiguous container
// The workers share the container's memory by ranges: a list has none.
#include <list>

#include "common.hpp"

#ifdef TROUPE_COMPILE_OK
auto m = Map<std::vector<int>>(twice);
#else
auto m = Map<std::list<int>>(twice);
#endif
