// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: messages must not contain pointers
#include "common.hpp"

void test(actor_system& sys) {
  scoped_actor self{sys};
  auto sink = sys.spawn([] { return behavior{[](int) {}}; });
  int value = 42;
#ifdef TROUPE_COMPILE_OK
  self->send(sink, value);
#else
  self->send(sink, &value);
#endif
}
