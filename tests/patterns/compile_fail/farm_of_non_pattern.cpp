// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: a Farm replicates a pattern
// A Farm's worker is a pattern; an actor handle is not.
#include "common.hpp"

#ifdef TROUPE_COMPILE_OK
auto f = Farm(Seq<doubler>{}).replicas(2);
#else
auto f = Farm(actor{}).replicas(2);
#endif
