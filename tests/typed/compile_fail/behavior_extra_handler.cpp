// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed behavior has a handler for an input that is not part of its interface
#include "common.hpp"

math::behavior_type extra(math::pointer) {
  return {
    [](const add_request& r) { return r.a + r.b; },
    [](const sub_request& r) { return r.a - r.b; },
#ifndef TROUPE_COMPILE_OK
    [](double d) { return d; },
#endif
  };
}
