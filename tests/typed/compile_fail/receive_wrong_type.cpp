// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: response handler does not match the typed actor's response type
#include "common.hpp"

void test(actor_system& sys) {
  scoped_actor self{sys};
  math ms = sys.spawn(math_fun);
#ifdef TROUPE_COMPILE_OK
  self->request(ms, 5s, add_request{10, 20}).receive([](int) {}, [](const error&) {});
#else
  self->request(ms, 5s, add_request{10, 20}).receive([](const std::string&) {});
#endif
}
