// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed behavior handler returns the wrong type
// A typed_response_promise is checked like a direct answer.
#include "common.hpp"

math::behavior_type promising(math::pointer self) {
  return {
    [](const add_request& r) { return r.a + r.b; },
    [self](const sub_request& r) {
#ifdef TROUPE_COMPILE_OK
      auto rp = self->make_response_promise<int>();
      rp.deliver(r.a - r.b);
#else
      auto rp = self->make_response_promise<float>();
      rp.deliver(static_cast<float>(r.a - r.b));
#endif
      return rp;
    },
  };
}
