// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed_response_promise::deliver: the values do not match the promised types
#include "common.hpp"

math::behavior_type promising(math::pointer self) {
  return {
    [](const add_request& r) { return r.a + r.b; },
    [self](const sub_request& r) {
      auto rp = self->make_response_promise<int>();
#ifdef TROUPE_COMPILE_OK
      rp.deliver(r.a - r.b);
#else
      rp.deliver(std::to_string(r.a - r.b));
#endif
      return rp;
    },
  };
}
