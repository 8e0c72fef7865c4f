// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: Seq is a leaf: it wraps an actor class, not a pattern
// Seq takes an actor class; a pattern goes into Farm or Pipeline instead.
#include "common.hpp"

#ifdef TROUPE_COMPILE_OK
Seq<doubler> s;
#else
Seq<Map<Cnt>> s;
#endif
