// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: a Pipeline needs at least one stage
#include "common.hpp"

#ifdef TROUPE_COMPILE_OK
Pipeline<Seq<doubler>> p{Seq<doubler>{}};
#else
Pipeline<> p;
#endif
