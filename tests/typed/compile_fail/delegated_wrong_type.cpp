// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// EXPECT: typed behavior handler returns the wrong type
// Returning self->delegate(...) is checked against the delegate's declared
// answer: a with<int> handler cannot hand its request to an actor answering
// std::string.
#include "common.hpp"

#include <string>

using text_sub = typed_actor<replies_to<sub_request>::with<std::string>>;

math::behavior_type wrong(math::pointer self, math good, text_sub bad) {
  return {
    [](const add_request& r) { return r.a + r.b; },
#ifdef TROUPE_COMPILE_OK
    [=](const sub_request& r) { return self->delegate(good, r); },
#else
    [=](const sub_request& r) { return self->delegate(bad, r); },
#endif
  };
}
