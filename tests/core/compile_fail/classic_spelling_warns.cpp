// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: use request(dest, timeout, xs...)
// NO-PCH: the control build defines TROUPE_NO_DEPRECATION_WARNINGS before troupe's headers.
// A classic spelling compiles with a deprecation warning that names its canonical
// form, and TROUPE_NO_DEPRECATION_WARNINGS silences it. The warning is an error here
// so that the test sees it.
#ifdef TROUPE_COMPILE_OK
#  define TROUPE_NO_DEPRECATION_WARNINGS
#endif
#include <troupe/troupe.hpp>

#pragma GCC diagnostic error "-Wdeprecated-declarations"

void ask(troupe::event_based_actor* self, const troupe::actor& dest) {
  self->sync_send(dest, 1).then([](int) {});
}
