// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: response handler does not match the typed actor's response type
#include "common.hpp"

void test(actor_system& sys) {
  auto ms = sys.spawn(math_fun);
  sys.spawn([ms](event_based_actor* self) {
#ifdef TROUPE_COMPILE_OK
    self->request(ms, 5s, add_request{10, 20}).then([](int) {});
#else
    self->request(ms, 5s, add_request{10, 20}).then([](float) {});
#endif
  });
}
