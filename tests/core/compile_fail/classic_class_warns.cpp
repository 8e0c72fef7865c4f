// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: override make_behavior(), or use stateful_actor<State>
// NO-PCH: the control build defines TROUPE_NO_DEPRECATION_WARNINGS before troupe's headers.
// A classic class template warns where it is used, naming what replaces it, and
// TROUPE_NO_DEPRECATION_WARNINGS silences it. The warning is an error here so that
// the test sees it.
#ifdef TROUPE_COMPILE_OK
#  define TROUPE_NO_DEPRECATION_WARNINGS
#endif
#include <troupe/troupe.hpp>

#pragma GCC diagnostic error "-Wdeprecated-declarations"

struct printer : troupe::sb_actor<printer> {
  troupe::behavior init_state = {[](int) {}};
};
