// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: every stage of a Pipeline must be a pattern
// A stage is a pattern; an actor handle or a function is not.
#include "common.hpp"

#ifdef TROUPE_COMPILE_OK
Pipeline p(Seq<doubler>{}, Map<Cnt>(twice));
#else
Pipeline p(Seq<doubler>{}, twice);
#endif
