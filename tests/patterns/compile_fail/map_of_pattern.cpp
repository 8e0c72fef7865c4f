// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: Map is a leaf: it takes a function on a range of elements, not a pattern
// Map applies a function; it cannot contain another pattern.
#include "common.hpp"

#ifdef TROUPE_COMPILE_OK
auto m = Map<Cnt>(twice);
#else
auto m = Map<Cnt>(Seq<doubler>{});
#endif
