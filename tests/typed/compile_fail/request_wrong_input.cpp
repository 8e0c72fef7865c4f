// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed actor does not support given input
#include "common.hpp"

math::behavior_type client(math::pointer self, math ms) {
#ifdef TROUPE_COMPILE_OK
  self->request(ms, 5s, sub_request{1, 2}).then([](int) {});
#else
  self->request(ms, 5s, 1.5f).then([](int) {});
#endif
  return math_fun(self);
}
