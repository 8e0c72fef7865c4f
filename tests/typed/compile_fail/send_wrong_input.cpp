// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed actor does not support given input
#include "common.hpp"

void test(actor_system& sys) {
  scoped_actor self{sys};
  math ms = sys.spawn(math_fun);
#ifdef TROUPE_COMPILE_OK
  self->send(ms, add_request{1, 2});
#else
  self->send(ms, 1, 2);
#endif
}
