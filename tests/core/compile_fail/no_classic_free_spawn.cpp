// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: spawn
// NO-PCH: the program defines TROUPE_NO_CLASSIC_NAMES before troupe's headers.
// Without the classic spellings, spawning names its system: the free spawn on
// actor_system::current() is a classic form (compat/classic.hpp).
#define TROUPE_NO_CLASSIC_NAMES
#include <troupe/troupe.hpp>

troupe::behavior idle() {
  return {[](int) {}};
}

troupe::actor start(troupe::actor_system& sys) {
#ifdef TROUPE_COMPILE_OK
  return sys.spawn(idle);
#else
  (void)sys;
  return troupe::spawn(idle);
#endif
}
