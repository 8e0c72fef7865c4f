// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed_behavior_missing_handler_for<troupe::replies_to<sub_request>::with<int> >
#include "common.hpp"

math::behavior_type incomplete(math::pointer) {
  return {
    [](const add_request& r) { return r.a + r.b; },
#ifdef TROUPE_COMPILE_OK
    [](const sub_request& r) { return r.a - r.b; },
#endif
  };
}
